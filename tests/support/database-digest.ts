import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { databaseKind } from "~db/dialect";

/**
 * Every row of every table, hashed: any write at all changes it. For a database behind Kysely, SQLite or
 * Postgres (the integration tests run on both): every table the introspector lists but those in `ignore`,
 * its rows sorted (Postgres has no rowid to order by).
 */
export async function digestDatabase<DB>(db: Kysely<DB>, { ignore = [] as string[] } = {}): Promise<string> {
	const hash = createHash("sha256");
	// The app's own schema only (Postgres's test databases also hold the seed's copy, forma_seed).
	const tables = (await db.introspection.getTables())
		.filter((table) => table.schema === undefined || table.schema === "public")
		.map((table) => table.name)
		.filter((name) => !ignore.includes(name))
		.sort();
	if (databaseKind(db) === "postgres") {
		// One round trip: each table's rows as text, sorted and hashed by Postgres (a query per table cost the
		// fuzz test 80 ms a snapshot).
		const { rows } = await sql<{ name: string; digest: string }>`${sql.join(
			tables.map(
				(table) =>
					sql`select ${table}::text as name, md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as digest from ${sql.table(table)} r`,
			),
			sql` union all `,
		)}`.execute(db);
		for (const row of rows.sort((a, b) => a.name.localeCompare(b.name)))
			hash.update(`${row.name} ${row.digest}`);
		return hash.digest("hex");
	}
	for (const table of tables) {
		const { rows } = await sql`select * from ${sql.table(table)}`.execute(db);
		hash.update(table);
		hash.update(JSON.stringify(rows.map((row) => JSON.stringify(row)).sort()));
	}
	return hash.digest("hex");
}

/** The files under a folder (relative paths, sorted): an upload that landed shows up here. */
export function listFiles(dir: string): string[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
		.sort();
}
