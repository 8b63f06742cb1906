import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PURCHASE_TEXT } from "~/lib/purchase-mode";
import { useTranslation } from "~/lib/translations";
import type { PurchaseSent } from "./purchase-form";

/**
 * What stays after a request (issue #35), on the request page and in the project page's dialog: the
 * thanks (the spec's words), the request's number, where we wrote, what happens next, and the way to My
 * orders (or to an account that will show them). A repeat of an open request says so, with that
 * request's number. It takes the focus when it appears, so a screen reader reads it.
 */
export function PurchaseConfirmation({
	sent,
	headingLevel = 2,
	onClose,
}: {
	sent: PurchaseSent;
	headingLevel?: 2 | 3;
	/** The dialog's Close; the request page links back to the piece instead. */
	onClose?: () => void;
}) {
	const { t } = useTranslation();
	const heading = useRef<HTMLHeadingElement>(null);
	useEffect(() => heading.current?.focus(), []);
	const Heading = `h${headingLevel}` as const;
	const values = { projectName: sent.projectName, number: sent.requestId, email: sent.email };
	const mail = !sent.mailed
		? "purchaseSent.willWrite"
		: sent.repeated
			? "purchaseSent.mailedBefore"
			: "purchaseSent.mailed";
	return (
		<section aria-labelledby="purchase-sent-title" data-testid="purchase-confirmation" className="grid gap-4">
			<p className="text-xs font-semibold tracking-[0.14em] text-accent uppercase">
				{t("purchaseSent.label")}
			</p>
			<Heading
				id="purchase-sent-title"
				ref={heading}
				tabIndex={-1}
				className="font-display text-2xl font-semibold tracking-[-0.02em] outline-none"
			>
				{t(sent.repeated ? "purchaseSent.repeatedTitle" : PURCHASE_TEXT[sent.mode].thanks, values)}
			</Heading>
			{sent.requestId > 0 ? (
				<p className="text-lg font-semibold" data-testid="purchase-number">
					{t(sent.repeated ? "purchaseSent.repeatedNumber" : "purchaseSent.number", values)}
				</p>
			) : null}
			<p>{t(mail, values)}</p>
			<div>
				<p className="text-sm font-semibold">{t("purchaseSent.nextTitle")}</p>
				<p className="mt-1 text-sm leading-relaxed text-muted">{t(`purchaseSent.next.${sent.mode}`)}</p>
			</div>
			<p className="text-sm text-muted">{t("purchaseSent.questions", { email: sent.salesEmail })}</p>
			<div className="flex flex-wrap gap-3">
				{sent.signedIn ? (
					<Link to="/account#orders" className="button-primary">
						{t("purchaseSent.myOrders")}
					</Link>
				) : (
					<Link to="/register" className="link-underline self-center text-sm font-semibold">
						{t("purchaseSent.register")}
					</Link>
				)}
				{onClose ? (
					<button
						type="button"
						onClick={onClose}
						className="min-h-12 rounded-full border border-line px-6 font-semibold hover:border-ink"
					>
						{t("purchaseSent.close")}
					</button>
				) : (
					<Link
						to={`/project/${encodeURIComponent(sent.projectId)}`}
						className="inline-flex min-h-12 items-center rounded-full border border-line px-6 font-semibold hover:border-ink"
					>
						{t("purchase.backToProject")}
					</Link>
				)}
			</div>
		</section>
	);
}
