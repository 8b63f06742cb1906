import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { salesAddress } from "~/lib/site";
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
	return {
		meta: { title: t(`${page}.metaTitle`), description: t(`${page}.metaDescription`) },
		sections: readSections(
			legal(`${page}.sections`, { returnObjects: true, salesEmail: salesAddress(settings) }),
		),
	};
}
