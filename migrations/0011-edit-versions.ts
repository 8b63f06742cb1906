import type { Kysely } from "kysely";

/**
 * Edit conflicts (issue #18): each record an admin screen edits carries a version, 1 when it is made,
 * raised by one by every save. A form sends back the version it was opened at and the save is one
 * statement, `update … set …, version = version + 1 where id = ? and version = ?`: no row changed means
 * someone saved first, and nothing is overwritten. Plain schema-builder DDL, nothing SQLite-only.
 * docs/decisions/0023-edit-conflicts.md has the design.
 */
const VERSIONED_TABLES = ["projects", "artists", "hero_slides", "settings", "users"] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	for (const table of VERSIONED_TABLES) {
		await db.schema
			.alterTable(table)
			.addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
			.execute();
	}
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	for (const table of VERSIONED_TABLES) await db.schema.alterTable(table).dropColumn("version").execute();
}
