import type { Kysely } from "kysely";

/**
 * Posts that count once (issue #18): the one-time form tokens that purchase requests, registrations and the
 * admin's "add" forms carry. A row is a token that has been used, claimed in the same transaction as the
 * write it guards, with the answer that write got (replayed to every repeat). The primary key is what
 * makes a second claim fail. Plain schema-builder DDL, nothing SQLite-only; docs/decisions/0022-form-tokens.md.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("form_submissions")
		// The token's random id (never the whole signed token).
		.addColumn("id", "text", (col) => col.primaryKey())
		// The first post's answer as JSON: { redirect, toast } or { data, status }. Empty only inside the
		// claiming transaction, so no other request ever sees it empty.
		.addColumn("outcome", "text")
		// When the token stops being accepted; the row is useless after that and is purged.
		.addColumn("expires_at", "text", (col) => col.notNull())
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("form_submissions_expires_idx")
		.on("form_submissions")
		.column("expires_at")
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("form_submissions").execute();
}
