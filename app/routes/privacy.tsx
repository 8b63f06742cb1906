import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage, legalPageMeta } from "~/components/pages/legal-page";
import { loadLegalPage } from "~/components/pages/legal-page.server";

export const meta = legalPageMeta("privacy");

export async function loader({ request }: LoaderFunctionArgs) {
	return loadLegalPage(request, "privacy");
}

export default function PrivacyPage() {
	return <LegalPage page="privacy" />;
}
