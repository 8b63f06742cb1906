import type { Kysely } from "kysely";
import {
	createContentVersionTriggers,
	dropContentVersionTriggers,
	generatedId,
	nowDefault,
} from "../db/dialect";
import { createSearchSchema, dropSearchSchema } from "../db/search-dialect";

/**
 * The catalogue's search index (issue #34, docs/decisions/0030-search.md): the documents and their
 * full-text index (FTS5 on SQLite, tsvector + GIN and pg_trgm on Postgres: db/search-dialect.ts), the
 * vocabulary, the synonyms staff keep, and the queries that found nothing. The index is filled by the
 * server's setup (app/lib/search/documents.server.ts syncSearchIndex), not here: it needs the stemmers.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await createSearchSchema(db);

	// One group of words or phrases that mean the same, as staff typed it, one phrase a line.
	await db.schema
		.createTable("search_synonyms")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("phrases", "text", (col) => col.notNull())
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(nowDefault(db)))
		.addColumn("updated_at", "text", (col) => col.notNull().defaultTo(nowDefault(db)))
		.addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
		.execute();
	// A synonym changes what cached search pages show.
	await createContentVersionTriggers(db, "search_synonyms");

	// What visitors searched for and did not find: the normalised text, how often, when last. Nothing else.
	await db.schema
		.createTable("search_misses")
		.addColumn("query", "text", (col) => col.primaryKey())
		.addColumn("count", "integer", (col) => col.notNull().defaultTo(1))
		.addColumn("last_at", "text", (col) => col.notNull())
		.execute();
	await db.schema.createIndex("search_misses_last_at_idx").on("search_misses").column("last_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("search_misses").execute();
	await dropContentVersionTriggers(db, "search_synonyms");
	await db.schema.dropTable("search_synonyms").execute();
	await dropSearchSchema(db);
}
