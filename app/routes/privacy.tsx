import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage, legalPageMeta } from "~/components/pages/legal-page";
import { loadLegalPage } from "~/components/pages/legal-page.server";
import type { I18nHandle } from "~/lib/i18n";
import type { PageCacheHandle } from "~/lib/page-cache-policy";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["pages"], pageCache: { shared: true } } satisfies I18nHandle & PageCacheHandle;

export const meta = legalPageMeta("privacy");

export async function loader({ request }: LoaderFunctionArgs) {
	return loadLegalPage(request, "privacy");
}

export default function PrivacyPage() {
	return <LegalPage page="privacy" />;
}
