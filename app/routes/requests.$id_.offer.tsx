import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BuyerOffers } from "~/components/sale/buyer-offers";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { typesetName } from "~/lib/typography.server";
import { answerOffer, buyerSaleState, offerPagePath, SaleError } from "~/services/sale.server";
import { buyerAccess } from "~/services/thread-access.server";

/**
 * The buyer's personal offers (issue #37, docs/decisions/0036): this page shows them (the offer mail links
 * here, with the guest link's token in `?t=`), and its action takes "Accept offer" or "Decline", posted from
 * here or from the buyer's thread on the account page or the guest link (the token comes with the form).
 * Only the request's buyer may see or answer (buyerAccess; anyone else gets 404, as if there were no such
 * request). Every answer goes back to the page it was posted from with a toast that says what happened,
 * with or without JavaScript. Never cached or indexed: the address may hold the token.
 */

export const handle = { i18n: ["sale"] } satisfies I18nHandle;
export const headers = mailLinkPageHeaders;
export const meta: MetaFunction<typeof loader> = mailLinkPageMeta;

function badRequest(): Response {
	return new Response("Bad Request", { status: 400 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const requestId = Number(params.id);
	const access = await buyerAccess(request, requestId, new URL(request.url).searchParams.get("t"));
	if (!access) throw new Response("Not Found", { status: 404 });
	const t = await i18nServer.getFixedT(await getLanguage(request), "sale");
	const projectName = typesetName(access.request.project_name);
	return data(
		{
			title: t("offer.buyer.metaTitle", { projectName: access.request.project_name }),
			requestId,
			projectName,
			token: access.token,
			sale: await buyerSaleState(requestId),
		},
		{ headers: MAIL_LINK_HEADERS },
	);
}

export async function action({ request, params }: ActionFunctionArgs) {
	const requestId = Number(params.id);
	const formData = await readFormData(request);
	const token = formData.get("t");
	const access = await buyerAccess(request, requestId, typeof token === "string" && token ? token : null);
	if (!access) throw new Response("Not Found", { status: 404 });
	const offerId = Number(formData.get("offer"));
	const answer = formData.get("answer");
	if (!Number.isSafeInteger(offerId) || offerId <= 0) throw badRequest();
	if (answer !== "accept" && answer !== "decline") throw badRequest();
	const back = safeRedirectPath(formData.get("redirectTo"), offerPagePath(requestId, access.token));
	try {
		const outcome = await answerOffer({
			requestId,
			offerId,
			answer,
			origin: publicOrigin(request),
		});
		switch (outcome.result) {
			case "accepted":
				return redirectWithToast(back, {
					type: "success",
					title: "sale:offer.answer.accepted",
					values: { until: formatDate(outcome.until, await getLanguage(request), "dateTime") },
				});
			case "declined":
				return redirectWithToast(back, { type: "info", title: "sale:offer.answer.declined" });
			case "expired":
				return redirectWithToast(back, { type: "error", title: "sale:offer.answer.expired" });
			case "lost":
				return redirectWithToast(back, {
					type: "error",
					title: "sale:offer.answer.lost",
					description: "sale:offer.answer.lostNext",
				});
		}
	} catch (error) {
		if (!(error instanceof SaleError)) throw error;
		if (error.code === "notFound") throw new Response("Not Found", { status: 404 });
		return redirectWithToast(back, { type: "error", title: "sale:offer.answer.notOpen" });
	}
}

export default function OfferPage() {
	const { t } = useTranslation("sale");
	const { requestId, projectName, token, sale } = useLoaderData<typeof loader>();
	return (
		<div className="mx-auto max-w-3xl px-5 py-14 md:px-10">
			<h1 className="font-display text-[clamp(2rem,4vw,3rem)] leading-tight font-semibold tracking-[-0.03em]">
				{t("offer.buyer.heading", { projectName, id: requestId })}
			</h1>
			{sale && sale.offers.length === 0 ? <p className="mt-6">{t("offer.buyer.none")}</p> : null}
			<BuyerOffers requestId={requestId} sale={sale} token={token} />
		</div>
	);
}
