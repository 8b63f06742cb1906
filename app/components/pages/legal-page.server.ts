import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { ogrnKind, sellerDetailsOf } from "~/lib/seller";
import { INFO_EMAIL, salesAddress } from "~/lib/site";
import { getSettings } from "~/models/settings.server";
import { readSections } from "./locale-content";

/** The pages written as numbered sections: the legal documents and the shipping and returns policy. */
export type LegalPageName = "terms" | "privacy" | "shipping";

/** Terms, privacy and shipping load the same way: translated meta plus their long sections from the server-only namespace. */
export async function loadLegalPage(request: Request, page: LegalPageName) {
	const language = await getLanguage(request);
	const [t, legal, settings] = await Promise.all([
		i18nServer.getFixedT(language, "pages"),
		i18nServer.getFixedT(language, "legal"),
		getSettings(),
	]);
	const seller = sellerDetailsOf(settings);
	// The texts name the operator, the privacy address and the retention period from the settings.
	const operator = [
		seller.name || "FORMA",
		seller.inn ? t("legal.inn", { inn: seller.inn }) : "",
		seller.ogrn ? t(`legal.${ogrnKind(seller.ogrn)}`, { ogrn: seller.ogrn }) : "",
		seller.address,
	]
		.filter(Boolean)
		.join(", ");
	return {
		meta: { title: t(`${page}.metaTitle`), description: t(`${page}.metaDescription`) },
		sections: readSections(
			legal(`${page}.sections`, {
				returnObjects: true,
				operator,
				privacyEmail: seller.privacyEmail || INFO_EMAIL,
				retentionMonths: settings.retention_months,
				salesEmail: salesAddress(settings),
			}),
		),
		seller: page === "shipping" ? null : seller,
	};
}
