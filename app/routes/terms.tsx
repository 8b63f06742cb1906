import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/components/pages/legal-document";
import { loadLegalPage } from "~/components/pages/legal-page.server";
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
	return loadLegalPage(request, "terms");
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
