import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, MessageParty, RequestLink } from "~db/schema";
import { secretOf } from "./email-tokens.server";

/**
 * A party's private key to one request's thread (issue #37, docs/decisions/0035): the guest link in each
 * message's mail opens that request's thread only, and the reply address `replies+<token>@…` names the
 * request and the party. The token is the row's random nonce followed by its signature (HMAC under a key
 * from SESSION_SECRET of the request, the party and the nonce), in lower-case hex, so it survives mail
 * systems that fold an address's case. Only the nonce is stored; a revoked link stops working at once.
 */

const NONCE_HEX = 16;
const SIGNATURE_HEX = 24;
const TOKEN = new RegExp(`^[0-9a-f]{${NONCE_HEX + SIGNATURE_HEX}}$`);

function signature(link: Pick<RequestLink, "request_id" | "party" | "nonce">): string {
	const secret = secretOf({
		purpose: "request_link",
		nonce: `${link.request_id}:${link.party}:${link.nonce}`,
	});
	return Buffer.from(secret, "base64url").toString("hex").slice(0, SIGNATURE_HEX);
}

/** The token of a link: what the guest URL and the reply address carry. */
export function requestLinkToken(link: Pick<RequestLink, "request_id" | "party" | "nonce">): string {
	return `${link.nonce}${signature(link)}`;
}

/**
 * The party's working link to the request, made when it has none. Pass the transaction that queues the
 * message carrying it. Every message to the same party carries the same link until it is revoked.
 */
export async function requestLinkFor(
	executor: Kysely<Database>,
	requestId: number,
	party: MessageParty,
	now = new Date(),
): Promise<RequestLink> {
	const current = await executor
		.selectFrom("request_links")
		.selectAll()
		.where("request_id", "=", requestId)
		.where("party", "=", party)
		.where("revoked_at", "is", null)
		.orderBy("id", "desc")
		.executeTakeFirst();
	if (current) return current;
	return executor
		.insertInto("request_links")
		.values({
			request_id: requestId,
			party,
			nonce: randomBytes(NONCE_HEX / 2).toString("hex"),
			created_at: now.toISOString(),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

/** The token of link `id` as a queued message carries it (made as it is sent); null when revoked or gone. */
export async function requestLinkTokenFor(
	id: number,
	executor: Kysely<Database> = db,
): Promise<string | null> {
	const link = await executor
		.selectFrom("request_links")
		.selectAll()
		.where("id", "=", id)
		.where("revoked_at", "is", null)
		.executeTakeFirst();
	return link ? requestLinkToken(link) : null;
}

/**
 * The link a token stands for, if it is well formed, correctly signed and not revoked; undefined otherwise
 * (an unknown, forged or revoked token is refused the same way).
 */
export async function findRequestLink(
	token: string,
	executor: Kysely<Database> = db,
): Promise<RequestLink | undefined> {
	const normalised = token.trim().toLowerCase();
	if (!TOKEN.test(normalised)) return undefined;
	const nonce = normalised.slice(0, NONCE_HEX);
	const link = await executor
		.selectFrom("request_links")
		.selectAll()
		.where("nonce", "=", nonce)
		.where("revoked_at", "is", null)
		.executeTakeFirst();
	if (!link) return undefined;
	const expected = Buffer.from(signature(link));
	const given = Buffer.from(normalised.slice(NONCE_HEX));
	return expected.length === given.length && timingSafeEqual(expected, given) ? link : undefined;
}

/** Whether the party has a working link to the request (one that a mail sent so far may carry). */
export async function hasRequestLink(
	requestId: number,
	party: MessageParty,
	executor: Kysely<Database> = db,
): Promise<boolean> {
	const row = await executor
		.selectFrom("request_links")
		.select("id")
		.where("request_id", "=", requestId)
		.where("party", "=", party)
		.where("revoked_at", "is", null)
		.executeTakeFirst();
	return row !== undefined;
}

/** Revokes the request's links (of one party, or both): mails already sent stop opening the thread. */
export async function revokeRequestLinks(
	executor: Kysely<Database>,
	requestId: number,
	party?: MessageParty,
	now = new Date(),
): Promise<number> {
	let query = executor
		.updateTable("request_links")
		.set({ revoked_at: now.toISOString() })
		.where("request_id", "=", requestId)
		.where("revoked_at", "is", null);
	if (party) query = query.where("party", "=", party);
	const result = await query.executeTakeFirst();
	return Number(result.numUpdatedRows);
}
