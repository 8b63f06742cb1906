import { useTranslation } from "~/lib/translations";
import { ResendVerificationForm } from "./resend-verification-form";

/** The banner itself (app/components/verify-email-banner.tsx decides when it shows). */
export function VerifyEmailNotice({ email }: { email: string }) {
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
