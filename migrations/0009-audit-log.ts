import type { Kysely } from "kysely";
import { generatedId } from "../db/dialect";

/**
 * The audit trail (issue #18): one row per administrator's change, written in the change's own transaction.
 * Who (their id, and their username as it was), when, what (entity kind, id and a readable label as they
 * were) and the field changes as JSON. Plain schema-builder DDL, nothing SQLite-only, so it moves to
 * Postgres as it is (`changes` can become jsonb there). docs/decisions/0021-audit-trail.md has the design.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("audit_log")
		.addColumn("id", "integer", generatedId(db))
		// Set by the application (ISO-8601, UTC), like every timestamp the app writes: no database clock function.
		.addColumn("created_at", "text", (col) => col.notNull())
		// The account stays optional: the row outlives it, and the username below says who it was.
		.addColumn("actor_id", "integer", (col) => col.references("users.id").onDelete("set null"))
		.addColumn("actor_username", "text", (col) => col.notNull())
		.addColumn("entity_kind", "text", (col) => col.notNull())
		.addColumn("entity_id", "text", (col) => col.notNull())
		.addColumn("entity_label", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("action", "text", (col) => col.notNull())
		// [{ "field": "name", "before": "Oak Stool", "after": "Elm Stool" }, …]
		.addColumn("changes", "text", (col) => col.notNull().defaultTo("[]"))
		// The thing's version after the change (edit conflicts, migration 0011): a form opened at version n
		// is shown the rows above n. Null where a change makes no version (a deletion, a slide's move).
		.addColumn("entity_version", "integer")
		.execute();
	// The screen's filters: one thing's history, one kind, one administrator; each newest first (by id).
	await db.schema
		.createIndex("audit_log_entity_idx")
		.on("audit_log")
		.columns(["entity_kind", "entity_id", "id"])
		.execute();
	await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "id"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("audit_log").execute();
}
