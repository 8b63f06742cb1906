import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import type { CannedReply, Database } from "~db/schema";

/**
 * The staff's short templates for answering a request (issue #37), each in one language: the request page
 * offers those in the request's language first and inserts one into the message field. Ordered by
 * `position`, then by when they were made.
 */
export async function listCannedReplies(
	language?: Language,
	executor: Kysely<Database> = db,
): Promise<CannedReply[]> {
	let query = executor.selectFrom("canned_replies").selectAll();
	if (language) query = query.where("language", "=", language);
	return query.orderBy("language").orderBy("position").orderBy("id").execute();
}

export async function getCannedReply(id: number): Promise<CannedReply | undefined> {
	return db.selectFrom("canned_replies").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface CannedReplyInput {
	language: Language;
	title: string;
	body: string;
}

/** A new template, placed after the others of its language. */
export async function createCannedReply(input: CannedReplyInput, now = new Date()): Promise<CannedReply> {
	return db.transaction().execute(async (trx) => {
		const last = await trx
			.selectFrom("canned_replies")
			.select((eb) => eb.fn.max("position").as("position"))
			.where("language", "=", input.language)
			.executeTakeFirst();
		return trx
			.insertInto("canned_replies")
			.values({
				language: input.language,
				title: input.title,
				body: input.body,
				position: Number(last?.position ?? 0) + 1,
				created_at: now.toISOString(),
				updated_at: now.toISOString(),
			})
			.returningAll()
			.executeTakeFirstOrThrow();
	});
}

/** Rewrites a template; false when there is no such template. */
export async function updateCannedReply(id: number, input: CannedReplyInput): Promise<boolean> {
	const result = await db
		.updateTable("canned_replies")
		.set({
			language: input.language,
			title: input.title,
			body: input.body,
			updated_at: new Date().toISOString(),
		})
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

/** Removes a template; false when there was none. Messages already sent keep their text. */
export async function deleteCannedReply(id: number): Promise<boolean> {
	const result = await db.deleteFrom("canned_replies").where("id", "=", id).executeTakeFirst();
	return Number(result.numDeletedRows) > 0;
}
