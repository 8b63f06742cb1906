import { sql } from "kysely";
import {
	checkpointAndClose,
	type DatabaseHandle,
	openConfiguredDatabase,
	type PostgresHandle,
	type SqliteHandle,
} from "~db/connection";
import { migrations } from "~migrations/index";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/**
 * The server's one database handle: the SQLite file at DATABASE_PATH, or Postgres at DATABASE_URL
 * (docs/decisions/0024). Migrations and the seed run before the server starts (app/server/cli/setup.ts); here we
 * only refuse to serve from a database that is behind the code.
 */
interface AppDatabase {
	handle: DatabaseHandle;
	/** Settles once the migration check is done: at once on SQLite, after a query on Postgres. */
	ready: Promise<void>;
}

function missingMigrations(applied: string[]): Error | null {
	const done = new Set(applied);
	const pending = Object.keys(migrations).filter((name) => !done.has(name));
	if (pending.length === 0) return null;
	const where = getEnv().DATABASE_URL
		? "The database at DATABASE_URL"
		: `The database at ${getEnv().DATABASE_PATH}`;
	return new Error(
		`${where} is missing migrations (${pending.join(", ")}). ` +
			"Start the site with `npm start`, which migrates before serving.",
	);
}

function checkSqlite(handle: SqliteHandle): void {
	const hasTable =
		handle.sqlite
			.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
			.all().length > 0;
	const applied = hasTable
		? (handle.sqlite.prepare("select name from kysely_migration").all() as { name: string }[]).map(
				(row) => row.name,
			)
		: [];
	const problem = missingMigrations(applied);
	if (problem) throw problem;
}

async function checkPostgres(handle: PostgresHandle): Promise<void> {
	const { rows } = await sql<{ name: string }>`select name from kysely_migration`
		.execute(handle.db)
		.catch((error: unknown) => {
			// 42P01: no such table, so nothing has been migrated yet.
			if (error instanceof Error && "code" in error && error.code === "42P01") return { rows: [] };
			throw error;
		});
	const problem = missingMigrations(rows.map((row) => row.name));
	if (problem) throw problem;
}

function connect(): AppDatabase {
	const handle = openConfiguredDatabase(getEnv());
	if (handle.kind === "sqlite") {
		checkSqlite(handle);
		return { handle, ready: Promise.resolve() };
	}
	const ready = checkPostgres(handle);
	// Awaited by the server before it listens (databaseReady); a query before that fails on its own.
	ready.catch(() => {});
	return { handle, ready };
}

const app = connect();

export const database: DatabaseHandle = app.handle;
export const db = database.db;

/** Resolves when the database is ready to serve from; rejects (with the reason) when it is not. */
export function databaseReady(): Promise<void> {
	return app.ready;
}

/**
 * A value that changes once another connection (another instance, a CLI, a restore) has committed a
 * change: SQLite's `PRAGMA data_version` for this connection (touches no table), or on Postgres the count of
 * content changes heard (db/postgres.ts). Caches of rarely changing rows compare it with ===.
 */
export const externalChangeToken: () => unknown = (() => {
	if (database.kind === "postgres") {
		const handle = database;
		return () => handle.changes().token();
	}
	const dataVersion = database.sqlite.prepare("pragma data_version").pluck();
	return () => dataVersion.get();
})();

/** Closes the app's connection (at shutdown); SQLite checkpoints first. */
export async function closeDatabase(): Promise<void> {
	if (app.handle.kind === "postgres") {
		await app.handle.close();
		return;
	}
	checkpointAndClose(app.handle.sqlite, (error) =>
		logger.warn("WAL checkpoint failed", { error: String(error) }),
	);
}
