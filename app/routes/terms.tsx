import type { LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage, legalPageMeta } from "~/components/pages/legal-page";
import { loadLegalPage } from "~/components/pages/legal-page.server";

export const meta = legalPageMeta("terms");

export async function loader({ request }: LoaderFunctionArgs) {
	return loadLegalPage(request, "terms");
}

export default function TermsPage() {
	return <LegalPage page="terms" />;
}
