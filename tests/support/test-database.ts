/**
 * Which database the integration tests run against (FORMA_TEST_DATABASE: "sqlite", the default, or
 * "postgres"; `npm test` runs them on both), and the Postgres side of putting the seeded database back
 * before each test (docs/decisions/0011, 0024).
 */
import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { CONTENT_CHANNEL } from "../../db/dialect";

export type TestDatabase = "sqlite" | "postgres";

export function testDatabase(): TestDatabase {
	return process.env.FORMA_TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/** The seeded database each test file's database is cloned from (CREATE DATABASE … TEMPLATE). */
export const POSTGRES_TEMPLATE = "forma_template";

/**
 * Keeps a copy of every seeded table in schema `forma_seed` and makes `forma_test_reset()`, which puts
 * back the tables a test wrote to: a statement trigger on every table notes the table in
 * `forma_seed.forma_dirty` on any write, and the reset deletes and copies back just those, with foreign
 * keys and triggers off (session_replication_role = replica: the order of the copies does not matter,
 * and the copying itself marks nothing), and sets their sequences where the seed left them, so ids
 * continue as they would have. A test that only reads costs one query. Then it announces a content
 * change, as a write would, so the app's caches read afresh. A clone of the template carries all of it.
 */
export async function installPostgresReset<DB>(db: Kysely<DB>): Promise<void> {
	await sql`create schema forma_seed`.execute(db);
	const { rows: tables } = await sql<{ name: string }>`
		select table_name as name from information_schema.tables
		where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(
		db,
	);
	await sql`create table forma_seed.forma_dirty (name text primary key)`.execute(db);
	await sql`create table forma_seed.forma_sequences as
		select format('%I.%I', schemaname, sequencename) as name, last_value
		from pg_sequences where schemaname = 'public'`.execute(db);
	await sql`create function forma_mark_dirty() returns trigger language plpgsql as $$
		begin
			insert into forma_seed.forma_dirty values (tg_table_name) on conflict do nothing;
			return null;
		end $$`.execute(db);
	for (const { name } of tables) {
		await sql`create table ${sql.id("forma_seed", name)} as table ${sql.id("public", name)}`.execute(db);
		await sql`create trigger forma_mark_dirty after insert or update or delete or truncate on ${sql.table(name)}
			for each statement execute function forma_mark_dirty()`.execute(db);
	}
	await sql`create function forma_test_reset() returns void language plpgsql as $$
		declare
			item record;
		begin
			set local session_replication_role = replica;
			for item in select name from forma_seed.forma_dirty loop
				execute format('delete from public.%I', item.name);
				execute format('insert into public.%I select * from forma_seed.%I', item.name, item.name);
			end loop;
			-- A sequence is named after its table (table_id_seq), renamed tables keep the old name: reset all.
			for item in select name, last_value from forma_seed.forma_sequences loop
				if item.last_value is null then
					perform setval(item.name, 1, false);
				else
					perform setval(item.name, item.last_value, true);
				end if;
			end loop;
			delete from forma_seed.forma_dirty;
			perform pg_notify(${sql.lit(CONTENT_CHANNEL)}, '');
		end $$`.execute(db);
}

/**
 * A new, empty database in the test cluster (a restore's target, a fresh start for migrators), and the
 * function that drops it. Call it from a test: it asks vitest for the cluster's address.
 */
export async function emptyPostgresDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
	const adminUrl = inject("postgresUrl");
	const name = `forma_${label}_${randomBytes(4).toString("hex")}`;
	const onAdmin = async (statement: string) => {
		const admin = new pg.Client({ connectionString: adminUrl });
		await admin.connect();
		try {
			await admin.query(statement);
		} finally {
			await admin.end();
		}
	};
	await onAdmin(`create database ${name}`);
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return { url: url.toString(), drop: () => onAdmin(`drop database ${name} with (force)`) };
}
