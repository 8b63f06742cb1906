import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import type { MailMessage } from "./layout.server";

export interface OneTimeLinkMailInput {
	email: string;
	language: Language;
	origin: string;
}

/**
 * A message that exists for one one-time link (confirm an address, set a new password, open one's data):
 * the heading, an intro naming the address, the button, how long it works and "not you?", from the `mail`
 * texts under `texts`. The link carries LINK_SECRET_PLACEHOLDER: the sender puts the secret in as the
 * message leaves, so no working link is stored (docs/decisions/0017). `withLanguage` adds `lng`, for pages
 * a guest opens signed out in the message's language.
 */
export async function oneTimeLinkMail(
	texts: "verifyEmail" | "passwordReset" | "personalData",
	path: string,
	input: OneTimeLinkMailInput,
	{ withLanguage }: { withLanguage: boolean },
): Promise<MailMessage> {
	const t = await i18nServer.getFixedT(input.language, "mail");
	const query = new URLSearchParams({ token: LINK_SECRET_PLACEHOLDER });
	if (withLanguage) query.set("lng", input.language);
	return {
		subject: t(`${texts}.subject`),
		body: {
			heading: t(`${texts}.heading`),
			paragraphs: [t(`${texts}.intro`, { email: input.email })],
			action: { label: t(`${texts}.action`), url: `${input.origin}${path}?${query}` },
			notes: [t(`${texts}.expires`), t(`${texts}.notYou`)],
		},
	};
}
