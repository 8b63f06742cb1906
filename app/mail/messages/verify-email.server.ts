import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import type { MailMessage } from "~/mail/layout.server";

/** The link that confirms an account's address (sent with its one-time token, docs/decisions/0017). */
export async function verifyEmailMail(input: {
	email: string;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const t = await i18nServer.getFixedT(input.language, "mail");
	return {
		subject: t("verifyEmail.subject"),
		body: {
			heading: t("verifyEmail.heading"),
			paragraphs: [t("verifyEmail.intro", { email: input.email })],
			action: {
				label: t("verifyEmail.action"),
				// The sender puts the link's secret in as the message leaves: no working link is stored.
				url: `${input.origin}/verify-email?${new URLSearchParams({ token: LINK_SECRET_PLACEHOLDER })}`,
			},
			notes: [t("verifyEmail.expires"), t("verifyEmail.notYou")],
		},
	};
}
