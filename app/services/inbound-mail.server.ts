import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { type AddressObject, type Attachment, type ParsedMail, simpleParser } from "mailparser";
import sharp from "sharp";
import { db } from "~/lib/db.server";
import { type Env, getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { getImageStore } from "~/lib/image-store.server";
import { storeRasterImage, UPLOAD_RASTER_OPTIONS } from "~/lib/images.server";
import { logger } from "~/lib/logger.server";
import { replyAddressToken } from "~/lib/reply-address.server";
import { replyText } from "~/lib/reply-text";
import { MAX_IMAGE_PIXELS, RASTER_IMAGE_FORMATS } from "~/lib/upload-limits";
import { inboundRefusedFilesMail } from "~/mail/messages/inbound-refused-files.server";
import { findAcceptedInboundMail, recordInboundMail } from "~/models/inbound-mail.server";
import { recordRequestEvent } from "~/models/request-events.server";
import { findRequestLink } from "~/models/request-links.server";
import type { NewAttachment } from "~/models/request-messages.server";
import { findUserByEmail } from "~/models/users.server";
import { postMessage } from "~/services/conversation.server";
import { mailQueued, queueMail } from "~/services/mail.server";
import { lockWithinTransaction } from "~db/dialect";
import type { Database, MessageParty } from "~db/schema";

/**
 * Replies by e-mail (issue #37, docs/decisions/0037). A raw RFC 822 message, from the hook
 * (POST /hooks/inbound-mail) or `npm run mail:inbound`, becomes a message in a request's thread when:
 * its reply address carries a working token (app/models/request-links.server.ts) that names the request
 * and the party; its sender is that party (the buyer: the request's address; the gallery: an active staff
 * account's); its provider did not find it forged (DMARC); and it was not posted before (its Message-ID).
 * Only the new text is kept (app/lib/reply-text.ts); pictures and PDFs up to 10 MB are kept through the
 * image store, anything else is refused and the refusal is recorded. Every message, accepted or refused,
 * is recorded with why (inbound_mail), and nothing refused ever reaches a thread.
 */

/** One attachment at most. */
export const MAX_INBOUND_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Files kept from one reply at most: each picture is re-encoded, and a reply is not an archive. */
export const MAX_INBOUND_ATTACHMENTS = 10;
/** The whole message at most, as the hook reads it: a few full-size attachments and their encoding. */
export const MAX_INBOUND_MESSAGE_BYTES = 40 * 1024 * 1024;
/** The longest text kept from one reply: a letter, not a book (the rest is almost always history). */
const MAX_TEXT_LENGTH = 10_000;

export type InboundRefusal =
	| "unreadable"
	| "no-reply-address"
	| "unknown-token"
	| "wrong-sender"
	| "not-authenticated"
	| "empty";

export interface RefusedAttachment {
	filename: string;
	reason: "too-large" | "not-image-or-pdf" | "too-many";
}

export type InboundOutcome =
	| { status: "accepted"; requestId: number; messageId: number; refusedAttachments: RefusedAttachment[] }
	| { status: "duplicate"; requestId: number | null; messageId: number | null }
	| { status: "refused"; reason: InboundRefusal };

export interface InboundOptions {
	env?: Env;
	now?: Date;
	/** The envelope recipient, when the deliverer knows it (a Postfix pipe's ${recipient}). */
	recipient?: string;
	/** The public site, for links in the mail the message sets going (SITE_URL when not given). */
	origin?: string;
}

const RASTER_FORMATS = new Set<string>(RASTER_IMAGE_FORMATS);

function sha256(data: Buffer | string): string {
	return createHash("sha256").update(data).digest("hex");
}

/** The message's key: its Message-ID, or a hash of the whole message when it has none. */
function messageKeyOf(raw: Buffer, parsed: ParsedMail | null): string {
	const id = parsed?.messageId?.trim();
	return id ? id.slice(0, 500) : `sha256:${sha256(raw)}`;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
	const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
	return objects.flatMap((object) =>
		object.value.flatMap((entry) => [
			entry.address ?? "",
			...(entry.group ?? []).map((g) => g.address ?? ""),
		]),
	);
}

function headerValues(parsed: ParsedMail, name: string): string[] {
	const value = parsed.headers.get(name);
	if (value === undefined) return [];
	const values = Array.isArray(value) ? value : [value];
	return values.map((entry) =>
		typeof entry === "string"
			? entry
			: "text" in (entry as object)
				? String((entry as AddressObject).text)
				: "",
	);
}

/** The token of the first of our reply addresses the message was delivered to. */
function tokenOf(parsed: ParsedMail, options: InboundOptions): string | null {
	const env = options.env ?? getEnv();
	const candidates = [
		options.recipient ?? "",
		...headerValues(parsed, "delivered-to"),
		...headerValues(parsed, "x-original-to"),
		...headerValues(parsed, "envelope-to"),
		...addresses(parsed.to),
		...addresses(parsed.cc),
	];
	for (const candidate of candidates) {
		const address = /<([^>]+)>/.exec(candidate)?.[1] ?? candidate;
		const token = address ? replyAddressToken(address, env) : null;
		if (token) return token;
	}
	return null;
}

/** The provider's verdict (Authentication-Results, RFC 8601): a DMARC failure means a forged From. */
function failsDmarc(parsed: ParsedMail): boolean {
	return headerValues(parsed, "authentication-results").some((value) => /\bdmarc\s*=\s*fail\b/i.test(value));
}

interface Author {
	party: MessageParty;
	userId: number | null;
	authorName: string;
	/** The sender's address as verified, and the language they are written to in. */
	address: string;
	language: Language;
}

/** The sender as the party the token names, or null when the address is not that party's. */
async function authorOf(
	party: MessageParty,
	from: string,
	request: { email: string; user_id: number | null; language: Language },
): Promise<Author | null> {
	const sender = from.trim().toLowerCase();
	if (sender === "") return null;
	if (party === "buyer") {
		return sender === request.email.trim().toLowerCase()
			? { party, userId: request.user_id, authorName: "", address: sender, language: request.language }
			: null;
	}
	const staff = await findUserByEmail(sender);
	if (staff?.role !== "admin" || staff.status !== "active") return null;
	return { party, userId: staff.id, authorName: staff.username, address: sender, language: staff.language };
}

/** A file name safe to show and store: no path, no control characters, not too long. */
function cleanFilename(name: string | undefined, fallback: string): string {
	const base = (name ?? "").split(/[/\\]/).pop() ?? "";
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
	const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
	return (clean || fallback).slice(0, 200);
}

type StoredOrRefused = { stored: NewAttachment } | { refused: RefusedAttachment };

/** Keeps a picture (re-encoded, its metadata dropped) or a PDF through the image store; refuses the rest. */
async function storeAttachment(attachment: Attachment): Promise<StoredOrRefused> {
	const data = attachment.content;
	const filename = cleanFilename(attachment.filename, "attachment");
	if (data.length > MAX_INBOUND_ATTACHMENT_BYTES) return { refused: { filename, reason: "too-large" } };
	// What the file is comes from its bytes, never from its name or the type the sender's client claimed.
	if (data.subarray(0, 5).toString("latin1") === "%PDF-") {
		const key = `requests/${sha256(data).slice(0, 20)}.pdf`;
		await getImageStore().put(key, data);
		return {
			stored: { storageKey: key, filename, contentType: "application/pdf", size: data.length },
		};
	}
	let format: string | undefined;
	let pixels = 0;
	try {
		const metadata = await sharp(data, { limitInputPixels: false }).metadata();
		format = metadata.format;
		pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
	} catch {
		format = undefined;
	}
	if (!format || !RASTER_FORMATS.has(format) || pixels === 0 || pixels > MAX_IMAGE_PIXELS) {
		return { refused: { filename, reason: "not-image-or-pdf" } };
	}
	try {
		const image = await storeRasterImage(getImageStore(), "requests", data, UPLOAD_RASTER_OPTIONS);
		return { stored: { storageKey: image.key, filename, contentType: "image/jpeg", size: data.length } };
	} catch (error) {
		logger.warn("an inbound picture could not be stored", { filename, error: String(error) });
		return { refused: { filename, reason: "not-image-or-pdf" } };
	}
}

async function refuse(
	reason: InboundRefusal,
	messageKey: string,
	now: Date,
	requestId: number | null = null,
): Promise<InboundOutcome> {
	logger.warn("inbound mail refused", { reason, requestId });
	await recordInboundMail(db, { messageKey, status: "refused", reason, requestId }, now);
	return { status: "refused", reason };
}

/** Records a message posted to the hook with a wrong secret: it is not read, only counted. */
export async function recordUnauthorisedInboundMail(now = new Date()): Promise<void> {
	logger.warn("inbound mail refused", { reason: "wrong-secret" });
	await recordInboundMail(db, { messageKey: "", status: "refused", reason: "wrong-secret" }, now);
}

/** Takes in one raw message: see the top of this file. */
export async function receiveInboundMail(raw: Buffer, options: InboundOptions = {}): Promise<InboundOutcome> {
	const now = options.now ?? new Date();
	let parsed: ParsedMail;
	try {
		parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
	} catch {
		return refuse("unreadable", messageKeyOf(raw, null), now);
	}
	const messageKey = messageKeyOf(raw, parsed);
	const earlier = await findAcceptedInboundMail(messageKey);
	if (earlier) return { status: "duplicate", requestId: earlier.request_id, messageId: earlier.message_id };

	const token = tokenOf(parsed, options);
	if (!token) return refuse("no-reply-address", messageKey, now);
	const link = await findRequestLink(token);
	const request = link
		? await db
				.selectFrom("purchase_requests")
				.select(["id", "email", "user_id", "anonymised_at", "language", "project_name"])
				.where("id", "=", link.request_id)
				.executeTakeFirst()
		: undefined;
	if (!link || !request || request.anonymised_at !== null) return refuse("unknown-token", messageKey, now);
	// One author: a From naming several addresses would let one of them speak as another.
	const senders = addresses(parsed.from);
	const author = senders.length === 1 ? await authorOf(link.party, senders[0] ?? "", request) : null;
	if (!author) return refuse("wrong-sender", messageKey, now, request.id);
	if (failsDmarc(parsed)) return refuse("not-authenticated", messageKey, now, request.id);

	const origin = options.origin ?? (options.env ?? getEnv()).SITE_URL;
	const body = replyText(parsed.text ?? "").slice(0, MAX_TEXT_LENGTH);
	const stored: NewAttachment[] = [];
	const refusedAttachments: RefusedAttachment[] = [];
	// Pictures embedded in the HTML (a signature's logo) are part of the layout, not something sent.
	for (const attachment of parsed.attachments.filter((candidate) => !candidate.related)) {
		if (stored.length >= MAX_INBOUND_ATTACHMENTS) {
			refusedAttachments.push({
				filename: cleanFilename(attachment.filename, "attachment"),
				reason: "too-many",
			});
			continue;
		}
		const result = await storeAttachment(attachment);
		if ("stored" in result) stored.push(result.stored);
		else refusedAttachments.push(result.refused);
	}
	if (body === "" && stored.length === 0) return refuse("empty", messageKey, now, request.id);

	const outcome = await db.transaction().execute(async (trx: Kysely<Database>): Promise<InboundOutcome> => {
		// Two deliveries of one message at once (a provider's retry racing the first): one posts it.
		await lockWithinTransaction(trx, `inbound-mail:${messageKey}`);
		const again = await findAcceptedInboundMail(messageKey, trx);
		if (again) return { status: "duplicate", requestId: again.request_id, messageId: again.message_id };
		const message = await postMessage(
			{
				requestId: request.id,
				author: author.party,
				userId: author.userId,
				authorName: author.authorName,
				body,
				via: "email",
				attachments: stored,
			},
			{ executor: trx, now, origin },
		);
		const refusedNames = refusedAttachments.map((file) => `${file.filename} (${file.reason})`).join(", ");
		await recordInboundMail(
			trx,
			{
				messageKey,
				status: "accepted",
				reason: refusedNames ? `attachments refused: ${refusedNames}` : "",
				requestId: request.id,
				messageId: message.id,
			},
			now,
		);
		if (refusedAttachments.length > 0) {
			await recordRequestEvent(
				trx,
				{
					requestId: request.id,
					kind: "attachmentsRefused",
					actorName: author.authorName,
					details: { files: refusedAttachments.map((file) => file.filename).join(", ") },
				},
				now,
			);
			// The sender is the party, checked above: telling them is no backscatter to a stranger.
			const told = await inboundRefusedFilesMail({
				requestId: request.id,
				projectName: request.project_name,
				files: refusedAttachments.map((file) => file.filename),
				language: author.language,
			});
			await queueMail(trx, {
				...told,
				kind: "inbound_refused_files",
				to: author.address,
				language: author.language,
				origin: origin ?? "http://localhost",
				reference: `purchase_request:${request.id}`,
			});
		}
		return { status: "accepted", requestId: request.id, messageId: message.id, refusedAttachments };
	});
	if (outcome.status === "accepted") {
		mailQueued();
		logger.info("inbound mail accepted", { requestId: outcome.requestId, messageId: outcome.messageId });
	}
	return outcome;
}
