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
 * The keys of `catalogue_counts` a published piece counts under, as SQL over the trigger's `new` or `old`
 * row: its category's, its artist's, and the two together (migration 0016). A piece without an artist counts
 * in its category only.
 */
function countKeys(row: "new" | "old"): string[] {
	return [`${row}.category, ''`, `'', ${row}.artist_id`, `${row}.category, ${row}.artist_id`];
}

const COUNT_TRIGGERS = ["insert", "update", "delete"] as const;

/**
 * Triggers that keep `catalogue_counts` (published pieces by category and artist, migration 0016) in step
 * with every write to projects, whoever makes it (the app, a CLI, a bulk load), in the write's own
 * transaction. An update that changes neither status, category nor artist touches no count, so editing a
 * price or a description never waits on a count row. SQLite: one trigger per event, an upsert per key;
 * Postgres: one row trigger calling a plpgsql function.
 */
export async function createCatalogueCountTriggers<DB>(db: Kysely<DB>): Promise<void> {
	if (databaseKind(db) === "postgres") {
		await sql`create or replace function forma_catalogue_count() returns trigger language plpgsql as $$
			begin
				if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
					insert into catalogue_counts as c (category, artist_id, published)
						select k.category, k.artist_id, -1
						from (values (old.category, ''), ('', old.artist_id), (old.category, old.artist_id)) as k (category, artist_id)
						where k.artist_id is not null
					on conflict (category, artist_id) do update set published = c.published - 1;
				end if;
				if tg_op in ('UPDATE', 'INSERT') and new.status = 'published' then
					insert into catalogue_counts as c (category, artist_id, published)
						select k.category, k.artist_id, 1
						from (values (new.category, ''), ('', new.artist_id), (new.category, new.artist_id)) as k (category, artist_id)
						where k.artist_id is not null
					on conflict (category, artist_id) do update set published = c.published + 1;
				end if;
				return null;
			end $$`.execute(db);
		await sql`create trigger projects_insert_catalogue_count after insert on projects
			for each row when (new.status = 'published') execute function forma_catalogue_count()`.execute(db);
		await sql`create trigger projects_delete_catalogue_count after delete on projects
			for each row when (old.status = 'published') execute function forma_catalogue_count()`.execute(db);
		await sql`create trigger projects_update_catalogue_count after update of status, category, artist_id on projects
			for each row when (old.status is distinct from new.status or old.category is distinct from new.category
				or old.artist_id is distinct from new.artist_id)
			execute function forma_catalogue_count()`.execute(db);
		return;
	}
	const upsert = (row: "new" | "old", delta: 1 | -1) =>
		countKeys(row)
			.map((key, index) => {
				// The category's own row counts every piece; the artist's rows only pieces that have one.
				const condition =
					index === 0
						? `${row}.status = 'published'`
						: `${row}.status = 'published' and ${row}.artist_id is not null`;
				return `insert into catalogue_counts (category, artist_id, published) select ${key}, ${delta} where ${condition}
					on conflict (category, artist_id) do update set published = published + excluded.published;`;
			})
			.join("\n");
	await sql
		.raw(`create trigger projects_insert_catalogue_count after insert on projects when new.status = 'published' begin
			${upsert("new", 1)}
		end`)
		.execute(db);
	await sql
		.raw(`create trigger projects_delete_catalogue_count after delete on projects when old.status = 'published' begin
			${upsert("old", -1)}
		end`)
		.execute(db);
	await sql
		.raw(`create trigger projects_update_catalogue_count after update of status, category, artist_id on projects
			when old.status is not new.status or old.category is not new.category or old.artist_id is not new.artist_id
			begin
				${upsert("old", -1)}
				${upsert("new", 1)}
			end`)
		.execute(db);
}

export async function dropCatalogueCountTriggers<DB>(db: Kysely<DB>): Promise<void> {
	const postgres = databaseKind(db) === "postgres";
	for (const event of COUNT_TRIGGERS)
		await sql
			.raw(`drop trigger if exists projects_${event}_catalogue_count${postgres ? " on projects" : ""}`)
			.execute(db);
	if (postgres) await sql`drop function if exists forma_catalogue_count()`.execute(db);
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

/**
 * Holds a lock named `key` until the transaction `trx` ends, so that writers on several instances that
 * check and then write the same thing take turns. Postgres: a transaction-scoped advisory lock on the
 * key's hash. SQLite: nothing to do, its transactions hold the one write lock from their start
 * (`begin immediate`, db/connection.ts).
 */
export async function lockWithinTransaction<DB>(trx: Kysely<DB>, key: string): Promise<void> {
	if (databaseKind(trx) !== "postgres") return;
	await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
