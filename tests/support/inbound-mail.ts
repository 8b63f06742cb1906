import fs from "node:fs";
import path from "node:path";
import { db } from "~/lib/db.server";
import { requestLinkFor, requestLinkToken } from "~/models/request-links.server";
import type { MessageParty } from "~db/schema";

/**
 * Replies by e-mail in tests (issue #37): a request with its party's reply address, raw messages from the
 * fixtures (tests/fixtures/inbound/*.eml, written the way each mail client writes a reply) or composed
 * here with attachments. A test file sets INBOUND_MAIL_ADDRESS and INBOUND_MAIL_SECRET to these in vi.hoisted,
 * before the app reads its environment.
 */

export const INBOUND_ADDRESS = "replies@gallery.example";
export const INBOUND_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
export const BUYER = "anna@example.com";

export interface ThreadFixture {
	requestId: number;
	token: string;
	/** The party's reply address, as the Reply-To of a message to them carries it. */
	address: string;
}

/** A request from BUYER about the seeded sofa, and the reply address of `party`. */
export async function requestWithReplyAddress(
	party: MessageParty = "buyer",
	{ email = BUYER, language = "en" }: { email?: string; language?: "en" | "ru" } = {},
): Promise<ThreadFixture> {
	const request = await db
		.insertInto("purchase_requests")
		.values({
			project_id: "terra-modular-sofa",
			project_name: "Terra",
			project_price: 120_000,
			email,
			phone: "+79161234567",
			language,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	const link = await requestLinkFor(db, request.id, party);
	const token = requestLinkToken(link);
	return { requestId: request.id, token, address: `replies+${token}@gallery.example` };
}

/** A fixture's raw message, addressed to `thread`. */
export function fixtureMessage(name: string, thread: ThreadFixture): Buffer {
	const text = fs.readFileSync(path.join("tests/fixtures/inbound", name), "latin1");
	return Buffer.from(
		text.replaceAll("{{token}}", thread.token).replaceAll("{{request}}", String(thread.requestId)),
		"latin1",
	);
}

export interface ComposedAttachment {
	filename: string;
	contentType: string;
	content: Buffer;
}

/** A plain reply with attachments, as any client sends one (multipart/mixed, base64 parts). */
export function composeMessage({
	from = BUYER,
	to,
	text = "Here are the photos.",
	messageId = `<${Math.random().toString(36).slice(2)}@example.com>`,
	headers = {},
	attachments = [],
}: {
	from?: string;
	to: string;
	text?: string;
	messageId?: string | null;
	headers?: Record<string, string>;
	attachments?: ComposedAttachment[];
}): Buffer {
	const boundary = "----=_Part_0_inbound_test";
	const lines = [
		`From: Sender <${from}>`,
		`To: FORMA <${to}>`,
		"Subject: Re: Your request",
		"Date: Sat, 28 Nov 2026 22:00:00 +0300",
		...(messageId ? [`Message-ID: ${messageId}`] : []),
		...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
		"MIME-Version: 1.0",
		`Content-Type: multipart/mixed; boundary="${boundary}"`,
		"",
		`--${boundary}`,
		"Content-Type: text/plain; charset=utf-8",
		"Content-Transfer-Encoding: base64",
		"",
		Buffer.from(text, "utf8").toString("base64"),
	];
	for (const attachment of attachments) {
		lines.push(
			`--${boundary}`,
			`Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
			`Content-Disposition: attachment; filename="${attachment.filename}"`,
			"Content-Transfer-Encoding: base64",
			"",
			(attachment.content.toString("base64").match(/.{1,76}/g) ?? []).join("\r\n"),
		);
	}
	lines.push(`--${boundary}--`, "");
	return Buffer.from(lines.join("\r\n"), "utf8");
}

export async function threadOf(requestId: number) {
	return db
		.selectFrom("request_messages")
		.selectAll()
		.where("request_id", "=", requestId)
		.orderBy("id")
		.execute();
}

export async function inboundRecords() {
	return db.selectFrom("inbound_mail").selectAll().orderBy("id").execute();
}
