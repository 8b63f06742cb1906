import { parseWithZod } from "@conform-to/zod/v4";
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import * as z from "zod";
import { StaffSalePanel } from "~/components/sale/staff-sale-panel";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage } from "~/lib/i18n.server";
import { REQUEST_OUTCOMES } from "~/lib/sale";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { requireAdmin } from "~/services/auth.server";
import {
	closeRequest,
	releaseHold,
	reserveForBuyer,
	SaleError,
	sendOffer,
	staffSaleState,
} from "~/services/sale.server";

/**
 * The staff's sale steps on a request (issue #37, docs/decisions/0036): reserve the piece for this buyer,
 * release it, send a personal offer, close the request with its outcome. The panel on /admin/requests/<id>
 * posts here; a step that worked goes back there with a toast. A refused one answers 4xx with the reason
 * next to the field: to the panel's fetcher with JavaScript, and without it as this page, which shows the
 * panel again with the reason.
 */

export const handle = { i18n: ["admin", "sale"] } satisfies I18nHandle;

export const meta: MetaFunction<typeof loader> = adminMeta;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A personal price's ceiling, as a piece's (app/lib/project-form.ts). */
const PRICE_MAX = 1_000_000_000;

export const reserveSchema = z.object({
	intent: z.literal("reserve"),
	until: z.string({ error: "sale:hold.errors.dateRequired" }).regex(DAY, "sale:hold.errors.dateInvalid"),
});
export const releaseSchema = z.object({ intent: z.literal("release") });
export const offerSchema = z.object({
	intent: z.literal("offer"),
	price: z
		.number({ error: "sale:offer.errors.priceInvalid" })
		.int("sale:offer.errors.priceInvalid")
		.min(1, "sale:offer.errors.priceInvalid")
		.max(PRICE_MAX, "sale:offer.errors.priceInvalid"),
	until: z.string({ error: "sale:offer.errors.dateRequired" }).regex(DAY, "sale:offer.errors.dateInvalid"),
});
export const closeSchema = z.object({
	intent: z.literal("close"),
	outcome: z.enum(REQUEST_OUTCOMES, { error: "sale:outcome.errors.required" }),
});
const schema = z.discriminatedUnion("intent", [reserveSchema, releaseSchema, offerSchema, closeSchema]);

export type SaleIntent = z.infer<typeof schema>["intent"];

const noStore = { "Cache-Control": "no-store" };

function requestIdOf(params: { id?: string }): number {
	const id = Number(params.id);
	if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
	return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	return redirect(`/admin/requests/${requestIdOf(params)}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const requestId = requestIdOf(params);
	const formData = await readFormData(request);
	const submission = parseWithZod(formData, { schema });
	const intent = (["reserve", "release", "offer", "close"] as const).find(
		(each) => each === formData.get("intent"),
	);
	// A refused step: the reason beside its field (a date in the past) or above the form, and the panel's state.
	const refuse = async (status: number, error?: SaleError) => {
		const key = error ? `sale:hold.refused.${error.code}` : undefined;
		const language = await getLanguage(request);
		const holder = error?.holder
			? { ...error.holder, until: formatDate(error.holder.until, language, "dateTime") }
			: null;
		return data(
			{
				intent: intent ?? null,
				result: !key
					? submission.reply()
					: error?.code === "pastDate"
						? submission.reply({ fieldErrors: { until: [key] } })
						: submission.reply({ formErrors: [key] }),
				holder,
				sale: await staffSaleState(requestId),
			},
			{ status, headers: noStore },
		);
	};
	if (submission.status !== "success") return refuse(400);
	const back = `/admin/requests/${requestId}`;
	const origin = publicOrigin(request);
	const value = submission.value;
	try {
		switch (value.intent) {
			case "reserve": {
				const hold = await reserveForBuyer({ requestId, day: value.until, actor: admin });
				return redirectWithToast(back, {
					type: "success",
					title: "sale:hold.placed",
					values: { until: formatDate(hold.until, await getLanguage(request), "dateTime") },
				});
			}
			case "release":
				await releaseHold({ requestId, actor: admin, origin });
				return redirectWithToast(back, { type: "success", title: "sale:hold.released" });
			case "offer":
				await sendOffer({ requestId, price: value.price, day: value.until, actor: admin, origin });
				return redirectWithToast(back, { type: "success", title: "sale:offer.sent" });
			case "close":
				await closeRequest({ requestId, outcome: value.outcome, actor: admin, origin });
				return redirectWithToast(back, { type: "success", title: "sale:outcome.closed" });
		}
	} catch (error) {
		if (!(error instanceof SaleError)) throw error;
		if (error.code === "notFound") throw new Response("Not Found", { status: 404 });
		return refuse(error.code === "pastDate" ? 400 : 409, error);
	}
}

export type SaleActionData = ReturnType<typeof useActionData<typeof action>>;

/** Without JavaScript a refused step lands here: the panel again, with the reason beside the field. */
export default function SaleStepRefused() {
	const { t } = useTranslation("sale");
	const answer = useActionData<typeof action>();
	if (!answer?.sale) return null;
	return (
		<div className="max-w-3xl">
			<Link
				to={`/admin/requests/${answer.sale.requestId}`}
				className="text-sm font-semibold text-muted hover:text-ink"
			>
				← {t("hold.panel.back", { id: answer.sale.requestId })}
			</Link>
			<StaffSalePanel requestId={answer.sale.requestId} sale={answer.sale} answer={answer} />
		</div>
	);
}
