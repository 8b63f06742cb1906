import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { MailMessage } from "~/mail/layout.server";
import type { PurchaseRequest, RequestMessage } from "~db/schema";
import { messageParagraphs } from "./thread-message.server";

/** A buyer's message as the gallery's notice names it: the message and the request it is on. */
export interface NoticedMessage {
	message: Pick<RequestMessage, "id" | "body" | "via">;
	request: Pick<PurchaseRequest, "id" | "project_name" | "email">;
}

/** How much of each message a notice of several quotes: the request page has the rest. */
const EXCERPT = 300;

function excerpt(body: string): string {
	const flat = body.replace(/\s+/g, " ").trim();
	return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

/** Where the notice sends staff: the one request it is about, or the list (unread first) for several. */
export function noticeUrl(origin: string, messages: NoticedMessage[]): string {
	const requests = new Set(messages.map((each) => each.request.id));
	const [only] = requests;
	return requests.size === 1 && only !== undefined
		? `${origin}/admin/requests/${only}`
		: `${origin}/admin/requests`;
}

/**
 * The gallery hears of buyers' messages (issue #37): one message quoted whole, with the request's link;
 * several that came within minutes of each other, gathered in one notice, each quoted short.
 */
export async function threadNoticeMail(input: {
	messages: NoticedMessage[];
	language: Language;
	origin: string;
	/** It carries a Reply-To that posts the answer to the buyer (one message, replies by e-mail set up). */
	replyByMail?: boolean;
}): Promise<MailMessage> {
	const { messages, origin } = input;
	const t = await i18nServer.getFixedT(input.language, "mail");
	const action = { label: t("threadMail.notice.action"), url: noticeUrl(origin, messages) };
	const [first] = messages;
	if (messages.length === 1 && first) {
		const { request, message } = first;
		return {
			subject: t("threadMail.notice.subject", { projectName: request.project_name, id: request.id }),
			body: {
				heading: t("threadMail.notice.heading"),
				paragraphs: [
					t(message.via === "email" ? "threadMail.notice.introByMail" : "threadMail.notice.intro", {
						email: request.email,
						projectName: request.project_name,
					}),
					...messageParagraphs(message.body),
				],
				facts: [
					{ label: t("common.piece"), value: request.project_name },
					{ label: t("common.email"), value: request.email },
					{ label: t("common.requestNumber"), value: `№ ${request.id}` },
				],
				action,
				notes: [
					...(input.replyByMail ? [t("threadMail.notice.replyByMail")] : []),
					t("purchaseNotification.settingsNote"),
				],
			},
		};
	}
	return {
		subject: t("threadMail.notice.severalSubject", { count: messages.length }),
		body: {
			heading: t("threadMail.notice.severalHeading"),
			paragraphs: [t("threadMail.notice.severalIntro")],
			facts: messages.map(({ request, message }) => ({
				label: `№ ${request.id}, ${request.project_name}`,
				value: `${request.email}: ${excerpt(message.body)}`,
			})),
			action,
			notes: [t("purchaseNotification.settingsNote")],
		},
	};
}
