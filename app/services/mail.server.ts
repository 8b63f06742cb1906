import type { Kysely } from "kysely";
import { getEnv } from "~/lib/env.server";
import { escapeHtml } from "~/lib/escape-html";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import {
	LINK_SECRET_PLACEHOLDER,
	MailSendError,
	type MailTransport,
	wakeMailSender,
} from "~/lib/mail.server";
import { typesetName } from "~/lib/typography.server";
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
import { getSettings } from "~/models/settings.server";
import type { Database, OutboxMessage } from "~db/schema";

/**
 * Every e-mail the site sends, in one look: the site's paper, ink and accent, its wordmark set in type, and
 * no remote images or trackers (nothing is fetched when it is opened). Each has an HTML and a plain-text
 * part with the same content, in the recipient's language. docs/decisions/0017 has the whole design.
 */
export interface MailBody {
	/** The first line a mail client shows beside the subject. */
	preheader?: string;
	heading: string;
	paragraphs: string[];
	/** Label–value lines, e.g. the piece and the price. */
	facts?: Array<{ label: string; value: string }>;
	/** The one button (and, in the text part, its URL on a line of its own). */
	action?: { label: string; url: string };
	/** Small print after the button: how long a link lasts, what to do if it was not you. */
	notes?: string[];
}

export interface MailContent {
	subject: string;
	text: string;
	html: string;
}

const COLORS = {
	paper: "#f4f1ea",
	card: "#fbf9f4",
	ink: "#16140f",
	muted: "#6b655a",
	line: "#dcd5c7",
	accent: "#b5472b",
};
const FONT = "'Manrope', 'Segoe UI', Helvetica, Arial, sans-serif";

/** Renders a message in the site's look; `origin` is the public site (links, the footer). */
export async function composeMail(
	language: Language,
	options: { subject: string; body: MailBody; shopName: string; origin: string },
): Promise<MailContent> {
	const t = await i18nServer.getFixedT(language, "mail");
	const { subject, shopName, origin } = options;
	const body = typesetBody(options.body);
	const footer = typesetName(t("layout.footer", { shopName }));
	const siteLine = t("layout.site", { url: origin });

	const text = [
		body.heading,
		"",
		...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
		...(body.facts?.length ? [...body.facts.map((fact) => `${fact.label}: ${fact.value}`), ""] : []),
		...(body.action ? [`${body.action.label}:`, body.action.url, ""] : []),
		...(body.notes?.length ? [...body.notes.flatMap((note) => [note, ""])] : []),
		"—",
		footer,
		origin,
	].join("\n");

	const paragraph = (content: string) =>
		`<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${COLORS.ink}">${escapeHtml(content)}</p>`;
	const facts = body.facts?.length
		? `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:4px 0 20px;border-top:1px solid ${COLORS.line}">${body.facts
				.map(
					(fact) =>
						`<tr><td style="padding:10px 12px 10px 0;border-bottom:1px solid ${COLORS.line};font-size:14px;color:${COLORS.muted};white-space:nowrap;vertical-align:top">${escapeHtml(fact.label)}</td><td style="padding:10px 0;border-bottom:1px solid ${COLORS.line};font-size:15px;color:${COLORS.ink};font-weight:600">${escapeHtml(fact.value)}</td></tr>`,
				)
				.join("")}</table>`
		: "";
	const action = body.action
		? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:999px;background:${COLORS.ink}"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:14px 26px;font-family:${FONT};font-size:15px;font-weight:700;color:${COLORS.paper};text-decoration:none;border-radius:999px">${escapeHtml(body.action.label)}</a></td></tr></table><p style="margin:0 0 20px;font-size:13px;line-height:1.5;color:${COLORS.muted};word-break:break-all">${escapeHtml(t("layout.linkFallback"))}<br><a href="${escapeHtml(body.action.url)}" style="color:${COLORS.accent}">${escapeHtml(body.action.url)}</a></p>`
		: "";
	const notes = (body.notes ?? [])
		.map(
			(note) =>
				`<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(note)}</p>`,
		)
		.join("");

	const html = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.paper};font-family:${FONT};color:${COLORS.ink}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(body.preheader ?? body.paragraphs[0] ?? "")}</div>
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="background:${COLORS.paper}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:560px">
<tr><td style="padding:0 4px 20px"><a href="${escapeHtml(origin)}" style="font-family:${FONT};font-size:22px;font-weight:800;letter-spacing:0.18em;color:${COLORS.ink};text-decoration:none">FORMA</a></td></tr>
<tr><td style="background:${COLORS.card};border:1px solid ${COLORS.line};border-radius:20px;padding:32px 28px">
<h1 style="margin:0 0 20px;font-size:24px;line-height:1.2;font-weight:700;letter-spacing:-0.02em;color:${COLORS.ink}">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map(paragraph).join("\n")}
${facts}
${action}
${notes}
</td></tr>
<tr><td style="padding:20px 4px 0;font-size:12px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(footer)}<br><a href="${escapeHtml(origin)}" style="color:${COLORS.muted}">${escapeHtml(siteLine)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
	return { subject, text, html };
}

/**
 * A message's own words come typeset with the locales; the names it quotes from the database (a piece, an
 * artist, the shop) get their no-break spaces here, where the two meet, and nothing else of them changes.
 */
function typesetBody(body: MailBody): MailBody {
	return {
		...body,
		preheader: body.preheader === undefined ? undefined : typesetName(body.preheader),
		heading: typesetName(body.heading),
		paragraphs: body.paragraphs.map((paragraph) => typesetName(paragraph)),
		facts: body.facts?.map((fact) => ({ label: typesetName(fact.label), value: typesetName(fact.value) })),
		action: body.action && { ...body.action, label: typesetName(body.action.label) },
		notes: body.notes?.map((note) => typesetName(note)),
	};
}

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
}

/** A message rendered in the site's look, with the sender's name (the shop name from the settings). */
export async function renderMail(
	executor: Kysely<Database>,
	mail: Pick<QueuedMail, "language" | "subject" | "body" | "origin">,
): Promise<MailContent & { fromName: string }> {
	const settings = await getSettings(executor);
	const content = await composeMail(mail.language, {
		subject: mail.subject,
		body: mail.body,
		shopName: settings.shop_name,
		origin: mail.origin,
	});
	return { ...content, fromName: settings.shop_name };
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
		const secret = message.email_token_id === null ? "" : await linkSecretFor(message.email_token_id);
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
