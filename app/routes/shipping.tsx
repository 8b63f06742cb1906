import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage, legalPageMeta } from "~/components/pages/legal-page";
import { loadLegalPage } from "~/components/pages/legal-page.server";
import type { I18nHandle } from "~/lib/i18n";
import type { PageCacheHandle } from "~/lib/page-cache-policy";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["pages"], pageCache: { shared: true } } satisfies I18nHandle & PageCacheHandle;

/** Shipping & Returns: delivery, packaging, damaged deliveries and returns, in numbered sections like the terms. */
export const meta = legalPageMeta("shipping");

export async function loader({ request }: LoaderFunctionArgs) {
	return loadLegalPage(request, "shipping");
}

export default function ShippingPage() {
	return <LegalPage page="shipping" />;
}
