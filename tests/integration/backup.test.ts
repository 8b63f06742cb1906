import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createPurchaseRequest } from "~/models/purchase-requests.server";
import { BACKUP_DATABASE_FILE, backupTo, countRows, restoreFrom, takeScheduledBackup } from "../../db/backup";

const live = { databasePath: process.env.DATABASE_PATH ?? "", uploadsDir: process.env.UPLOADS_DIR ?? "" };
const cleanups: Array<() => void> = [];
afterEach(() => {
	for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-backup-"));
	cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
	return dir;
}

function liveCounts(): Record<string, number> {
	const sqlite = new SQLite(live.databasePath, { readonly: true });
	try {
		return countRows(sqlite);
	} finally {
		sqlite.close();
	}
}

describe("backups", () => {
	it("backs up while the app writes, and restores into an empty data directory with the same rows and readable images", async () => {
		const backupDir = path.join(tempDir(), "backup");
		const before = liveCounts().purchase_requests ?? 0;
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
		expect(manifest.uploadFiles).toBeGreaterThan(0);

		const restored = tempDir();
		const target = {
			databasePath: path.join(restored, "forma.sqlite"),
			uploadsDir: path.join(restored, "uploads"),
		};
		await restoreFrom(backupDir, target);
		const sqlite = new SQLite(target.databasePath, { readonly: true });
		try {
			expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
			expect(countRows(sqlite)).toEqual(manifest.rowCounts);
			// Every image a row points to is in the restored uploads and decodes.
			const keys = sqlite
				.prepare(
					"select image from projects where image is not null union select image_url from project_images union select image_url from hero_slides union select image from artists where image is not null",
				)
				.pluck()
				.all() as string[];
			expect(keys.length).toBeGreaterThan(0);
			for (const key of keys) {
				const metadata = await sharp(path.join(target.uploadsDir, key)).metadata();
				expect(metadata.width, key).toBeGreaterThan(0);
			}
		} finally {
			sqlite.close();
		}
		// The live database kept every write; the backup holds one consistent moment in between.
		expect(liveCounts().purchase_requests).toBe(before + written);
		expect(manifest.rowCounts.purchase_requests).toBeGreaterThanOrEqual(before);
		expect(manifest.rowCounts.purchase_requests).toBeLessThanOrEqual(before + written);
	});

	it("refuses to restore over existing data or from a damaged backup", async () => {
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

describe("page cache invalidation", () => {
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
