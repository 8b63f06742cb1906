import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createPurchaseRequest } from "~/models/purchase-requests.server";
import { BACKUP_DATABASE_FILE, backupTo, restoreFrom, takeScheduledBackup } from "../../db/backup";
import { openConfiguredDatabase } from "../../db/connection";
import type { Database } from "../../db/schema";
import { emptyPostgresDatabase, testDatabase } from "../support/test-database";

const live = {
	databasePath: process.env.DATABASE_PATH ?? "",
	databaseUrl: process.env.DATABASE_URL,
	uploadsDir: process.env.UPLOADS_DIR ?? "",
};
const postgres = testDatabase() === "postgres";
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-backup-"));
	cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
	return dir;
}

async function countsOf(database: Kysely<Database>, tables: string[]): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const table of tables) {
		const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
			database,
		);
		counts[table] = Number(rows[0]?.n ?? 0);
	}
	return counts;
}

/**
 * An empty place to restore into, and a way to read what landed there: a new folder (SQLite's file and
 * the uploads) and, on Postgres, a new empty database in the test cluster.
 */
async function emptyTarget() {
	const dir = tempDir();
	let databaseUrl: string | undefined;
	if (postgres) {
		const database = await emptyPostgresDatabase("restore");
		databaseUrl = database.url;
		cleanups.push(() => database.drop());
	}
	const target = {
		databasePath: path.join(dir, "forma.sqlite"),
		databaseUrl,
		uploadsDir: path.join(dir, "uploads"),
	};
	const open = () => {
		const handle = openConfiguredDatabase({ DATABASE_URL: databaseUrl, DATABASE_PATH: target.databasePath });
		cleanups.push(() => handle.db.destroy());
		return handle.db;
	};
	return { target, open };
}

describe("backups", () => {
	it("backs up while the app writes, and restores into an empty data directory with the same rows and readable images", async () => {
		const backupDir = path.join(tempDir(), "backup");
		// The personal-data tables (issue #36) are in it, with their rows.
		await db
			.insertInto("consents")
			.values({
				purpose: "purchase",
				text_version: 1,
				action: "given",
				user_id: null,
				email: "backed-up@example.com",
				method: "form",
				request_id: null,
				created_at: new Date().toISOString(),
			})
			.execute();
		await db
			.insertInto("personal_data_links")
			.values({
				email: "backed-up@example.com",
				token_hash: "a-hash",
				nonce: "a-nonce",
				expires_at: new Date().toISOString(),
				created_at: new Date().toISOString(),
			})
			.execute();
		const before = (await countsOf(db, ["purchase_requests"])).purchase_requests ?? 0;
		// Writes keep landing while the backup runs, as on a live site.
		let writing = true;
		let written = 0;
		const writer = (async () => {
			while (writing) {
				await createPurchaseRequest({
					projectId: "arc-lounge-chair",
					email: `load-${written}@example.com`,
					phone: "+79161234567",
					userId: null,
				});
				written += 1;
				await new Promise((resolve) => setImmediate(resolve));
			}
		})();
		const manifest = await backupTo(backupDir, live);
		writing = false;
		await writer;
		expect(written).toBeGreaterThan(0);
		expect(manifest.rowCounts.projects).toBe(18);
		expect(manifest.rowCounts.consent_texts).toBe(2);
		expect(manifest.rowCounts.consents).toBeGreaterThanOrEqual(1);
		expect(manifest.rowCounts.personal_data_links).toBeGreaterThanOrEqual(1);
		expect(manifest.uploadFiles).toBeGreaterThan(0);

		const { target, open } = await emptyTarget();
		await restoreFrom(backupDir, target);
		const copy = open();
		expect(await countsOf(copy, Object.keys(manifest.rowCounts))).toEqual(manifest.rowCounts);
		// Every image a row points to is in the restored uploads and decodes.
		const { rows } = await sql<{ key: string }>`
			select image as key from projects where image is not null union select image_url from project_images
			union select image_url from hero_slides union select image from artists where image is not null`.execute(
			copy,
		);
		const keys = rows.map((row) => row.key);
		expect(keys.length).toBeGreaterThan(0);
		for (const key of keys) {
			const metadata = await sharp(path.join(target.uploadsDir, key)).metadata();
			expect(metadata.width, key).toBeGreaterThan(0);
		}
		// The live database kept every write; the backup holds one consistent moment in between.
		expect((await countsOf(db, ["purchase_requests"])).purchase_requests).toBe(before + written);
		expect(manifest.rowCounts.purchase_requests).toBeGreaterThanOrEqual(before);
		expect(manifest.rowCounts.purchase_requests).toBeLessThanOrEqual(before + written);
	});

	it.runIf(postgres)("on Postgres, refuses a database that is not empty and a SQLite backup", async () => {
		const backupDir = path.join(tempDir(), "backup");
		await backupTo(backupDir, live);
		const { target } = await emptyTarget();
		await expect(restoreFrom(backupDir, { ...target, databaseUrl: live.databaseUrl })).rejects.toThrow(
			/not empty: restore only into an empty database/,
		);
		const sqliteBackup = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
		fs.writeFileSync(
			path.join(backupDir, "manifest.json"),
			JSON.stringify({ ...sqliteBackup, database: "sqlite" }),
		);
		await expect(restoreFrom(backupDir, target)).rejects.toThrow(/holds a SQLite database/);
	});

	it.skipIf(postgres)("refuses to restore over existing data or from a damaged backup", async () => {
		const backupDir = path.join(tempDir(), "backup");
		await backupTo(backupDir, live);
		await expect(restoreFrom(backupDir, live)).rejects.toThrow(
			/exists: restore only into an empty data directory/,
		);

		fs.writeFileSync(path.join(backupDir, BACKUP_DATABASE_FILE), "this is not a database");
		const restored = tempDir();
		await expect(
			restoreFrom(backupDir, {
				databasePath: path.join(restored, "forma.sqlite"),
				uploadsDir: path.join(restored, "uploads"),
			}),
		).rejects.toThrow();
		expect(fs.existsSync(path.join(restored, "forma.sqlite"))).toBe(false);
	});

	it("keeps only the newest scheduled backups", async () => {
		const dir = tempDir();
		for (let hour = 0; hour < 3; hour += 1) {
			await takeScheduledBackup(dir, 2, live, new Date(Date.UTC(2026, 10, 22, hour)));
		}
		expect(fs.readdirSync(dir).sort()).toEqual([
			"forma-2026-11-22T01-00-00-000Z",
			"forma-2026-11-22T02-00-00-000Z",
		]);
	});
});

describe.skipIf(postgres)("page cache invalidation", () => {
	it("another connection sees `data_version` change when the app commits", async () => {
		const observer = new SQLite(live.databasePath);
		try {
			const version = observer.prepare("pragma data_version").pluck();
			const before = version.get();
			expect(version.get()).toBe(before);
			await db.updateTable("settings").set({ shop_description: "changed" }).where("id", "=", 1).execute();
			expect(version.get()).not.toBe(before);
		} finally {
			observer.close();
		}
	});
});
