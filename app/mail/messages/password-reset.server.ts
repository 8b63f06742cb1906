import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import type { MailMessage } from "~/mail/layout.server";

/** "Forgot password": the one-time link that sets a new one (sent with its token, docs/decisions/0017). */
export async function passwordResetMail(input: {
	email: string;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const t = await i18nServer.getFixedT(input.language, "mail");
	return {
		subject: t("passwordReset.subject"),
		body: {
			heading: t("passwordReset.heading"),
			paragraphs: [t("passwordReset.intro", { email: input.email })],
			action: {
				label: t("passwordReset.action"),
				// The sender puts the link's secret in as the message leaves: no working link is stored.
				url: `${input.origin}/reset-password?${new URLSearchParams({ token: LINK_SECRET_PLACEHOLDER, lng: input.language })}`,
			},
			notes: [t("passwordReset.expires"), t("passwordReset.notYou")],
		},
	};
}
