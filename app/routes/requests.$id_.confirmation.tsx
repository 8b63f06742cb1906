import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate, formatPrice } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { ogrnKind } from "~/lib/seller";
import { useTranslation } from "~/lib/translations";
import { typesetName } from "~/lib/typography.server";
import { getUser } from "~/services/auth.server";
import { saleConfirmation } from "~/services/sale.server";
import { buyerAccess } from "~/services/thread-access.server";

/**
 * The printable confirmation of an accepted offer (issue #37, docs/decisions/0036): the piece, the price,
 * the buyer, the seller's details from the settings and the date, as a page whose print stylesheet
 * (app/styles/tailwind.css) leaves only the document on paper. For staff, and for the request's buyer
 * (signed in, or through the guest link's token in `?t=`); anyone else gets 404. Never cached or indexed:
 * the address may hold the guest token.
 */

export const handle = { i18n: ["sale"] } satisfies I18nHandle;
export const headers = mailLinkPageHeaders;
export const meta: MetaFunction<typeof loader> = mailLinkPageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
	const requestId = Number(params.id);
	const token = new URL(request.url).searchParams.get("t");
	const user = await getUser(request);
	const allowed =
		(user?.role === "admin" && Number.isSafeInteger(requestId)) ||
		(await buyerAccess(request, requestId, token)) !== null;
	if (!allowed) throw new Response("Not Found", { status: 404 });
	const language = await getLanguage(request);
	const confirmation = await saleConfirmation(requestId, language);
	if (!confirmation) throw new Response("Not Found", { status: 404 });
	const t = await i18nServer.getFixedT(language, "sale");
	return data(
		{
			title: t("confirmation.metaTitle", { id: requestId }),
			confirmation: {
				...confirmation,
				projectName: typesetName(confirmation.projectName),
				artistName: typesetName(confirmation.artistName),
			},
		},
		{ headers: MAIL_LINK_HEADERS },
	);
}

export default function SaleConfirmationPage() {
	const { t, i18n } = useTranslation("sale");
	const { confirmation: c } = useLoaderData<typeof loader>();
	const seller = c.seller;
	const rows: Array<[string, string]> = [
		[t("confirmation.piece"), c.artistName ? `${c.projectName}, ${c.artistName}` : c.projectName],
		[t("confirmation.price"), formatPrice(c.price)],
		[t("confirmation.buyer"), [c.buyer.email, c.buyer.phone].filter(Boolean).join(", ")],
		[
			t("confirmation.seller"),
			[
				seller.name || seller.shopName,
				seller.inn ? t("confirmation.inn", { inn: seller.inn }) : "",
				seller.ogrn ? t(`confirmation.${ogrnKind(seller.ogrn)}`, { ogrn: seller.ogrn }) : "",
				seller.address,
				seller.salesEmail,
			]
				.filter(Boolean)
				.join(", "),
		],
		[t("confirmation.date"), c.acceptedAt ? formatDate(c.acceptedAt, i18n.language, "longDate") : ""],
	];
	return (
		<article data-print-document className="mx-auto max-w-3xl px-5 py-14 md:px-10">
			<h1 className="font-display text-[clamp(2rem,4vw,3rem)] leading-tight font-semibold tracking-[-0.03em]">
				{t("confirmation.title", { id: c.requestId })}
			</h1>
			<p className="mt-4">{t("confirmation.intro")}</p>
			<dl className="mt-8 grid gap-x-8 gap-y-4 border-t border-line pt-6 sm:grid-cols-[12rem_1fr]">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="font-semibold">{label}</dt>
						<dd>{value}</dd>
					</div>
				))}
			</dl>
			<p className="mt-8 text-sm text-muted">{t("confirmation.note", { offer: c.offerId })}</p>
			<p data-print-hidden className="mt-8 text-sm text-muted">
				{t("confirmation.printHint")}
			</p>
		</article>
	);
}
