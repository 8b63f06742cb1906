import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";

export interface HealthReport {
	ok: boolean;
	database: boolean;
	uploads: boolean;
}

/** The database answers `SELECT 1` and a file can be written to and removed from the uploads folder. */
export async function checkHealth(sqlite: BetterSqlite3.Database, uploadsDir: string): Promise<HealthReport> {
	let database = false;
	try {
		database = sqlite.prepare("select 1 as one").pluck().get() === 1;
	} catch {
		database = false;
	}
	let uploads = false;
	const probe = path.join(uploadsDir, `.health-${randomBytes(6).toString("hex")}`);
	try {
		await fs.writeFile(probe, "ok");
		await fs.rm(probe);
		uploads = true;
	} catch {
		uploads = false;
		await fs.rm(probe, { force: true }).catch(() => undefined);
	}
	return { ok: database && uploads, database, uploads };
}
