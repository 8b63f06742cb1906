import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
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
 * then works on its own copy (tests/support/per-file-database.ts), so files never see each other's writes.
 */
export default async function setup(project: TestProject) {
	const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-template-"));
	const { db } = openDatabase(path.join(templateDir, "forma.sqlite"));
	await migrateToLatest(db);
	await seedDatabase(db, path.join(templateDir, "uploads"));
	await db.destroy();
	project.provide("templateDir", templateDir);
	return () => fs.rmSync(templateDir, { recursive: true, force: true });
}
