import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { FormClaim, FormOutcome } from "~/lib/form-token.server";
import type { Database } from "~db/schema";

/** The token was used already: by an earlier post, or by a parallel one that got there first. */
export class FormAlreadySubmittedError extends Error {
	constructor(
		readonly tokenId: string,
		/** The losing post's fingerprint: its answer is the winner's only if they are the same post. */
		readonly post: string,
	) {
		super("This form was submitted already");
		this.name = "FormAlreadySubmittedError";
	}
}

/**
 * Claims a one-time form token inside the write's transaction, before the write: the primary key lets
 * only one transaction have it; the other gets FormAlreadySubmittedError and writes nothing (its
 * transaction rolls back). No claim, nothing to do.
 */
export async function claimFormToken(
	trx: Kysely<Database>,
	claim: FormClaim<never> | undefined,
): Promise<void> {
	if (!claim) return;
	const result = await trx
		.insertInto("form_submissions")
		.values({
			id: claim.id,
			outcome: null,
			expires_at: claim.expiresAt.toISOString(),
			created_at: new Date().toISOString(),
		})
		.onConflict((conflict) => conflict.column("id").doNothing())
		.executeTakeFirst();
	if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
		throw new FormAlreadySubmittedError(claim.id, claim.post);
	}
}

/** What is kept with a used token: the fingerprint of the post that used it, and the answer it got. */
interface StoredSubmission {
	post: string;
	answer: FormOutcome;
}

/**
 * Stores the answer to the post that claimed the token, at the end of the same transaction, with that
 * post's fingerprint: a repeat of the same post gets the answer, anyone else's post with the token not.
 */
export async function settleFormToken<Written>(
	trx: Kysely<Database>,
	claim: FormClaim<Written> | undefined,
	written: Written,
): Promise<void> {
	if (!claim) return;
	await trx
		.updateTable("form_submissions")
		.set({
			outcome: JSON.stringify({
				post: claim.post,
				answer: claim.outcome(written),
			} satisfies StoredSubmission),
		})
		.where("id", "=", claim.id)
		.execute();
}

/**
 * For a used token: the answer its post got when `post` is that same post, "another post" when the token
 * came with other details; null for a token nobody used yet.
 */
export async function findFormOutcome(
	id: string,
	post: string,
): Promise<FormOutcome | "another post" | null> {
	const row = await db
		.selectFrom("form_submissions")
		.select("outcome")
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row?.outcome) return null;
	const stored = JSON.parse(row.outcome) as Partial<StoredSubmission>;
	// A row from before answers were bound to their post (at most 6 hours old) is bound to nobody.
	return stored.post === post && stored.answer ? stored.answer : "another post";
}

/** Tokens past their lifetime are refused anyway: their rows go. */
export async function deleteExpiredFormSubmissions(now = new Date()): Promise<number> {
	const result = await db
		.deleteFrom("form_submissions")
		.where("expires_at", "<=", now.toISOString())
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}
