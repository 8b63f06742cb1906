import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDiskImageStore } from "../../app/lib/image-store-disk.server";
import { openDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { seedDatabase } from "../../db/seed/seed";

declare module "vitest" {
	export interface ProvidedContext {
		templateDir: string;
	}
}

/**
 * Builds one migrated and seeded database (with its generated images) for the whole run. Each test file
 * then starts from it (tests/support/per-test-database.ts), so tests never see each other's writes. Its
 * uploads are made read-only: tests share them through hard links.
 */
function makeReadOnly(dir: string) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (entry.isFile()) fs.chmodSync(path.join(entry.parentPath, entry.name), 0o444);
	}
}

export default async function setup(project: TestProject) {
	const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-template-"));
	const { db } = openDatabase(path.join(templateDir, "forma.sqlite"));
	await migrateToLatest(db);
	await seedDatabase(db, createDiskImageStore(path.join(templateDir, "uploads")));
	await db.destroy();
	makeReadOnly(path.join(templateDir, "uploads"));
	project.provide("templateDir", templateDir);
	return () => fs.rmSync(templateDir, { recursive: true, force: true });
}
