import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { StoredImage } from "~/lib/images";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import type { MailMessage } from "~/mail/layout.server";
import type { PurchaseRequest, RequestMessage } from "~db/schema";
import { mailPicture } from "./request-facts.server";

/**
 * The guest link to a request's thread as a queued message carries it: the sender puts the token in. It
 * opens in the request's language (`lng`), as the mail is written: a guest has no language cookie there yet.
 */
export function threadLinkTemplate(origin: string, requestId: number, language: Language): string {
	return `${origin}/requests/${requestId}?t=${LINK_SECRET_PLACEHOLDER}&lng=${language}`;
}

/** A message's text as paragraphs: its blank lines part them, its single line breaks stay in them. */
export function messageParagraphs(body: string): string[] {
	return body
		.split(/\n\s*\n/)
		.map((part) => part.trim())
		.filter(Boolean);
}

/**
 * The buyer hears of a gallery message in their request's conversation (issue #37), in the request's
 * language: the message itself, the piece, and the private link to the thread. With replies by e-mail set
 * up the message says a reply reaches the gallery; without, that they answer on the site.
 */
export async function threadMessageMail(input: {
	request: PurchaseRequest;
	message: Pick<RequestMessage, "body" | "author_name">;
	picture?: StoredImage | null;
	language: Language;
	origin: string;
	/** The message carries a Reply-To that reaches the thread. */
	replyByMail: boolean;
}): Promise<MailMessage> {
	const { request, message, language, origin } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	const projectName = request.project_name;
	return {
		subject: t("threadMail.message.subject", { projectName, id: request.id }),
		body: {
			preheader: message.body.slice(0, 140),
			heading: t("threadMail.message.heading"),
			paragraphs: [
				t("threadMail.message.intro", { projectName }),
				...messageParagraphs(message.body),
				...(message.author_name ? [t("threadMail.message.signed", { name: message.author_name })] : []),
			],
			...(mailPicture(input.picture, origin, projectName) ?? {}),
			facts: [
				{ label: t("common.piece"), value: projectName },
				{ label: t("common.requestNumber"), value: `№ ${request.id}` },
			],
			action: {
				label: t("threadMail.message.action"),
				url: threadLinkTemplate(origin, request.id, request.language),
			},
			notes: [
				t(input.replyByMail ? "threadMail.message.replyByMail" : "threadMail.message.replyOnSite"),
				t("threadMail.message.private"),
			],
		},
	};
}
