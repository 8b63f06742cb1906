import { type Kysely, sql } from "kysely";
import { type ActivityEntity, diffSnapshots, parseChanges, type Snapshot } from "~/lib/activity";
import { db } from "~/lib/db.server";
import type { EditConflict } from "~/lib/edit-conflict";
import type { Database } from "~db/schema";

/**
 * Edit conflicts (issue #18, docs/decisions/0023-edit-conflicts.md). A save is one statement,
 * `update … set …, version = version + 1 where id = ? and version = ?`, in the transaction that also writes
 * the audit row and any gallery change; no row updated means someone saved first, and the model throws
 * EditConflictError so that the whole transaction, and so everything it wrote, is undone.
 */

/** The kinds of thing that carry a version (a purchase request's status has no edit form to lose). */
export type VersionedEntity = Exclude<ActivityEntity, "request" | "consent_text">;

/** The stored version is not the one the form was opened at: nothing was written. */
export class EditConflictError extends Error {
	override name = "EditConflictError";
	constructor() {
		super("The record changed after the form was opened");
	}
}

/** `version + 1`, for the set of a versioned save. */
export const nextVersion = sql<number>`version + 1`;

/**
 * Whether a save changed anything the audit trail records. One that did not gets its old version back
 * (in the same transaction, so nobody sees the raised one): pressing Save on an unchanged form must not
 * make everyone else's open forms conflict over nothing.
 */
export function changedAnything(before: Snapshot, after: Snapshot): boolean {
	return diffSnapshots(before, after).length > 0;
}

async function currentVersion(
	executor: Kysely<Database>,
	entity: VersionedEntity,
	entityId: string | number,
): Promise<number | undefined> {
	const numericId = Number(entityId);
	switch (entity) {
		case "project":
			return (
				await executor
					.selectFrom("projects")
					.select("version")
					.where("id", "=", String(entityId))
					.executeTakeFirst()
			)?.version;
		case "artist":
			return (
				await executor
					.selectFrom("artists")
					.select("version")
					.where("id", "=", String(entityId))
					.executeTakeFirst()
			)?.version;
		case "slide":
			if (!Number.isSafeInteger(numericId)) return undefined;
			return (
				await executor
					.selectFrom("hero_slides")
					.select("version")
					.where("id", "=", numericId)
					.executeTakeFirst()
			)?.version;
		case "user":
			if (!Number.isSafeInteger(numericId)) return undefined;
			return (
				await executor.selectFrom("users").select("version").where("id", "=", numericId).executeTakeFirst()
			)?.version;
		case "settings":
			return (await executor.selectFrom("settings").select("version").where("id", "=", 1).executeTakeFirst())
				?.version;
		case "synonym":
			if (!Number.isSafeInteger(numericId)) return undefined;
			return (
				await executor
					.selectFrom("search_synonyms")
					.select("version")
					.where("id", "=", numericId)
					.executeTakeFirst()
			)?.version;
	}
}

/**
 * What changed since the visitor's version `since`: the stored version now (the form carries it from
 * here on) and the audit trail's rows above `since`, oldest first, field by field. Read in one transaction
 * so the list and the version agree. Null when the thing no longer exists.
 */
export async function describeConflict(
	entity: VersionedEntity,
	entityId: string | number,
	since: number,
): Promise<EditConflict | null> {
	return db.transaction().execute(async (trx) => {
		const version = await currentVersion(trx, entity, entityId);
		if (version === undefined) return null;
		const rows = await trx
			.selectFrom("audit_log")
			.select(["id", "created_at", "actor_username", "action", "changes", "entity_version"])
			.where("entity_kind", "=", entity)
			.where("entity_id", "=", String(entityId))
			.where("entity_version", ">", since)
			.where("entity_version", "<=", version)
			.orderBy("id")
			.execute();
		const recorded = new Set(rows.map((row) => row.entity_version));
		return {
			version,
			changes: rows.map((row) => ({
				id: row.id,
				createdAt: row.created_at,
				actorUsername: row.actor_username,
				action: row.action,
				changes: parseChanges(row.changes),
			})),
			// Each version above `since` up to now should have its row; fewer means some change was made
			// without one (a script, start-up), which the screen says rather than pretend the list is whole.
			unrecorded: recorded.size < version - since,
		};
	});
}
