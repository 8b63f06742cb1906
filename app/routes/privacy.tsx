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
		path: "/privacy",
		type: "article",
	});

export async function loader({ request }: LoaderFunctionArgs) {
	return loadLegalPage(request, "privacy");
}

export default function PrivacyPage() {
	const { sections } = useLoaderData<typeof loader>();
	const { t } = useTranslation("pages");
	return (
		<LegalDocument
			eyebrow={t("privacy.eyebrow")}
			title={t("privacy.title")}
			intro={t("privacy.intro")}
			updated={LAST_UPDATED}
			sections={sections}
		/>
	);
}
