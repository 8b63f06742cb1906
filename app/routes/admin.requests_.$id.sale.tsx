import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { StaffSalePanel } from "~/components/sale/staff-sale-panel";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
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
 * (and on this page, which shows it alone) posts here; a step that worked goes back to the page it was
 * posted from with a toast. A refused one answers 4xx with the reason
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

/** The panel as a page of its own (also where a refused step without JavaScript lands). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const requestId = requestIdOf(params);
	const sale = await staffSaleState(requestId);
	if (!sale) throw new Response("Not Found", { status: 404 });
	const t = await i18nServer.getFixedT(await getLanguage(request), "sale");
	return data({ title: t("hold.panel.metaTitle", { id: requestId }), sale }, { headers: noStore });
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
	// Back to the page the panel was on: the request's page, or this one.
	const back = safeRedirectPath(formData.get("redirectTo"), `/admin/requests/${requestId}`);
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

/** The panel on a page of its own; without JavaScript a refused step lands here, with the reason beside the field. */
export default function SalePage() {
	const { t } = useTranslation("sale");
	const loaded = useLoaderData<typeof loader>();
	const answer = useActionData<typeof action>();
	const sale = answer?.sale ?? loaded?.sale;
	if (!sale) return null;
	return (
		<div className="max-w-3xl">
			<Link
				to={`/admin/requests/${sale.requestId}`}
				className="text-sm font-semibold text-muted hover:text-ink"
			>
				← {t("hold.panel.back", { id: sale.requestId })}
			</Link>
			<h1 className="mt-4 font-display text-3xl font-semibold">
				{t("hold.panel.heading", { id: sale.requestId })}
			</h1>
			<StaffSalePanel requestId={sale.requestId} sale={sale} answer={answer} />
		</div>
	);
}
