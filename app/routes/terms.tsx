import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/components/pages/legal-document";
import { readSections } from "~/components/pages/locale-content";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { rootMetaData, seoMeta } from "~/lib/seo";

/** Date of the text's last revision; change it with the text in app/locales/{en,ru}/pages.json. */
const LAST_UPDATED = "2026-11-01";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
	seoMeta({
		...rootMetaData(matches),
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		path: "/terms",
		type: "article",
	});

export async function loader({ request }: LoaderFunctionArgs) {
	const language = await getLanguage(request);
	const [t, legal] = await Promise.all([
		i18nServer.getFixedT(language, "pages"),
		i18nServer.getFixedT(language, "legal"),
	]);
	return {
		meta: { title: t("terms.metaTitle"), description: t("terms.metaDescription") },
		// Server-only namespace (app/locales/server.ts): the long text travels with this page only.
		sections: readSections(legal("terms.sections", { returnObjects: true })),
	};
}

export default function TermsPage() {
	const { sections } = useLoaderData<typeof loader>();
	const { t } = useTranslation("pages");
	return (
		<LegalDocument
			eyebrow={t("terms.eyebrow")}
			title={t("terms.title")}
			intro={t("terms.intro")}
			updated={LAST_UPDATED}
			sections={sections}
		/>
	);
}
