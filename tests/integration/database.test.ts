import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_BUSY_TIMEOUT_MS, openDatabase, readPragmas } from "../../db/connection";
import { MigrationFailedError, migrateToLatest } from "../../db/migrate";
import { seedDatabase } from "../../db/seed";
import { migrations } from "../../migrations/index";

const cleanups: Array<() => void> = [];
afterEach(() => {
	for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-db-"));
	cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
	return dir;
}

async function count(
	db: ReturnType<typeof openDatabase>["db"],
	table: "products" | "artists" | "hero_slides",
) {
	const row = await db
		.selectFrom(table)
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

describe("database", () => {
	it("applies every migration to an empty file and creates the tables", async () => {
		const { db } = openDatabase(path.join(tempDir(), "empty.sqlite"));
		const { results } = await migrateToLatest(db);
		expect(results?.map((r) => [r.migrationName, r.status])).toEqual(
			Object.keys(migrations).map((name) => [name, "Success"]),
		);
		const tables = await db.introspection.getTables();
		expect(tables.map((t) => t.name)).toEqual(
			expect.arrayContaining([
				"products",
				"product_images",
				"hero_slides",
				"artists",
				"users",
				"sessions",
				"settings",
			]),
		);
		// Running again on an up-to-date database is a no-op.
		expect((await migrateToLatest(db)).results).toEqual([]);
		await db.destroy();
	});

	it("has WAL, foreign keys, a busy timeout and synchronous=NORMAL in force", async () => {
		const { db, sqlite } = openDatabase(path.join(tempDir(), "pragmas.sqlite"));
		expect(readPragmas(sqlite)).toEqual({
			journal_mode: "wal",
			foreign_keys: 1,
			busy_timeout: MIN_BUSY_TIMEOUT_MS,
			synchronous: 1,
		});
		await migrateToLatest(db);
		// Foreign keys really are enforced: a gallery row for a missing product is refused.
		await expect(
			db.insertInto("product_images").values({ product_id: "no-such-product", image_url: "x.jpg" }).execute(),
		).rejects.toThrow(/FOREIGN KEY/);
		await db.destroy();
	});

	it("seeds 18 products, 7 artists and 3 slides once; seeding again changes nothing", async () => {
		const dir = tempDir();
		const uploads = path.join(dir, "uploads");
		const { db } = openDatabase(path.join(dir, "seed.sqlite"));
		await migrateToLatest(db);

		expect(await seedDatabase(db, uploads)).toEqual({ seeded: true });
		const products = await db.selectFrom("products").selectAll().execute();
		expect(products).toHaveLength(18);
		expect(await count(db, "artists")).toBe(7);
		expect(await count(db, "hero_slides")).toBe(3);
		expect(products.filter((p) => p.image !== null)).toHaveLength(9);
		expect(Math.min(...products.map((p) => p.price))).toBe(450);
		expect(Math.max(...products.map((p) => p.price))).toBe(140000);
		const furniture = products.filter((p) => p.category === "furniture").length;
		for (const category of ["clothing", "design", "art", "branding", "creative"]) {
			expect(furniture).toBeGreaterThan(products.filter((p) => p.category === category).length);
		}
		const slides = await db.selectFrom("hero_slides").selectAll().orderBy("sort_order").execute();
		expect(slides.map((s) => [s.category, s.sort_order, s.is_active])).toEqual([
			["furniture", 1, 1],
			["clothing", 2, 1],
			["art", 3, 1],
		]);
		for (const slide of slides) {
			expect(slide.title_en).not.toBe("");
			expect(slide.title_ru).toMatch(/[а-яё]/i);
		}
		// Every referenced image exists on disk, with its width variants.
		for (const product of products.filter((p) => p.image)) {
			expect(fs.existsSync(path.join(uploads, product.image as string))).toBe(true);
			expect(product.image_width).toBeGreaterThan(0);
		}
		const filesAfterFirst = fs.readdirSync(uploads, { recursive: true }).sort();

		const snapshot = JSON.stringify(await db.selectFrom("products").selectAll().orderBy("id").execute());
		const second = await seedDatabase(db, uploads);
		expect(second.seeded).toBe(false);
		expect(JSON.stringify(await db.selectFrom("products").selectAll().orderBy("id").execute())).toBe(
			snapshot,
		);
		expect(await count(db, "artists")).toBe(7);
		expect(await count(db, "hero_slides")).toBe(3);
		expect(fs.readdirSync(uploads, { recursive: true }).sort()).toEqual(filesAfterFirst);
		await db.destroy();
	});

	it("does not seed again after an admin has emptied the catalogue", async () => {
		const dir = tempDir();
		const { db } = openDatabase(path.join(dir, "emptied.sqlite"));
		await migrateToLatest(db);
		await seedDatabase(db, path.join(dir, "uploads"));
		await db.deleteFrom("products").execute();
		expect((await seedDatabase(db, path.join(dir, "uploads"))).seeded).toBe(false);
		expect(await count(db, "products")).toBe(0);
		await db.destroy();
	});

	it("stops with a clear message naming the migration when one fails, leaving no half-applied change", async () => {
		const { db } = openDatabase(path.join(tempDir(), "broken.sqlite"));
		await migrateToLatest(db);
		const withBroken = {
			...migrations,
			"9999-broken": {
				// Creates a table, then fails: the table must not survive.
				up: async (trx: typeof db) => {
					await trx.schema.createTable("half_done").addColumn("id", "text").execute();
					await trx.schema.createTable("products").addColumn("id", "text").execute();
				},
			},
		};
		await expect(migrateToLatest(db, withBroken)).rejects.toThrow(MigrationFailedError);
		await expect(migrateToLatest(db, withBroken)).rejects.toThrow(
			/migration "9999-broken" failed: .*products/,
		);
		const tables = (await db.introspection.getTables()).map((t) => t.name);
		expect(tables).not.toContain("half_done");
		await db.destroy();
	});
});
