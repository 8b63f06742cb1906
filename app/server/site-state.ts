/**
 * What the server needs to know about the site before Remix runs, read through a SQLite connection of its
 * own: the content version the page cache keys on, and whether maintenance mode is on.
 */
import Database from "better-sqlite3";
import { logger } from "~/lib/logger.server";
import { checkpointAndClose } from "~db/connection";

export interface SiteState {
	/** The connection, for the health check. */
	sqlite: Database.Database;
	/** Checkpoints and closes the connection (at shutdown). */
	close(): void;
	/** Bumped by triggers (migrations/0005) on every change to what anonymous pages show. */
	contentVersion(): number;
	maintenanceMode(): boolean;
}

export function openSiteState(databasePath: string): SiteState {
	const sqlite = new Database(databasePath, { fileMustExist: true });
	sqlite.pragma("busy_timeout = 5000");
	const dataVersion = sqlite.prepare("pragma data_version").pluck();
	const contentVersionQuery = sqlite
		.prepare("select value from app_meta where key = 'content_version'")
		.pluck();
	const maintenanceQuery = sqlite.prepare("select maintenance_mode from settings where id = 1").pluck();
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
		sqlite,
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
	};
}
