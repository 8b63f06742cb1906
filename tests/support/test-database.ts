/**
 * Which database the integration tests run against (FORMA_TEST_DATABASE: "sqlite", the default, or
 * "postgres"; `npm test` runs them on both), and the Postgres side of putting the seeded database back
 * before each test (docs/decisions/0011, 0024).
 */
import { type Kysely, sql } from "kysely";
import { CONTENT_CHANNEL } from "../../db/dialect";

export type TestDatabase = "sqlite" | "postgres";

export function testDatabase(): TestDatabase {
	return process.env.FORMA_TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/** The seeded database each test file's database is cloned from (CREATE DATABASE … TEMPLATE). */
export const POSTGRES_TEMPLATE = "forma_template";

/**
 * Keeps a copy of every seeded table in schema `forma_seed` and makes `forma_test_reset()`, which puts
 * them back: one TRUNCATE of all tables, an INSERT … SELECT per table with foreign keys and triggers off
 * (session_replication_role = replica; the order of the copies does not matter then), and every sequence
 * where the seed left it, so ids continue as they would have. Then it announces a content change, as a
 * write would, so the app's caches read afresh. A clone of the template carries both.
 */
export async function installPostgresReset<DB>(db: Kysely<DB>): Promise<void> {
	await sql`create schema forma_seed`.execute(db);
	const { rows: tables } = await sql<{ name: string }>`
		select table_name as name from information_schema.tables
		where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(
		db,
	);
	for (const { name } of tables)
		await sql`create table ${sql.id("forma_seed", name)} as table ${sql.id("public", name)}`.execute(db);
	await sql`create table forma_seed.forma_sequences as
		select format('%I.%I', schemaname, sequencename) as name, last_value from pg_sequences
		where schemaname = 'public'`.execute(db);
	await sql`create function forma_test_reset() returns void language plpgsql as $$
		declare
			item record;
		begin
			execute (
				select 'truncate ' || string_agg(format('public.%I', table_name), ', ')
				from information_schema.tables
				where table_schema = 'forma_seed' and table_name <> 'forma_sequences'
			);
			set local session_replication_role = replica;
			for item in
				select table_name from information_schema.tables
				where table_schema = 'forma_seed' and table_name <> 'forma_sequences'
			loop
				execute format('insert into public.%I select * from forma_seed.%I', item.table_name, item.table_name);
			end loop;
			for item in select name, last_value from forma_seed.forma_sequences loop
				if item.last_value is null then
					perform setval(item.name, 1, false);
				else
					perform setval(item.name, item.last_value, true);
				end if;
			end loop;
			perform pg_notify(${sql.lit(CONTENT_CHANNEL)}, '');
		end $$`.execute(db);
}
