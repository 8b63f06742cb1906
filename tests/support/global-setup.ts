import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TestProject } from "vitest/node";
import { createDiskImageStore } from "../../app/lib/image-store-disk.server";
import { openPostgres } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { seedDatabase } from "../../db/seed/seed";
import { startPostgresCluster } from "./postgres-cluster";
import { makeReadOnly, seededSqliteTemplate } from "./seeded-template";
import { installPostgresReset, POSTGRES_TEMPLATE, testDatabase } from "./test-database";

declare module "vitest" {
	export interface ProvidedContext {
		templateDir: string;
		/** FORMA_TEST_DATABASE=postgres: the throwaway cluster's maintenance database, else "". */
		postgresUrl: string;
	}
}

/**
 * One migrated and seeded database (with its images) for the whole run. Each test file then starts from it
 * (tests/support/per-test-database.ts), so tests never see each other's writes. Its uploads are read-only:
 * tests share them through hard links.
 *
 * SQLite: the template kept between runs (tests/support/seeded-template.ts). With FORMA_TEST_DATABASE=postgres
 * a Postgres database, in a cluster started here for the run and stopped at its end
 * (tests/support/postgres-cluster.ts).
 */
export default async function setup(project: TestProject) {
	if (testDatabase() !== "postgres") {
		project.provide("templateDir", await seededSqliteTemplate());
		project.provide("postgresUrl", "");
		return;
	}
	const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-template-"));
	const images = createDiskImageStore(path.join(templateDir, "uploads"));
	const cluster = await startPostgresCluster();
	const admin = openPostgres(cluster.url("postgres"), { poolSize: 1 });
	await sql`create database ${sql.id(POSTGRES_TEMPLATE)}`.execute(admin.db);
	await admin.close();
	const template = openPostgres(cluster.url(POSTGRES_TEMPLATE), { poolSize: 1 });
	await migrateToLatest(template.db);
	await seedDatabase(template.db, images);
	await installPostgresReset(template.db);
	await template.close();
	images.close();
	makeReadOnly(path.join(templateDir, "uploads"));
	project.provide("templateDir", templateDir);
	project.provide("postgresUrl", cluster.url("postgres"));
	return async () => {
		await cluster.stop();
		fs.rmSync(templateDir, { recursive: true, force: true });
	};
}
