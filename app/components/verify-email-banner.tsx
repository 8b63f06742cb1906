import { useLocation } from "@remix-run/react";
import { lazy } from "react";
import { ReadySuspense } from "~/lib/page-ready";
import { useRootData } from "~/lib/root-data";

/** Its code (and the `account` texts) load only for the few visitors who see it. */
const VerifyEmailNotice = lazy(() =>
	import("./verify-email-notice").then((module) => ({ default: module.VerifyEmailNotice })),
);

/**
 * Under the header, for a signed-in visitor whose address is not confirmed yet: why it matters, and the
 * button that sends the link again. Signed-in pages are never shared by the page cache, so this is safe
 * to show on any page; /verify-email says it itself.
 */
export function VerifyEmailBanner() {
	const { user } = useRootData();
	const { pathname } = useLocation();
	if (!user || user.emailVerified || pathname === "/verify-email") return null;
	return (
		<ReadySuspense fallback={null}>
			<VerifyEmailNotice email={user.email} />
		</ReadySuspense>
	);
}
