/**
 * What the server needs to know about the site before Remix runs: the content version the page cache keys
 * on, and whether maintenance mode is on. On SQLite both are read through a connection of its own and
 * only after `PRAGMA data_version` says another connection committed; on Postgres they follow the change
 * notifications every instance hears (db/postgres.ts), so an edit on one instance empties the others'
 * page caches and maintenance mode reaches them within milliseconds (docs/decisions/0024).
 */
import Database from "better-sqlite3";
import { database } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { checkpointAndClose, type PostgresHandle } from "~db/connection";

export interface SiteState {
	/** Whether the database answers (the health check). */
	databaseAnswers(): Promise<boolean>;
	/** Closes what it opened (at shutdown); on SQLite, checkpoints its connection first. */
	close(): void;
	/** Changes with every change to what anonymous pages show (migrations 0005/0006). */
	contentVersion(): number;
	maintenanceMode(): boolean;
	/** Resolves once every change committed before the call is reflected here (tests; at once on SQLite). */
	caughtUp(): Promise<void>;
}

/** The site state of the configured database: Postgres shares the app's handle, SQLite opens its own. */
export async function openSiteState(env: Pick<Env, "DATABASE_PATH">): Promise<SiteState> {
	if (database.kind === "postgres") return openPostgresSiteState(database);
	return openSqliteSiteState(env.DATABASE_PATH);
}

export function openSqliteSiteState(databasePath: string): SiteState {
	const sqlite = new Database(databasePath, { fileMustExist: true });
	sqlite.pragma("busy_timeout = 5000");
	const dataVersion = sqlite.prepare("pragma data_version").pluck();
	const contentVersionQuery = sqlite
		.prepare("select value from app_meta where key = 'content_version'")
		.pluck();
	const maintenanceQuery = sqlite.prepare("select maintenance_mode from settings where id = 1").pluck();
	const ping = sqlite.prepare("select 1 as one").pluck();
	// `PRAGMA data_version` changes only after another connection commits, so both values are read again
	// only after a write: every request can ask without touching the tables.
	let lastDataVersion = -1;
	let contentVersion = 0;
	let maintenance = false;
	const refresh = () => {
		const current = dataVersion.get() as number;
		if (current === lastDataVersion) return;
		lastDataVersion = current;
		contentVersion = Number(contentVersionQuery.get() ?? 0);
		maintenance = maintenanceQuery.get() === 1;
	};
	return {
		async databaseAnswers() {
			try {
				return ping.get() === 1;
			} catch {
				return false;
			}
		},
		close() {
			checkpointAndClose(sqlite, (error) => logger.warn("WAL checkpoint failed", { error: String(error) }));
		},
		contentVersion() {
			refresh();
			return contentVersion;
		},
		maintenanceMode() {
			refresh();
			return maintenance;
		},
		caughtUp: async () => {},
	};
}

/**
 * The content version is the count of changes heard (nothing to read); maintenance mode is read again
 * after each one, the newest read winning. Both are per process: only "has it changed" matters.
 */
export async function openPostgresSiteState(handle: PostgresHandle): Promise<SiteState> {
	const changes = handle.changes();
	let maintenance = false;
	let reads = 0;
	let reading: Promise<void> = Promise.resolve();
	const readMaintenance = () => {
		const read = ++reads;
		reading = handle.db
			.selectFrom("settings")
			.select("maintenance_mode")
			.where("id", "=", 1)
			.executeTakeFirst()
			.then((row) => {
				if (read === reads) maintenance = row?.maintenance_mode === 1;
			})
			.catch((error: unknown) => logger.warn("reading maintenance mode failed", { error: String(error) }));
		return reading;
	};
	const stopListening = changes.onChange(() => void readMaintenance());
	await readMaintenance();
	return {
		async databaseAnswers() {
			try {
				await handle.pool.query("select 1");
				return true;
			} catch {
				return false;
			}
		},
		close() {
			// The app's handle is closed with the app's connection (closeDatabase).
			stopListening();
		},
		contentVersion: () => changes.token(),
		maintenanceMode: () => maintenance,
		async caughtUp() {
			await changes.caughtUp();
			await reading;
		},
	};
}
