import type { Kysely } from "kysely";

/**
 * State that several instances must share (issue #15, docs/decisions/0024-postgres.md), kept in the
 * database. Plain schema-builder DDL, the same on SQLite and Postgres; a single SQLite process keeps its
 * rate limits in memory and leaves `rate_limits` empty.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	// One row per rate-limit key (app/lib/rate-limit.server.ts): attempts counted since `started_at`.
	await db.schema
		.createTable("rate_limits")
		.addColumn("key", "text", (col) => col.primaryKey())
		.addColumn("count", "integer", (col) => col.notNull())
		// Milliseconds since 1970: when the window began (a backoff: the last attempt).
		.addColumn("started_at", "bigint", (col) => col.notNull())
		// Milliseconds since 1970 after which the row means nothing and is purged.
		.addColumn("expires_at", "bigint", (col) => col.notNull())
		.execute();
	await db.schema.createIndex("rate_limits_expires_idx").on("rate_limits").column("expires_at").execute();

	// One row per scheduled job (session purge, backups): the instance that moves `last_run_at` on runs it.
	await db.schema
		.createTable("scheduled_jobs")
		.addColumn("name", "text", (col) => col.primaryKey())
		.addColumn("last_run_at", "text", (col) => col.notNull())
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("scheduled_jobs").execute();
	await db.schema.dropTable("rate_limits").execute();
}
