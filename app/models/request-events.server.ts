import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, RequestEvent } from "~db/schema";

/**
 * A step in a request's timeline (issue #37): status changes, mails, holds, offers, the outcome. Messages
 * and notes have their own tables; /admin/requests/<id> shows all of them in one timeline, oldest first.
 * `kind` names the step (its text is `sale:timeline.<kind>`, with `details` as the interpolation values).
 */
export async function recordRequestEvent(
	executor: Kysely<Database>,
	event: { requestId: number; kind: string; actorName?: string; details?: Record<string, unknown> },
	now = new Date(),
): Promise<void> {
	await executor
		.insertInto("request_events")
		.values({
			request_id: event.requestId,
			kind: event.kind,
			actor_name: event.actorName ?? "",
			details: JSON.stringify(event.details ?? {}),
			created_at: now.toISOString(),
		})
		.execute();
}

export async function listRequestEvents(
	requestId: number,
	executor: Kysely<Database> = db,
): Promise<RequestEvent[]> {
	return executor
		.selectFrom("request_events")
		.selectAll()
		.where("request_id", "=", requestId)
		.orderBy("id")
		.execute();
}
