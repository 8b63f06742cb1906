import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Language } from "./i18n";

/** One message as it leaves: everything was rendered when it was queued (app/models/outbox.server.ts). */
export interface OutgoingMail {
	messageId: string;
	fromName: string;
	fromAddress: string;
	to: string;
	language: Language;
	subject: string;
	text: string;
	html: string;
	/** Where replies go (a reply address with a request link's token, issue #37). */
	replyTo?: string;
}

/**
 * Where a one-time link's secret goes in a queued message (`…/reset-password?token=` + this): the outbox
 * never holds a working link, and the sender puts the secret in as the message leaves (docs/decisions/0017).
 * Letters and dashes only, so a URL and HTML keep it as it is.
 */
export const LINK_SECRET_PLACEHOLDER = "SECRET-ADDED-WHEN-SENT";

/** Why a send failed, in the terms the sender acts on. */
export type SendFailure =
	/** The server could not be reached or talked to: nothing about this message; try again when it is back. */
	| "unreachable"
	/** The server refused this message for good (5xx), e.g. an address it does not know. */
	| "rejected"
	/** Anything else (4xx, an answer cut short): try this message again later. */
	| "temporary";

export class MailSendError extends Error {
	override name = "MailSendError";
	constructor(
		readonly failure: SendFailure,
		message: string,
	) {
		super(message);
	}
}

export interface MailTransport {
	send(mail: OutgoingMail): Promise<void>;
	close(): void;
}

const CONNECTION_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ETLS", "ECONNREFUSED"]);

function classify(error: unknown): MailSendError {
	const details = error as { code?: unknown; responseCode?: unknown; message?: unknown };
	const text = typeof details.message === "string" ? details.message : String(error);
	if (typeof details.responseCode === "number") {
		return new MailSendError(details.responseCode >= 500 ? "rejected" : "temporary", text);
	}
	if (typeof details.code === "string" && CONNECTION_CODES.has(details.code)) {
		return new MailSendError("unreachable", text);
	}
	return new MailSendError("temporary", text);
}

/**
 * SMTP through nodemailer, from SMTP_URL (smtp:// upgrades with STARTTLS when the server offers it;
 * smtps:// is TLS from the first byte). Short timeouts: a server that hangs is treated as one that is down.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
	const url = new URL(smtpUrl);
	const secure = url.protocol === "smtps:";
	const transporter = nodemailer.createTransport({
		host: url.hostname.replace(/^\[|\]$/g, ""),
		port: url.port ? Number(url.port) : secure ? 465 : 587,
		secure,
		auth: url.username
			? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
			: undefined,
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 30_000,
	});
	return {
		async send(mail) {
			try {
				await transporter.sendMail({
					messageId: mail.messageId,
					from: { name: mail.fromName, address: mail.fromAddress },
					to: mail.to,
					subject: mail.subject,
					text: mail.text,
					html: mail.html,
					...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
					headers: { "Content-Language": mail.language },
					// Our own rendered text only: never let a message make nodemailer read files or fetch URLs.
					disableFileAccess: true,
					disableUrlAccess: true,
				});
			} catch (error) {
				throw classify(error);
			}
		},
		close() {
			transporter.close();
		},
	};
}

/**
 * The mailbox an address delivers to, as the per-recipient caps count it (docs/decisions/0017): letter case
 * and a +tag (`Victim+1@`, `victim+2@`) do not make another inbox, so they share its hourly share.
 */
export function mailboxKey(address: string): string {
	const lower = address.trim().toLowerCase();
	const at = lower.lastIndexOf("@");
	if (at < 0) return lower;
	return `${lower.slice(0, at).split("+")[0]}@${lower.slice(at + 1)}`;
}

/** A Message-ID on the sender's domain, unique per message and fixed when the message is queued. */
export function newMessageId(fromAddress: string): string {
	const domain = fromAddress.split("@")[1] || "forma.local";
	return `<${randomUUID()}@${domain}>`;
}

/** The sender in this process (app/server/mail-sender.ts), told when the app queues mail. */
let wakeListener: (() => void) | undefined;

/** Tells the sender (if one runs in this process) to look at the outbox now rather than at its next poll. */
export function wakeMailSender(): void {
	wakeListener?.();
}

export function onMailQueued(listener: () => void): () => void {
	wakeListener = listener;
	return () => {
		if (wakeListener === listener) wakeListener = undefined;
	};
}
