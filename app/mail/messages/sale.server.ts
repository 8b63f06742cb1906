import { formatDate, formatPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { PHONE_DISPLAY } from "~/lib/site";
import type { MailMessage } from "~/mail/layout.server";
import type { Hold, Offer, PurchaseRequest } from "~db/schema";

/**
 * The mail of holds and offers (issue #37, docs/decisions/0036), each in its reader's language: the buyer's
 * personal offer, the manager's reminder a day before a hold ends, the word to a waiting buyer that a piece
 * is available again, and the word to a buyer whose offer another buyer's acceptance overtook.
 */

const requestFacts = (t: (key: string) => string, request: PurchaseRequest) => [
	{ label: t("common.piece"), value: request.project_name },
	{ label: t("common.requestNumber"), value: `№ ${request.id}` },
];

/** The buyer's personal offer; `offerUrl` opens their offer page (with the guest link's token), where they answer. */
export async function saleOfferMail(input: {
	request: PurchaseRequest;
	offer: Offer;
	language: Language;
	offerUrl: string;
	/** Whether a reply to the message reaches the gallery (INBOUND_MAIL_* set); else it says to answer on the site. */
	replyByMail: boolean;
	salesEmail: string;
}): Promise<MailMessage> {
	const { request, offer, language } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	const price = formatPrice(offer.price);
	const until = formatDate(offer.expires_at, language, "longDate");
	return {
		subject: t("saleMail.offer.subject", { id: request.id, projectName: request.project_name }),
		body: {
			preheader: t("saleMail.offer.preheader", { price, until }),
			heading: t("saleMail.offer.heading"),
			paragraphs: [
				t("saleMail.offer.intro", { projectName: request.project_name, price, until }),
				t("saleMail.offer.howToAnswer"),
				input.replyByMail ? t("saleMail.offer.replyByMail") : t("saleMail.offer.answerOnSite"),
			],
			facts: [
				...requestFacts(t, request),
				{ label: t("saleMail.offer.price"), value: price },
				{ label: t("saleMail.offer.until"), value: until },
			],
			action: { label: t("saleMail.offer.action"), url: input.offerUrl },
			notes: [t("saleMail.offer.contact", { email: input.salesEmail, phone: PHONE_DISPLAY })],
		},
	};
}

/** The manager hears a day before a hold ends, with a link to the request's page. */
export async function holdReminderMail(input: {
	request: PurchaseRequest;
	hold: Hold;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const { request, hold, language } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	const until = formatDate(hold.until, language, "dateTime");
	return {
		subject: t("saleMail.reminder.subject", { projectName: request.project_name, until }),
		body: {
			heading: t("saleMail.reminder.heading"),
			paragraphs: [
				t("saleMail.reminder.intro", { projectName: request.project_name, id: request.id, until }),
				t("saleMail.reminder.what"),
			],
			facts: [...requestFacts(t, request), { label: t("common.email"), value: request.email }],
			action: { label: t("saleMail.reminder.action"), url: `${input.origin}/admin/requests/${request.id}` },
		},
	};
}

/** A buyer who asked about a piece hears, once, that it is available again (its hold ended without a sale). */
export async function availableAgainMail(input: {
	request: PurchaseRequest;
	language: Language;
	origin: string;
	salesEmail: string;
}): Promise<MailMessage> {
	const { request, language } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	return {
		subject: t("saleMail.available.subject", { projectName: request.project_name }),
		body: {
			heading: t("saleMail.available.heading"),
			paragraphs: [
				t("saleMail.available.intro", { projectName: request.project_name, id: request.id }),
				t("saleMail.available.contact", { email: input.salesEmail, phone: PHONE_DISPLAY }),
			],
			facts: requestFacts(t, request),
			...(request.project_id
				? {
						action: {
							label: t("saleMail.available.action"),
							url: `${input.origin}/project/${encodeURIComponent(request.project_id)}`,
						},
					}
				: {}),
			notes: [t("saleMail.available.once")],
		},
	};
}

/** A buyer's open offer is overtaken: another buyer accepted theirs first and the piece is reserved. */
export async function offerLostMail(input: {
	request: PurchaseRequest;
	language: Language;
	salesEmail: string;
}): Promise<MailMessage> {
	const { request, language } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	return {
		subject: t("saleMail.lost.subject", { projectName: request.project_name }),
		body: {
			heading: t("saleMail.lost.heading"),
			paragraphs: [
				t("saleMail.lost.intro", { projectName: request.project_name }),
				t("saleMail.lost.next", { email: input.salesEmail, phone: PHONE_DISPLAY }),
			],
			facts: requestFacts(t, request),
		},
	};
}
