import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import type { MailMessage } from "~/mail/layout.server";

/** A guest's one-time link to the data kept for their address: download it or erase it (decision 0032). */
export async function personalDataLinkMail(input: {
	email: string;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const t = await i18nServer.getFixedT(input.language, "mail");
	return {
		subject: t("personalData.subject"),
		body: {
			heading: t("personalData.heading"),
			paragraphs: [t("personalData.intro", { email: input.email })],
			action: {
				label: t("personalData.action"),
				// The sender puts the link's secret in as the message leaves: no working link is stored.
				url: `${input.origin}/my-data?${new URLSearchParams({ token: LINK_SECRET_PLACEHOLDER, lng: input.language })}`,
			},
			notes: [t("personalData.expires"), t("personalData.notYou")],
		},
	};
}
