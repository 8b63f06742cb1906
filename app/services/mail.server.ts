import type { Kysely } from "kysely";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import {
	LINK_SECRET_PLACEHOLDER,
	MailSendError,
	type MailTransport,
	wakeMailSender,
} from "~/lib/mail.server";
import { sellerDetailsOf } from "~/lib/seller";
import { composeMail, type MailBody, type MailContent } from "~/mail/layout.server";
import { type EmailTokenRef, linkSecretFor } from "~/models/email-tokens.server";
import {
	claimMail,
	insertMail,
	listDueMail,
	type MailKind,
	markMailAttemptFailed,
	markMailSent,
	releaseMail,
} from "~/models/outbox.server";
import { personalDataLinkSecretFor } from "~/models/personal-data-links.server";
import { requestLinkTokenFor } from "~/models/request-links.server";
import { getSettings } from "~/models/settings.server";
import type { Database, OutboxMessage, Settings } from "~db/schema";

export interface QueuedMail {
	kind: MailKind;
	to: string;
	language: Language;
	subject: string;
	body: MailBody;
	/** The public site: links in the message point there. */
	origin: string;
	reference?: string | null;
	/** Not to be sent before then (a digest waits for its hour). */
	notBefore?: Date;
	/**
	 * The one-time link the message carries, from createEmailToken: the body's URL holds
	 * LINK_SECRET_PLACEHOLDER where the secret goes, and the sender makes the secret as it sends.
	 */
	link?: EmailTokenRef;
	/**
	 * The request link it carries (app/models/request-links.server.ts): its token goes where the bodies and
	 * `replyTo` hold LINK_SECRET_PLACEHOLDER as the message leaves.
	 */
	requestLinkId?: number;
	/** A Reply-To, which may hold LINK_SECRET_PLACEHOLDER (replyAddressTemplate). */
	replyTo?: string | null;
}

/** A message rendered in the site's look, with the sender's name (the shop's name in the message's language). */
export async function renderMail(
	executor: Kysely<Database>,
	mail: Pick<QueuedMail, "language" | "subject" | "body" | "origin">,
): Promise<MailContent & { fromName: string }> {
	const settings = await getSettings(executor);
	const shopName = shopNameIn(settings, mail.language);
	const content = await composeMail(mail.language, {
		subject: mail.subject,
		body: mail.body,
		shopName,
		origin: mail.origin,
		seller: sellerDetailsOf(settings),
	});
	return { ...content, fromName: shopName };
}

/**
 * The shop's name in the message's language, for its sender and its signature: an English message read
 * «Художественный магазин» (issue #35). The Russian one keeps the spec's default.
 */
export function shopNameIn(
	settings: Pick<Settings, "shop_name" | "shop_name_en">,
	language: Language,
): string {
	return language === "en" ? settings.shop_name_en.trim() || settings.shop_name : settings.shop_name;
}

/**
 * Renders a message and writes it to the outbox with `executor` (the transaction that writes its cause).
 * The sender's name is the shop name from the settings; the background sender delivers it.
 */
export async function queueMail(executor: Kysely<Database>, mail: QueuedMail): Promise<OutboxMessage> {
	const content = await renderMail(executor, mail);
	return insertMail(executor, {
		kind: mail.kind,
		to: mail.to,
		language: mail.language,
		fromAddress: mailFromAddress(),
		reference: mail.reference,
		notBefore: mail.notBefore,
		linkTokenId: mail.link?.id ?? null,
		requestLinkId: mail.requestLinkId ?? null,
		replyTo: mail.replyTo ?? null,
		...content,
	});
}

/** Call once the transaction that queued mail has committed: the sender looks now, not at its next poll. */
export function mailQueued(): void {
	wakeMailSender();
}

/** MAIL_FROM, or (no SMTP: nothing leaves) a placeholder on the site's own domain for the admin's view. */
export function mailFromAddress(): string {
	const env = getEnv();
	if (env.MAIL_FROM) return env.MAIL_FROM;
	const host = env.SITE_URL ? new URL(env.SITE_URL).hostname : "localhost";
	return `no-reply@${host.includes(".") ? host : "forma.local"}`;
}

