import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeEach, inject } from "vitest";

/**
 * Every test starts from the seeded template (tests/support/global-setup.ts), so no test sees another's
 * writes and none has to tidy up after itself.
 *
 * App modules read DATABASE_PATH and UPLOADS_DIR when first imported and keep one connection for the
 * file's life (app/lib/db.server.ts), so the path stays the same and its contents are put back before each
 * test: SQLite's online backup copies the template's pages into the open database (a few milliseconds; the
 * app's connection sees the new contents at its next read, as it would another process's write).
 * Uploads are hard links to the template's read-only files: a test may add or delete files, never alter a
 * shared one in place (that would fail loudly).
 */
const templateDir = inject("templateDir");
const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-test-"));
const databasePath = path.join(fileDir, "forma.sqlite");
const uploadsDir = path.join(fileDir, "uploads");
const template = new SQLite(path.join(templateDir, "forma.sqlite"), { readonly: true });

fs.copyFileSync(path.join(templateDir, "forma.sqlite"), databasePath);
process.env.DATABASE_PATH = databasePath;
process.env.UPLOADS_DIR = uploadsDir;
process.env.NODE_ENV = "test";

function linkTree(from: string, to: string) {
	fs.mkdirSync(to, { recursive: true });
	for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
		const source = path.join(from, entry.name);
		const target = path.join(to, entry.name);
		if (entry.isDirectory()) linkTree(source, target);
		else fs.linkSync(source, target);
	}
}

beforeEach(async () => {
	await template.backup(databasePath);
	fs.rmSync(uploadsDir, { recursive: true, force: true });
	linkTree(path.join(templateDir, "uploads"), uploadsDir);
});

afterAll(() => {
	template.close();
	fs.rmSync(fileDir, { recursive: true, force: true });
});
