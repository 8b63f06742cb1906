import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { purchaseRequestPath } from "~/lib/purchase";
import { PURCHASE_TEXT, type PurchaseMode } from "~/lib/purchase-mode";
import { useRootData } from "~/lib/root-data";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { CloseIcon } from "./icons";

/** The form and Conform come with the first look at the dialog, not with the project page. */
const loadPurchaseForm = () => import("./purchase-form");
const PurchaseForm = lazy(() => loadPurchaseForm().then((module) => ({ default: module.PurchaseForm })));

/**
 * "Buy" ("Request price" for a piece without a price, "Ask about similar work" for a sold one): a link to
 * the request page, which works everywhere; with JavaScript it opens the request dialog (a native modal
 * <dialog>: focus stays inside, Escape closes it) instead. The dialog's form loads when a pointer or the
 * keyboard reaches the button, and is drawn from the first opening on.
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
				{t(text.button)}
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
						<p className="mt-2 mb-6 text-sm text-muted">{t(text.intro, { projectName })}</p>
						{opened ? (
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
									onDone={close}
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
