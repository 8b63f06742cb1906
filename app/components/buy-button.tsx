import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { PURCHASE_TOAST_MS, purchaseFetcherKey, purchaseRequestPath } from "~/lib/purchase";
import { PURCHASE_TEXT, type PurchaseMode } from "~/lib/purchase-mode";
import { useRootData } from "~/lib/root-data";
import { showToast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { CloseIcon } from "./icons";
import { PurchaseConfirmation } from "./purchase-confirmation";
import type { PurchaseActionData } from "./purchase-form";

/** The form and Conform come with the first look at the dialog, not with the project page. */
const loadPurchaseForm = () => import("./purchase-form");
const PurchaseForm = lazy(() => loadPurchaseForm().then((module) => ({ default: module.PurchaseForm })));

/**
 * "Buy" ("Request price" for a piece without a price, "Ask about similar work" for a sold one): a link to
 * the request page, which works everywhere; with JavaScript it opens the request dialog (a native modal
 * <dialog>: focus stays inside, Escape closes it) instead. The dialog's form loads when a pointer or the
 * keyboard reaches the button, and is drawn from the first opening on.
 *
 * Once a request is saved the dialog keeps its confirmation (the number, the mail, what next) until it is
 * closed, the spec's thank-you toast shows for its 3 seconds, and the button names the request sent
 * instead of inviting a second one (it opens the confirmation again).
 */
export function BuyButton({
	projectId,
	projectName,
	mode = "buy",
}: {
	projectId: string;
	projectName: string;
	mode?: PurchaseMode;
}) {
	const text = PURCHASE_TEXT[mode];
	const { t } = useTranslation();
	const hydrated = useHydrated();
	const { user } = useRootData();
	const dialogRef = useRef<HTMLDialogElement>(null);
	const [opened, setOpened] = useState(false);
	const close = useCallback(() => dialogRef.current?.close(), []);
	const titleId = `purchase-title-${projectId}`;
	const answer = useFetcher<PurchaseActionData>({ key: purchaseFetcherKey(projectId) }).data;
	const sent = answer?.ok ? answer : null;
	const thanked = useRef<unknown>(null);
	useEffect(() => {
		if (!sent || thanked.current === sent) return;
		thanked.current = sent;
		showToast({
			type: "success",
			title: PURCHASE_TEXT[sent.mode].thanks,
			values: { projectName: sent.projectName },
			duration: PURCHASE_TOAST_MS,
		});
	}, [sent]);
	return (
		<>
			<a
				href={purchaseRequestPath(projectId)}
				className="button-primary min-w-44"
				onPointerEnter={loadPurchaseForm}
				onFocus={loadPurchaseForm}
				onClick={(event) => {
					if (!dialogRef.current) return;
					event.preventDefault();
					setOpened(true);
					dialogRef.current.showModal();
				}}
			>
				{sent && sent.requestId > 0 ? t("purchaseSent.button", { number: sent.requestId }) : t(text.button)}
			</a>
			{hydrated ? (
				<dialog
					ref={dialogRef}
					aria-labelledby={titleId}
					className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-paper p-0 text-ink shadow-2xl backdrop:bg-black/50 backdrop:backdrop-blur-sm"
				>
					<div className="p-6 md:p-8">
						<div className="flex items-start justify-between gap-4">
							<h2 id={titleId} className="font-display text-2xl font-semibold tracking-[-0.02em]">
								{t(text.title)}
							</h2>
							<button
								type="button"
								className="icon-button -mt-1 -mr-2"
								aria-label={t("purchase.cancel")}
								onClick={close}
							>
								<CloseIcon />
							</button>
						</div>
						{sent ? null : <p className="mt-2 mb-6 text-sm text-muted">{t(text.intro, { projectName })}</p>}
						{sent ? (
							<PurchaseConfirmation sent={sent} headingLevel={3} onClose={close} />
						) : opened ? (
							<Suspense
								fallback={
									<p role="status" className="py-8 text-center text-sm text-muted">
										{t("purchase.formLoading")}
									</p>
								}
							>
								<PurchaseForm
									projectId={projectId}
									mode={mode}
									defaultEmail={user?.email}
									defaultPhone={user?.phone}
									dialog
									onCancel={close}
								/>
							</Suspense>
						) : null}
					</div>
				</dialog>
			) : null}
		</>
	);
}
