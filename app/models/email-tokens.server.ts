import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { sessionSecret } from "~/lib/session-secret.server";
import type { Database, EmailTokenPurpose, User } from "~db/schema";

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
	verify_email: 24 * 60 * 60 * 1000,
	reset_password: 60 * 60 * 1000,
};

/** The SHA-256 a link's secret is kept as (also for the guests' personal-data links). */
export function hashToken(token: string): string {
	return createHash("sha256").update(token).digest("hex");
}

let linkKey: Buffer | undefined;

/** The key link secrets are made with: derived from SESSION_SECRET, which never sits in the database. */
function linkSecretKey(): Buffer {
	linkKey ??= createHmac("sha256", sessionSecret(getEnv())).update("forma email links v1").digest();
	return linkKey;
}

/**
 * The secret a link carries (32 bytes, base64url): HMAC-SHA256 under a key from SESSION_SECRET of the
 * token's purpose and its random nonce. Nothing in the database makes it: the row holds the nonce and the
 * secret's SHA-256, neither of which gives it back without the key (docs/decisions/0017).
 */
export function secretOf(token: {
	purpose: EmailTokenPurpose | "personal_data" | "request_link";
	nonce: string;
}): string {
	return createHmac("sha256", linkSecretKey()).update(`${token.purpose}:${token.nonce}`).digest("base64url");
}

/** A one-time link's token as the outbox refers to it: the sender makes its secret when the message goes. */
export interface EmailTokenRef {
	id: number;
}

/**
 * Makes a one-time token for a link sent to `email` and returns its reference, not its secret: the
 * message carrying it is queued with a placeholder where the secret goes, and the sender puts the secret
 * there as it sends (linkSecretFor). Only the nonce it is made from and the secret's hash are stored.
 * Earlier unused tokens of the same purpose for the user stop working (the newest link is the one that
 * counts). Pass the transaction that queues the message carrying it.
 */
export async function createEmailToken(
	executor: Kysely<Database>,
	input: { userId: number; purpose: EmailTokenPurpose; email: string; now?: Date },
): Promise<EmailTokenRef> {
	const now = input.now ?? new Date();
	const nonce = randomBytes(32).toString("base64url");
	await executor
		.updateTable("email_tokens")
		.set({ used_at: now.toISOString() })
		.where("user_id", "=", input.userId)
		.where("purpose", "=", input.purpose)
		.where("used_at", "is", null)
		.execute();
	return executor
		.insertInto("email_tokens")
		.values({
			user_id: input.userId,
			purpose: input.purpose,
			nonce,
			token_hash: hashToken(secretOf({ purpose: input.purpose, nonce })),
			email: input.email,
			expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]).toISOString(),
		})
		.returning("id")
		.executeTakeFirstOrThrow();
}

/**
 * The secret of the link a queued message carries, made as it is sent (the same every time, so a second
 * copy after a crash carries the same link); null when the token is gone or predates made secrets.
 */
export async function linkSecretFor(
	tokenId: number,
	executor: Kysely<Database> = db,
): Promise<string | null> {
	const row = await executor
		.selectFrom("email_tokens")
		.select(["purpose", "nonce"])
		.where("id", "=", tokenId)
		.executeTakeFirst();
	return row?.nonce ? secretOf({ purpose: row.purpose, nonce: row.nonce }) : null;
}

/**
 * Uses up every link the user has outstanding, of every kind (with the transaction that blocks the
 * account): a link mailed before a block must not work again once the account is unblocked.
 */
export async function revokeEmailTokens(executor: Kysely<Database>, userId: number, now = new Date()) {
	await executor
		.updateTable("email_tokens")
		.set({ used_at: now.toISOString() })
		.where("user_id", "=", userId)
		.where("used_at", "is", null)
		.execute();
}

export type TokenProblem = "invalid" | "expired" | "used";

export type TokenCheck =
	| { ok: true; tokenId: number; user: User; email: string }
	| { ok: false; problem: TokenProblem };

/**
 * What a token from a link is worth, without using it: the user and address it stands for, or why it
 * cannot be used (unknown, past its time, already used, or its account blocked or gone).
 */
export async function checkEmailToken(
	token: string,
	purpose: EmailTokenPurpose,
	options: { executor?: Kysely<Database>; now?: Date } = {},
): Promise<TokenCheck> {
	const executor = options.executor ?? db;
	const now = options.now ?? new Date();
	if (!token || token.length > 200) return { ok: false, problem: "invalid" };
	const row = await executor
		.selectFrom("email_tokens")
		.innerJoin("users", "users.id", "email_tokens.user_id")
		.selectAll("users")
		.select([
			"email_tokens.id as token_id",
			"email_tokens.email as token_email",
			"email_tokens.expires_at as token_expires_at",
			"email_tokens.used_at as token_used_at",
		])
		.where("email_tokens.token_hash", "=", hashToken(token))
		.where("email_tokens.purpose", "=", purpose)
		.executeTakeFirst();
	if (row?.status !== "active") return { ok: false, problem: "invalid" };
	if (row.token_used_at) return { ok: false, problem: "used" };
	if (row.token_expires_at <= now.toISOString()) return { ok: false, problem: "expired" };
	const { token_id, token_email, token_expires_at: _expires, token_used_at: _used, ...user } = row;
	return { ok: true, tokenId: token_id, user, email: token_email };
}

/**
 * The account and address a token was made for, whatever its state (expired, used, replaced): for "send
 * the link again" from an old link's page. Undefined for a token that never existed.
 */
export async function findEmailTokenAccount(
	token: string,
	purpose: EmailTokenPurpose,
): Promise<{ user: User; email: string } | undefined> {
	if (!token || token.length > 200) return undefined;
	const row = await db
		.selectFrom("email_tokens")
		.innerJoin("users", "users.id", "email_tokens.user_id")
		.selectAll("users")
		.select("email_tokens.email as token_email")
		.where("email_tokens.token_hash", "=", hashToken(token))
		.where("email_tokens.purpose", "=", purpose)
		.executeTakeFirst();
	if (!row) return undefined;
	const { token_email, ...user } = row;
	return { user, email: token_email };
}

/**
 * Uses a token, once: checks it and marks it used in `executor`'s transaction, so two clicks racing each
 * other cannot both succeed. The caller does the token's work in the same transaction.
 */
export async function consumeEmailToken(
	executor: Kysely<Database>,
	token: string,
	purpose: EmailTokenPurpose,
	now = new Date(),
): Promise<TokenCheck> {
	const check = await checkEmailToken(token, purpose, { executor, now });
	if (!check.ok) return check;
	const result = await executor
		.updateTable("email_tokens")
		.set({ used_at: now.toISOString() })
		.where("id", "=", check.tokenId)
		.where("used_at", "is", null)
		.executeTakeFirst();
	if (Number(result.numUpdatedRows) !== 1) return { ok: false, problem: "used" };
	return check;
}
