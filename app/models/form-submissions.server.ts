import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { FormClaim, FormOutcome } from "~/lib/form-token.server";
import type { Database } from "~db/schema";

/** The token was used already: by an earlier post, or by a parallel one that got there first. */
export class FormAlreadySubmittedError extends Error {
	constructor(readonly tokenId: string) {
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
	if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new FormAlreadySubmittedError(claim.id);
}

/** Stores the answer to the post that claimed the token, at the end of the same transaction. */
export async function settleFormToken<Written>(
	trx: Kysely<Database>,
	claim: FormClaim<Written> | undefined,
	written: Written,
): Promise<void> {
	if (!claim) return;
	await trx
		.updateTable("form_submissions")
		.set({ outcome: JSON.stringify(claim.outcome(written)) })
		.where("id", "=", claim.id)
		.execute();
}

/** The first post's answer for a used token, or null for a token nobody used yet. */
export async function findFormOutcome(id: string): Promise<FormOutcome | null> {
	const row = await db
		.selectFrom("form_submissions")
		.select("outcome")
		.where("id", "=", id)
		.executeTakeFirst();
	return row?.outcome ? (JSON.parse(row.outcome) as FormOutcome) : null;
}

/** Tokens past their lifetime are refused anyway: their rows go. */
export async function deleteExpiredFormSubmissions(now = new Date()): Promise<number> {
	const result = await db
		.deleteFrom("form_submissions")
		.where("expires_at", "<=", now.toISOString())
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}
