import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { MailMessage } from "~/mail/layout.server";

/** To an address that already has an account: someone tried to register it. */
export async function registrationAttemptMail(input: {
	email: string;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const t = await i18nServer.getFixedT(input.language, "mail");
	return {
		subject: t("registrationAttempt.subject"),
		body: {
			heading: t("registrationAttempt.heading"),
			paragraphs: [t("registrationAttempt.intro", { email: input.email }), t("registrationAttempt.forgot")],
			action: { label: t("registrationAttempt.action"), url: `${input.origin}/forgot-password` },
			notes: [t("registrationAttempt.notYou")],
		},
	};
}
