/**
 * Everything that SQLite and PostgreSQL spell differently, in one place (docs/decisions/0024-postgres.md).
 * Queries and migrations are written once with Kysely; where plain SQL cannot be shared, the difference
 * is a named helper here, and the rest of the code base never asks which database it is on.
 *
 * What is shared by making Postgres speak like SQLite rather than the other way round (installed by the
 * first migration, on Postgres only; SQLite has them built in or registered per connection):
 * - `collate nocase`: an ICU collation of that name that ignores letter case, so comparisons and unique
 *   indexes that say `collate nocase` read the same on both;
 * - `instr(haystack, needle)`: Postgres's strpos under SQLite's name;
 * - `search_fold(text)`: lower case (Unicode, through ICU whatever the database's own locale) and ё → е,
 *   what db/connection.ts registers in SQLite from foldForSearch().
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

export type DatabaseKind = "sqlite" | "postgres";

/** Which database a Kysely instance talks to (migrations get a bare Kysely, so they ask it). */
export function databaseKind<DB>(db: Kysely<DB>): DatabaseKind {
	return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * A column default of "now" as ISO-8601 text in UTC with milliseconds (2026-11-22T10:04:05.123Z), the
 * format every timestamp column holds and the app writes itself.
 */
export function nowDefault<DB>(db: Kysely<DB>): RawBuilder<string> {
	return databaseKind(db) === "postgres"
		? sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
		: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/**
 * An integer primary key the database numbers: SQLite's `autoincrement` (ids never reused) or a Postgres
 * identity column (a sequence: never reused either). Either accepts an explicit id, as the seed gives.
 */
export function generatedId<DB>(db: Kysely<DB>) {
	return (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
		databaseKind(db) === "postgres"
			? col.primaryKey().generatedByDefaultAsIdentity()
			: col.primaryKey().autoIncrement();
}

/** SQLite's functions and collation that the queries use, made on Postgres (see the file's comment). */
export async function installPostgresCompatibility<DB>(db: Kysely<DB>): Promise<void> {
	if (databaseKind(db) !== "postgres") return;
	await sql`create collation if not exists nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`.execute(
		db,
	);
	await sql`create or replace function instr(haystack text, needle text) returns integer
		language sql immutable strict parallel safe
		return strpos(haystack, needle)`.execute(db);
	await sql`create or replace function search_fold(value text) returns text
		language sql immutable strict parallel safe
		return replace(lower(value collate "und-x-icu"), 'ё', 'е')`.execute(db);
}

/** The channel Postgres announces content changes on (see contentVersionTriggers below). */
export const CONTENT_CHANNEL = "forma_content";

const TRIGGER_EVENTS = ["insert", "update", "delete"] as const;

/**
 * Triggers that count changes to what anonymous pages show (migrations 0005 and 0006). SQLite bumps
 * `app_meta.content_version` for every changed row; the server's page cache reads it through `PRAGMA
 * data_version`. Postgres instead announces each changing statement on CONTENT_CHANNEL (delivered to every
 * instance at commit, LISTEN in db/postgres.ts): a shared counter row would make every content write wait
 * on that one row, and could deadlock two admins' multi-table saves.
 */
export async function createContentVersionTriggers<DB>(db: Kysely<DB>, table: string): Promise<void> {
	const postgres = databaseKind(db) === "postgres";
	if (postgres) {
		await sql`create or replace function forma_content_changed() returns trigger language plpgsql as $$
			begin
				perform pg_notify(${sql.lit(CONTENT_CHANNEL)}, '');
				return null;
			end $$`.execute(db);
	}
	for (const event of TRIGGER_EVENTS) {
		const name = `${table}_${event}_content_version`;
		await sql
			.raw(
				postgres
					? `create trigger ${name} after ${event} on ${table} for each statement execute function forma_content_changed()`
					: `create trigger ${name} after ${event} on ${table} begin
					   update app_meta set value = cast(value as integer) + 1 where key = 'content_version';
					 end`,
			)
			.execute(db);
	}
}

export async function dropContentVersionTriggers<DB>(db: Kysely<DB>, table: string): Promise<void> {
	const on = databaseKind(db) === "postgres" ? ` on ${table}` : "";
	for (const event of TRIGGER_EVENTS)
		await sql.raw(`drop trigger if exists ${table}_${event}_content_version${on}`).execute(db);
}

/**
 * The column (as "table.column") whose unique index or primary key refused a write, or null for any
 * other error. SQLite says "UNIQUE constraint failed: users.email"; Postgres gives SQLSTATE 23505 with
 * the table and "Key (email)=(…) already exists."
 */
export function uniqueViolation(error: unknown): string | null {
	if (!(error instanceof Error) || !("code" in error)) return null;
	if (error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
		return /constraint failed: ([\w.]+)/.exec(error.message)?.[1] ?? "";
	if (error.code !== "23505") return null;
	const table = "table" in error && typeof error.table === "string" ? error.table : "";
	const detail = "detail" in error && typeof error.detail === "string" ? error.detail : "";
	const column = /^Key \(([^)]*)\)=/.exec(detail)?.[1] ?? "";
	return `${table}.${column}`;
}
