import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";

/**
 * Runs before each test file: points the app at a private copy of the seeded template database and
 * uploads folder. App modules read these variables when first imported, so import them after this.
 */
const templateDir = inject("templateDir");
const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-test-"));
fs.copyFileSync(path.join(templateDir, "forma.sqlite"), path.join(fileDir, "forma.sqlite"));
fs.cpSync(path.join(templateDir, "uploads"), path.join(fileDir, "uploads"), { recursive: true });
process.env.DATABASE_PATH = path.join(fileDir, "forma.sqlite");
process.env.UPLOADS_DIR = path.join(fileDir, "uploads");
process.env.NODE_ENV = "test";

afterAll(() => {
	fs.rmSync(fileDir, { recursive: true, force: true });
});
