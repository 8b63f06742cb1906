import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/ui/form-alert";
import { Field, SelectField } from "~/components/ui/form-fields";
import { formatDate, formatPrice, hasPrice } from "~/lib/format";
import { galleryDate, REQUEST_OUTCOMES } from "~/lib/sale";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import type { StaffSaleState } from "~/services/sale.server";

/** What the sale route answers to a refused step (app/routes/admin.requests_.$id.sale.tsx). */
export interface SaleStepAnswer {
	intent: string | null;
	result: SubmissionResult<string[]>;
	holder: { requestId: number; email: string; until: string } | null;
}

type Intent = "reserve" | "release" | "offer" | "close";

/** The steps' fields, as posted (the route's schemas read them). */
interface StepFields {
	until: string;
	price: string;
	outcome: string;
}

/**
 * The sale on /admin/requests/<id> (issue #37, docs/decisions/0036): the piece's reservation (reserve for
 * this buyer until a date, change it, release it), the personal offers (send one; each with its state and,
 * once accepted, its printable confirmation) and closing the request with its outcome. Each form posts to
 * /admin/requests/<id>/sale; `answer` is that route's refusal when it rendered this panel itself (no JS).
 */
export function StaffSalePanel({
	requestId,
	sale,
	answer,
}: {
	requestId: number;
	sale: StaffSaleState;
	answer?: SaleStepAnswer | null;
}) {
	const { t, i18n } = useTranslation("sale");
	if (!sale) return null;
	const when = (iso: string) => formatDate(iso, i18n.language, "dateTime");
	const closed = sale.outcome !== null;
	return (
		<section aria-labelledby={`sale-${requestId}`} className="mt-8 rounded-lg border border-line p-5">
			<h2 id={`sale-${requestId}`} className="font-display text-2xl font-semibold">
				{t("hold.panel.title")}
			</h2>
			{closed ? (
				<p className="mt-3" role="status">
					{t("outcome.closedAs", {
						outcome: t(`outcome.values.${sale.outcome}`),
						date: sale.closedAt ? when(sale.closedAt) : "",
					})}
				</p>
			) : null}
			{!sale.projectId ? <p className="mt-3 text-muted">{t("hold.panel.noPiece")}</p> : null}

			{sale.projectId && !closed ? (
				<HoldSection requestId={requestId} sale={sale} answer={answer} when={when} />
			) : null}
			{sale.projectId && !closed ? <OfferForm requestId={requestId} sale={sale} answer={answer} /> : null}
			<OfferList requestId={requestId} sale={sale} when={when} />
			{!closed ? <CloseForm requestId={requestId} answer={answer} /> : null}
		</section>
	);
}

/** A fetcher and a Conform form for one step, showing the route's answer (the fetcher's, or the page's). */
function useStep(
	requestId: number,
	intent: Intent,
	answer: SaleStepAnswer | null | undefined,
	defaultValue: Partial<StepFields> = {},
) {
	const fetcher = useFetcher<SaleStepAnswer>({ key: `sale-${requestId}-${intent}` });
	const own = fetcher.data ?? (answer?.intent === intent ? answer : undefined);
	const [form, fields] = useForm<StepFields>({
		id: `sale-${intent}-${requestId}`,
		lastResult: own?.result,
		defaultValue,
	});
	return { fetcher, form, fields, answer: own, busy: fetcher.state !== "idle" };
}

function StepForm({
	requestId,
	step,
	intent,
	legend,
	children,
}: {
	requestId: number;
	step: ReturnType<typeof useStep>;
	intent: Intent;
	legend: string;
	children: ReactNode;
}) {
	const { t } = useTranslation("sale");
	const location = useLocation();
	// Refusals above the form: translated with the holder's values (who holds the piece, until when).
	const messages = step.form.errors?.map((key) => t(key, step.answer?.holder ?? {}));
	return (
		<step.fetcher.Form
			method="post"
			action={`/admin/requests/${requestId}/sale`}
			className="mt-6 flex flex-col gap-4 border-t border-line pt-5"
			{...getFormProps(step.form)}
		>
			<h3 className="font-semibold">{legend}</h3>
			<FormAlert messages={messages} />
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="redirectTo" value={location.pathname} />
			{children}
		</step.fetcher.Form>
	);
}

const buttonClass = "inline-flex h-11 items-center self-start rounded-lg px-5 text-sm font-semibold";

