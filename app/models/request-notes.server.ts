import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, RequestNote } from "~db/schema";
import type { Actor } from "./activity.server";

/**
 * The staff's internal notes on a request (issue #37): added, never overwritten or deleted, each with its
 * author and time. Buyers never see them: only /admin/requests/<id> reads this table.
 */
export async function addRequestNote(
	executor: Kysely<Database>,
	note: { requestId: number; actor: Actor; body: string },
	now = new Date(),
): Promise<RequestNote> {
	return executor
		.insertInto("request_notes")
		.values({
			request_id: note.requestId,
			user_id: note.actor.id,
			author_name: note.actor.username,
			body: note.body,
			created_at: now.toISOString(),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

/** A request's notes, oldest first. */
export async function listRequestNotes(
	requestId: number,
	executor: Kysely<Database> = db,
): Promise<RequestNote[]> {
	return executor
		.selectFrom("request_notes")
		.selectAll()
		.where("request_id", "=", requestId)
		.orderBy("id")
		.execute();
}
