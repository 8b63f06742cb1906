import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { LegalDocument } from "./legal-document";
import type { LegalPageName, loadLegalPage } from "./legal-page.server";
import { SellerDetailsList } from "./seller-details";

/** Date of each text's last revision; change it with the texts in app/locales/{en,ru}/pages.json and legal.json. */
const LAST_UPDATED: Record<LegalPageName, string> = {
	terms: "2026-11-28",
	privacy: "2026-11-28",
	shipping: "2026-11-23",
};

/** The loader of /terms, /privacy and /shipping: loadLegalPage for the route's page. */
type LegalPageLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadLegalPage>;

/** The meta of /terms, /privacy or /shipping: its translated title and description, as an article. */
export function legalPageMeta(page: LegalPageName): MetaFunction<LegalPageLoader> {
	return ({ data, matches }) =>
		seoMeta({
			...rootMetaData(matches),
			title: data?.meta.title ?? "FORMA",
			description: data?.meta.description ?? "",
			path: `/${page}`,
			type: "article",
		});
}

/** The page of /terms, /privacy or /shipping, with the sections its loader read. */
export function LegalPage({ page }: { page: LegalPageName }) {
	const { sections, seller } = useLoaderData<LegalPageLoader>();
	const { t } = useTranslation("pages");
	return (
		<LegalDocument
			eyebrow={t(`${page}.eyebrow`)}
			title={t(`${page}.title`)}
			intro={t(`${page}.intro`)}
			updated={LAST_UPDATED[page]}
			sections={sections}
			seller={seller ? <SellerDetailsList seller={seller} /> : null}
		/>
	);
}
