import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, Hold, HoldEndReason } from "~db/schema";

/**
 * Holds (issue #37, docs/decisions/0036): a piece kept for one buyer's request until a moment. At most one
 * active hold (ended_at null) per piece, enforced by the partial unique index of migration 0025; the sale
 * service (app/services/sale.server.ts) takes a lock per piece before it looks, so the index is a backstop.
 */

/** The piece's active hold, if any. */
export async function findActiveHold(
	executor: Kysely<Database>,
	projectId: string,
): Promise<Hold | undefined> {
	return executor
		.selectFrom("holds")
		.selectAll()
		.where("project_id", "=", projectId)
		.where("ended_at", "is", null)
		.executeTakeFirst();
}

export async function insertHold(
	executor: Kysely<Database>,
	hold: { projectId: string; requestId: number; until: Date; createdBy: string },
	now = new Date(),
): Promise<Hold> {
	return executor
		.insertInto("holds")
		.values({
			project_id: hold.projectId,
			request_id: hold.requestId,
			until: hold.until.toISOString(),
			created_by: hold.createdBy,
			created_at: now.toISOString(),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

/** Moves an active hold's end; its reminder is due again before the new date. */
export async function moveHoldEnd(executor: Kysely<Database>, id: number, until: Date): Promise<void> {
	await executor
		.updateTable("holds")
		.set({ until: until.toISOString(), reminded_at: null })
		.where("id", "=", id)
		.where("ended_at", "is", null)
		.execute();
}

/** Ends an active hold; false when it had already ended (another instance, another click). */
export async function endHoldRow(
	executor: Kysely<Database>,
	id: number,
	reason: HoldEndReason,
	now = new Date(),
): Promise<boolean> {
	const result = await executor
		.updateTable("holds")
		.set({ ended_at: now.toISOString(), end_reason: reason })
		.where("id", "=", id)
		.where("ended_at", "is", null)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}

/** Active holds whose date has passed. */
export async function listLapsedHolds(executor: Kysely<Database>, now: Date): Promise<Hold[]> {
	return executor
		.selectFrom("holds")
		.selectAll()
		.where("ended_at", "is", null)
		.where("until", "<=", now.toISOString())
		.orderBy("id")
		.execute();
}

/** Active holds ending within `withinMs` whose manager has not been reminded yet. */
export async function listHoldsToRemind(
	executor: Kysely<Database>,
	now: Date,
	withinMs: number,
): Promise<Hold[]> {
	return executor
		.selectFrom("holds")
		.selectAll()
		.where("ended_at", "is", null)
		.where("reminded_at", "is", null)
		.where("until", ">", now.toISOString())
		.where("until", "<=", new Date(now.getTime() + withinMs).toISOString())
		.orderBy("id")
		.execute();
}

/** Marks the reminder sent; false when another round already did. */
export async function markHoldReminded(executor: Kysely<Database>, id: number, now: Date): Promise<boolean> {
	const result = await executor
		.updateTable("holds")
		.set({ reminded_at: now.toISOString() })
		.where("id", "=", id)
		.where("reminded_at", "is", null)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}

/** The request's holds, newest first. */
export async function listHoldsOfRequest(
	requestId: number,
	executor: Kysely<Database> = db,
): Promise<Hold[]> {
	return executor
		.selectFrom("holds")
		.selectAll()
		.where("request_id", "=", requestId)
		.orderBy("id", "desc")
		.execute();
}

/**
 * A piece's custom id moves (app/models/projects.server.ts, updateProject): its holds and offers move with
 * it. Migration 0025 made their `project_id` without ON UPDATE CASCADE, so they step aside (kept in memory,
 * deleted) while the id moves and come back, with their own ids, under the new one, all in the move's
 * transaction. `move` is the statement that moves the project's id.
 */
export async function moveSaleRowsWithPiece(
	executor: Kysely<Database>,
	fromId: string,
	toId: string,
	move: () => Promise<void>,
): Promise<void> {
	const holds = await executor.selectFrom("holds").selectAll().where("project_id", "=", fromId).execute();
	const offers = await executor.selectFrom("offers").selectAll().where("project_id", "=", fromId).execute();
	if (holds.length > 0) await executor.deleteFrom("holds").where("project_id", "=", fromId).execute();
	if (offers.length > 0) await executor.deleteFrom("offers").where("project_id", "=", fromId).execute();
	await move();
	if (holds.length > 0)
		await executor
			.insertInto("holds")
			.values(holds.map((hold) => ({ ...hold, project_id: toId })))
			.execute();
	if (offers.length > 0)
		await executor
			.insertInto("offers")
			.values(offers.map((offer) => ({ ...offer, project_id: toId })))
			.execute();
}
