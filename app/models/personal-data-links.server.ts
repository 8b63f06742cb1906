import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database } from "~db/schema";
import { hashToken, secretOf } from "./email-tokens.server";

/** A guest's link to their data works for an hour. */
export const PERSONAL_DATA_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** How the outbox names the link a message carries: the sender makes its secret from it as it sends. */
const REFERENCE = /^personal_data_link:(\d+)$/;

export function personalDataLinkReference(id: number): string {
	return `personal_data_link:${id}`;
}

/**
 * Makes a guest's one-time link for `email` (lower-cased) and returns its id, never its secret: like the
 * account links (app/models/email-tokens.server.ts, docs/decisions/0017) the row keeps a random nonce and
 * the SHA-256 of the secret made from it under a key from SESSION_SECRET; the message is queued with a
 * placeholder and the sender puts the secret in as it sends. Earlier unused links for the address stop
 * working: the newest is the one that counts. Pass the transaction that queues the message.
 */
export async function createPersonalDataLink(
	executor: Kysely<Database>,
	email: string,
	now = new Date(),
): Promise<{ id: number }> {
	const address = email.trim().toLowerCase();
	const nonce = randomBytes(32).toString("base64url");
	await executor
		.updateTable("personal_data_links")
		.set({ used_at: now.toISOString() })
		.where("email", "=", address)
		.where("used_at", "is", null)
		.execute();
	return executor
		.insertInto("personal_data_links")
		.values({
			email: address,
			nonce,
			token_hash: hashToken(secretOf({ purpose: "personal_data", nonce })),
			expires_at: new Date(now.getTime() + PERSONAL_DATA_LINK_LIFETIME_MS).toISOString(),
			created_at: now.toISOString(),
		})
		.returning("id")
		.executeTakeFirstOrThrow();
}

/**
 * The secret of the link a queued message carries (by its outbox reference), made as it is sent; null
 * when the reference names no link any more (erased meanwhile), undefined when it names none at all.
 */
export async function personalDataLinkSecretFor(
	reference: string | null,
	executor: Kysely<Database> = db,
): Promise<string | null | undefined> {
	const match = reference ? REFERENCE.exec(reference) : null;
	if (!match) return undefined;
	const row = await executor
		.selectFrom("personal_data_links")
		.select("nonce")
		.where("id", "=", Number(match[1]))
		.executeTakeFirst();
	return row ? secretOf({ purpose: "personal_data", nonce: row.nonce }) : null;
}

export type PersonalDataLinkCheck =
	| { ok: true; id: number; email: string }
	| { ok: false; problem: "invalid" | "expired" | "used" };

/** What a link's token is worth, without using it: the address it stands for, or why it does not work. */
export async function checkPersonalDataLink(
	token: string,
	options: { executor?: Kysely<Database>; now?: Date } = {},
): Promise<PersonalDataLinkCheck> {
	const executor = options.executor ?? db;
	const now = options.now ?? new Date();
	if (!token || token.length > 200) return { ok: false, problem: "invalid" };
	const row = await executor
		.selectFrom("personal_data_links")
		.select(["id", "email", "expires_at", "used_at"])
		.where("token_hash", "=", hashToken(token))
		.executeTakeFirst();
	if (!row) return { ok: false, problem: "invalid" };
	if (row.used_at) return { ok: false, problem: "used" };
	if (row.expires_at <= now.toISOString()) return { ok: false, problem: "expired" };
	return { ok: true, id: row.id, email: row.email };
}

/**
 * Uses a link up, once, in `executor`'s transaction (the erasure it allows runs in the same one): two
 * posts racing each other cannot both pass.
 */
export async function consumePersonalDataLink(
	executor: Kysely<Database>,
	token: string,
	now = new Date(),
): Promise<PersonalDataLinkCheck> {
	const check = await checkPersonalDataLink(token, { executor, now });
	if (!check.ok) return check;
	const result = await executor
		.updateTable("personal_data_links")
		.set({ used_at: now.toISOString() })
		.where("id", "=", check.id)
		.where("used_at", "is", null)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1 ? check : { ok: false, problem: "used" };
}
