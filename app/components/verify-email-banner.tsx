import { useLocation } from "@remix-run/react";
import { useRootData } from "~/lib/root-data";
import { useTranslation } from "~/lib/translations";
import { ResendVerificationForm } from "./resend-verification-form";

/**
 * Under the header, for a signed-in visitor whose address is not confirmed yet: why it matters, and the
 * button that sends the link again. Signed-in pages are never shared by the page cache, so this is safe
 * to show on any page; /verify-email says it itself.
 */
export function VerifyEmailBanner() {
	const { user } = useRootData();
	const { pathname } = useLocation();
	if (!user || user.emailVerified || pathname === "/verify-email") return null;
	return <Banner email={user.email} />;
}

/** Apart, so that only a page that shows the banner needs the `account` texts. */
function Banner({ email }: { email: string }) {
	const { t } = useTranslation("account");
	return (
		<section aria-label={t("verifyBanner.label")} className="border-b border-accent/30 bg-accent/10">
			<div className="mx-auto flex max-w-[1440px] flex-wrap items-center justify-between gap-4 px-5 py-4 md:px-10">
				<p className="max-w-3xl text-sm">
					<strong className="font-semibold">{t("verifyBanner.title")}</strong>{" "}
					{t("verifyBanner.text", { email })}
				</p>
				<ResendVerificationForm />
			</div>
		</section>
	);
}
