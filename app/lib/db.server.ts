import { checkpointAndClose, type DatabaseHandle, openDatabase } from "~db/connection";
import { migrations } from "~migrations/index";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";

/**
 * The server's one database connection. Migrations and the seed run before the server starts
 * (db/cli/setup.ts); here we only refuse to serve from a database that is behind the code.
 */
function connect(): DatabaseHandle {
	const handle = openDatabase(getEnv().DATABASE_PATH);
	const applied = new Set(
		handle.sqlite
			.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
			.all().length > 0
			? (handle.sqlite.prepare("select name from kysely_migration").all() as { name: string }[]).map(
					(row) => row.name,
				)
			: [],
	);
	const pending = Object.keys(migrations).filter((name) => !applied.has(name));
	if (pending.length > 0) {
		throw new Error(
			`The database at ${getEnv().DATABASE_PATH} is missing migrations (${pending.join(", ")}). ` +
				"Start the site with `npm start`, which migrates before serving.",
		);
	}
	return handle;
}

// Kept on globalThis so `remix dev` rebuilds reuse the connection instead of opening a new one each time,
// and so the production server (a bundle of its own, with its own copy of this module) shares the one
// connection the Remix build uses and can close it.
const globalStore = globalThis as typeof globalThis & { __formaDb?: DatabaseHandle };
globalStore.__formaDb ??= connect();

export const db = globalStore.__formaDb.db;
export const sqlite = globalStore.__formaDb.sqlite;

/** Checkpoints and closes the app's connection (at shutdown), whichever bundle opened it. */
export function closeDatabase(): void {
	const handle = globalStore.__formaDb;
	if (!handle) return;
	checkpointAndClose(handle.sqlite, (error) =>
		logger.warn("WAL checkpoint failed", { error: String(error) }),
	);
}