function HoldSection({
	requestId,
	sale,
	answer,
	when,
}: {
	requestId: number;
	sale: NonNullable<StaffSaleState>;
	answer?: SaleStepAnswer | null;
	when: (iso: string) => string;
}) {
	const { t } = useTranslation("sale");
	const hold = sale.hold;
	const reserve = useStep(requestId, "reserve", answer, {
		until: hold ? galleryDate(new Date(hold.until)) : sale.defaults.holdDay,
	});
	const release = useStep(requestId, "release", answer);
	const heldByOther = hold !== null && !hold.ours;
	return (
		<>
			<p className="mt-4" data-testid="hold-state">
				{hold
					? hold.ours
						? t("hold.reservedForThis", { until: when(hold.until) })
						: t("hold.reservedForOther", { id: hold.requestId, email: hold.email, until: when(hold.until) })
					: sale.availability === "sold"
						? t("hold.sold")
						: t("hold.notReserved")}
			</p>
			{!heldByOther && sale.availability !== "sold" ? (
				<StepForm
					requestId={requestId}
					step={reserve}
					intent="reserve"
					legend={hold ? t("hold.changeTitle") : t("hold.title")}
				>
					<Field
						meta={reserve.fields.until}
						type="date"
						label={t("hold.until")}
						hint={t("hold.untilHint")}
						min={sale.defaults.today}
						required
					/>
					<button type="submit" className={cx(buttonClass, "bg-ink text-paper")} disabled={reserve.busy}>
						{hold ? t("hold.changeDate") : t("hold.reserve")}
					</button>
				</StepForm>
			) : null}
			{hold?.ours ? (
				<StepForm requestId={requestId} step={release} intent="release" legend={t("hold.releaseTitle")}>
					<p className="text-sm text-muted">{t("hold.releaseHint")}</p>
					<button type="submit" className={cx(buttonClass, "border border-line")} disabled={release.busy}>
						{t("hold.release")}
					</button>
				</StepForm>
			) : null}
		</>
	);
}

function OfferForm({
	requestId,
	sale,
	answer,
}: {
	requestId: number;
	sale: NonNullable<StaffSaleState>;
	answer?: SaleStepAnswer | null;
}) {
	const { t } = useTranslation("sale");
	const step = useStep(requestId, "offer", answer, {
		price: hasPrice(sale.listPrice) ? String(sale.listPrice) : "",
		until: sale.defaults.offerDay,
	});
	if (sale.availability === "sold" || (sale.hold && !sale.hold.ours)) return null;
	return (
		<StepForm requestId={requestId} step={step} intent="offer" legend={t("offer.title")}>
			<Field
				meta={step.fields.price}
				type="number"
				label={t("offer.price")}
				hint={
					hasPrice(sale.listPrice)
						? t("offer.listPrice", { price: formatPrice(sale.listPrice) })
						: t("offer.noListPrice")
				}
				min={1}
				step={1}
				inputMode="numeric"
				required
			/>
			<Field
				meta={step.fields.until}
				type="date"
				label={t("offer.until")}
				hint={t("offer.untilHint")}
				min={sale.defaults.today}
				required
			/>
			<button type="submit" className={cx(buttonClass, "bg-ink text-paper")} disabled={step.busy}>
				{t("offer.send")}
			</button>
		</StepForm>
	);
}

function OfferList({
	requestId,
	sale,
	when,
}: {
	requestId: number;
	sale: NonNullable<StaffSaleState>;
	when: (iso: string) => string;
}) {
	const { t } = useTranslation("sale");
	if (sale.offers.length === 0) return null;
	return (
		<div className="mt-6 border-t border-line pt-5">
			<h3 className="font-semibold">{t("offer.listTitle")}</h3>
			<ul className="mt-3 flex flex-col gap-2">
				{sale.offers.map((offer) => (
					<li key={offer.id} className="text-sm">
						{t("offer.line", {
							price: formatPrice(offer.price),
							until: when(offer.expiresAt),
							status: t(
								`offer.status.${offer.answerable || offer.status !== "open" ? offer.status : "expired"}`,
							),
						})}
						{offer.id === sale.acceptedOfferId ? (
							<>
								{" "}
								<a
									href={`/requests/${requestId}/confirmation`}
									className="font-semibold underline underline-offset-4"
								>
									{t("confirmation.link")}
								</a>
							</>
						) : null}
					</li>
				))}
			</ul>
		</div>
	);
}

function CloseForm({ requestId, answer }: { requestId: number; answer?: SaleStepAnswer | null }) {
	const { t } = useTranslation("sale");
	const step = useStep(requestId, "close", answer);
	return (
		<StepForm requestId={requestId} step={step} intent="close" legend={t("outcome.title")}>
			<SelectField meta={step.fields.outcome} label={t("outcome.label")} hint={t("outcome.hint")} required>
				<option value="">{t("outcome.choose")}</option>
				{REQUEST_OUTCOMES.map((outcome) => (
					<option key={outcome} value={outcome}>
						{t(`outcome.values.${outcome}`)}
					</option>
				))}
			</SelectField>
			<button type="submit" className={cx(buttonClass, "border border-line")} disabled={step.busy}>
				{t("outcome.close")}
			</button>
		</StepForm>
	);
}
