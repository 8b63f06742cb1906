import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeEach, inject } from "vitest";
import { POSTGRES_TEMPLATE, testDatabase } from "./test-database";

/**
 * Every test starts from the seeded template (tests/support/global-setup.ts), so no test sees another's
 * writes and none has to tidy up after itself.
 *
 * App modules read DATABASE_PATH (or DATABASE_URL) and UPLOADS_DIR when first imported and keep one
 * connection for the file's life (app/lib/db.server.ts), so the database stays the same and its contents
 * are put back before each test:
 * - SQLite: the online backup copies the template's pages into the open database (a few milliseconds; the
 *   app's connection sees the new contents at its next read, as it would another process's write);
 * - Postgres: each worker gets its own database, cloned from the template (CREATE DATABASE … TEMPLATE),
 *   and forma_test_reset() (tests/support/test-database.ts) puts back what the last test wrote; the app
 *   is then told of the change before the test starts, as it would be of another instance's write.
 * Uploads are hard links to the template's read-only files: a test may add or delete files, never alter a
 * shared one in place (that would fail loudly).
 */
const templateDir = inject("templateDir");
const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-test-"));
const uploadsDir = path.join(fileDir, "uploads");
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

/** Puts the seeded rows back. */
let resetDatabase: () => Promise<void> = async () => {};
let closeDatabase: () => Promise<void> = async () => {};

if (testDatabase() === "postgres") {
	const adminUrl = inject("postgresUrl");
	// One database per worker, cloned from the template by the worker's first file and reused by the next:
	// a clone costs a few hundred milliseconds, a reset of what a test wrote a few.
	const name = `forma_test_${process.env.VITEST_POOL_ID ?? process.pid}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`).catch((error: unknown) => {
		// 42P04: this worker made it for an earlier file.
		if (!(error instanceof Error && "code" in error && error.code === "42P04")) throw error;
	});
	await admin.end();
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	process.env.DATABASE_URL = url.toString();
	const resetter = new pg.Client({ connectionString: url.toString() });
	await resetter.connect();
	resetDatabase = async () => {
		await resetter.query("select forma_test_reset()");
		const { database } = await import("~/lib/db.server");
		if (database.kind === "postgres") await database.changes().caughtUp();
	};
	closeDatabase = async () => {
		await resetter.end();
		const app = await import("~/lib/db.server");
		await app.closeDatabase();
	};
} else {
	const databasePath = path.join(fileDir, "forma.sqlite");
	const template = new SQLite(path.join(templateDir, "forma.sqlite"), { readonly: true });
	fs.copyFileSync(path.join(templateDir, "forma.sqlite"), databasePath);
	process.env.DATABASE_PATH = databasePath;
	delete process.env.DATABASE_URL;
	resetDatabase = async () => {
		await template.backup(databasePath);
	};
	closeDatabase = async () => {
		template.close();
	};
}

beforeEach(async () => {
	await resetDatabase();
	fs.rmSync(uploadsDir, { recursive: true, force: true });
	linkTree(path.join(templateDir, "uploads"), uploadsDir);
});

afterAll(async () => {
	await closeDatabase();
	fs.rmSync(fileDir, { recursive: true, force: true });
});
