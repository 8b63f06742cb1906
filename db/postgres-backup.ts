/**
 * Backups of a Postgres database (docs/decisions/0024): pg_dump and pg_restore, PostgreSQL's own client
 * tools, when they are installed (Debian: postgresql-client, of the server's major version or newer). A
 * managed Postgres (Fly, RDS, Neon …) backs itself up — daily snapshots and point-in-time recovery — and
 * those are the database's real backups; this is for a copy of one's own, beside the images.
 */
import { spawn, spawnSync } from "node:child_process";
import pg from "pg";

export const POSTGRES_DUMP_FILE = "forma.dump";

export class PostgresToolsMissingError extends Error {
	override name = "PostgresToolsMissingError";
}

function requireTool(tool: "pg_dump" | "pg_restore"): void {
	const probe = spawnSync(tool, ["--version"], { encoding: "utf8" });
	if (probe.error || probe.status !== 0) {
		throw new PostgresToolsMissingError(
			`${tool} is not installed, so this machine cannot copy the Postgres database. A managed Postgres ` +
				"keeps its own backups (snapshots, point-in-time recovery): use those, or install PostgreSQL's " +
				"client tools (Debian: apt-get install postgresql-client) of the server's version and run this again.",
		);
	}
}

/**
 * The tools' connection: the address without its password, which goes in PGPASSWORD instead — a command
 * line is readable by every user of the machine (ps, /proc), the environment only by the process's own.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
	const address = new URL(url);
	const password = decodeURIComponent(address.password);
	address.password = "";
	return {
		dbname: address.toString(),
		env: password ? { ...process.env, PGPASSWORD: password } : process.env,
	};
}

function run(tool: string, url: string, args: string[]): Promise<void> {
	const { dbname, env } = connectionFor(url);
	return new Promise((resolve, reject) => {
		const child = spawn(tool, [...args, `--dbname=${dbname}`], { stdio: ["ignore", "ignore", "pipe"], env });
		let errors = "";
		child.stderr.on("data", (chunk: Buffer) => {
			errors += chunk.toString();
		});
		child.on("error", reject);
		child.on("exit", (code) =>
			code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${errors.trim()}`)),
		);
	});
}

async function countRows(client: pg.Client, tables: readonly string[]): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const table of tables) {
		const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
		counts[table] = Number(rows[0]?.n ?? 0);
	}
	return counts;
}

/**
 * Dumps the database into `file` while the site keeps writing, and counts `tables` in the very snapshot
 * the dump reads (pg_dump --snapshot, exported by a repeatable-read transaction held open meanwhile), so
 * the manifest's counts are the dump's.
 */
export async function dumpPostgres(
	url: string,
	file: string,
	tables: readonly string[],
): Promise<Record<string, number>> {
	requireTool("pg_dump");
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		await client.query("begin isolation level repeatable read read only");
		const { rows } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
		await run("pg_dump", url, [
			"--format=custom",
			"--no-owner",
			"--no-privileges",
			`--snapshot=${rows[0]?.id ?? ""}`,
			`--file=${file}`,
		]);
		const counts = await countRows(client, tables);
		await client.query("commit");
		return counts;
	} finally {
		await client.end();
	}
}

/**
 * Restores a dump into the empty database at `url`, in one transaction (a failure leaves it empty), and
 * checks the restored row counts against the manifest's.
 */
export async function restorePostgres(
	url: string,
	file: string,
	expected: Record<string, number>,
): Promise<void> {
	requireTool("pg_restore");
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		const { rows } = await client.query<{ n: string }>(
			"select count(*) as n from information_schema.tables where table_schema = 'public'",
		);
		if (Number(rows[0]?.n ?? 0) > 0) {
			throw new Error("the database at DATABASE_URL is not empty: restore only into an empty database");
		}
		await run("pg_restore", url, [
			"--no-owner",
			"--no-privileges",
			"--exit-on-error",
			"--single-transaction",
			file,
		]);
		const restored = await countRows(client, Object.keys(expected));
		if (JSON.stringify(restored) !== JSON.stringify(expected)) {
			throw new Error(
				`the restored rows differ from the backup's manifest: ${JSON.stringify(restored)} against ${JSON.stringify(expected)}`,
			);
		}
	} finally {
		await client.end();
	}
}