/**
 * How the outbox is emptied, for the admin's mail screen: by SMTP; kept for reading (no SMTP_URL in
 * development); or undelivered (no SMTP_URL in production: the server warned at start).
 */
export type MailDelivery = "smtp" | "kept" | "undelivered";

export function mailDelivery(): MailDelivery {
	const env = getEnv();
	if (env.SMTP_URL) return "smtp";
	return env.NODE_ENV === "production" ? "undelivered" : "kept";
}

/**
 * The secret of the one-time link a message carries, made now: an account's link (email_token_id) or a
 * guest's personal-data link (named by the message's reference); "" for a message without a link, null
 * when its link is gone.
 */
async function messageLinkSecret(message: OutboxMessage): Promise<string | null> {
	if (message.email_token_id !== null) return linkSecretFor(message.email_token_id);
	if (message.request_link_id !== null) return requestLinkTokenFor(message.request_link_id);
	const dataLink = await personalDataLinkSecretFor(message.reference);
	return dataLink === undefined ? "" : dataLink;
}

/** A message is tried this many times (transient failures only) before it is marked failed. */
export const MAX_MAIL_ATTEMPTS = 10;

/** When to try a message again after its n-th attempt: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempt: number): number {
	return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

export interface DeliveryRound {
	sent: number;
	failed: number;
	retried: number;
	/** The SMTP server could not be reached: the round stopped and the messages wait, their attempts unspent. */
	unreachable: boolean;
	/** A full batch was taken: there may be more waiting. */
	more: boolean;
}

/**
 * One round of the background sender: delivers due messages one by one. A message is claimed before it is
 * sent (its next attempt moved ahead), so a crash mid-send leaves it to be sent again after a restart, with
 * the same Message-ID. When the server cannot be reached the round stops at once: the outage is not the
 * messages' fault, so their attempts are given back.
 */
export async function deliverDueMail(
	transport: MailTransport,
	options: { batch?: number; now?: () => Date } = {},
): Promise<DeliveryRound> {
	const batch = options.batch ?? 20;
	const now = options.now ?? (() => new Date());
	const due = await listDueMail(now(), batch);
	const round: DeliveryRound = {
		sent: 0,
		failed: 0,
		retried: 0,
		unreachable: false,
		more: due.length === batch,
	};
	for (const message of due) {
		const attempt = message.attempts + 1;
		if (!(await claimMail(message, new Date(now().getTime() + retryDelayMs(attempt))))) continue;
		// A one-time link's secret is made now and lives only in the message as it leaves.
		const secret = await messageLinkSecret(message);
		if (secret === null) {
			await markMailAttemptFailed(message.id, "its one-time link no longer exists", false);
			round.failed += 1;
			continue;
		}
		const withLink = (body: string) => (secret ? body.replaceAll(LINK_SECRET_PLACEHOLDER, secret) : body);
		try {
			await transport.send({
				messageId: message.message_id,
				fromName: message.from_name,
				fromAddress: mailFromAddress(),
				to: message.to_address,
				language: message.language,
				subject: message.subject,
				text: withLink(message.text_body),
				html: withLink(message.html_body),
				...(message.reply_to ? { replyTo: withLink(message.reply_to) } : {}),
			});
			await markMailSent(message.id);
			round.sent += 1;
		} catch (error) {
			const failure = error instanceof MailSendError ? error.failure : "temporary";
			const text = error instanceof Error ? error.message : String(error);
			if (failure === "unreachable") {
				await releaseMail(message, text);
				round.unreachable = true;
				round.more = false;
				break;
			}
			const retry = failure === "temporary" && attempt < MAX_MAIL_ATTEMPTS;
			await markMailAttemptFailed(message.id, text, retry);
			if (retry) round.retried += 1;
			else round.failed += 1;
		}
	}
	return round;
}
