import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskImageStore } from "~/lib/image-store-disk.server";
import { MIN_BUSY_TIMEOUT_MS, openDatabase, readPragmas } from "../../db/connection";
import { MigrationFailedError, migrateToLatest } from "../../db/migrate";
import { seedDatabase } from "../../db/seed/seed";
import { migrations } from "../../migrations/index";
import { seededSqliteTemplate } from "../support/seeded-template";

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
	table: "projects" | "artists" | "hero_slides",
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
				"projects",
				"project_images",
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
		// Foreign keys really are enforced: a gallery row for a missing project is refused.
		await expect(
			db.insertInto("project_images").values({ project_id: "no-such-project", image_url: "x.jpg" }).execute(),
		).rejects.toThrow(/FOREIGN KEY/);
		await db.destroy();
	});

	it("a transaction that reads, then writes, commits even when another connection writes in between", async () => {
		const file = path.join(tempDir(), "two-writers.sqlite");
		fs.copyFileSync(path.join(await seededSqliteTemplate(), "forma.sqlite"), file);
		const { db, sqlite } = openDatabase(file);
		// A second process on the same file (a CLI, a test, another instance), impatient so the test is quick.
		const other = new SQLite(file);
		other.pragma("busy_timeout = 50");
		cleanups.push(() => other.close());
		let otherWrite: "committed" | "waited for the lock" = "committed";
		await db.transaction().execute(async (trx) => {
			const project = await trx.selectFrom("projects").select("id").executeTakeFirstOrThrow();
			try {
				other.prepare("update settings set allow_registration = 0 where id = 1").run();
			} catch {
				otherWrite = "waited for the lock";
			}
			// With a plain BEGIN this delete failed at once with "database is locked" (a stale snapshot).
			await trx.deleteFrom("project_images").where("project_id", "=", project.id).execute();
		});
		// The other writer waited for the transaction (and then could go on); nothing failed here.
		expect(otherWrite).toBe("waited for the lock");
		other.prepare("update settings set allow_registration = 0 where id = 1").run();
		sqlite.close();
	});

	// Seeding makes every picture's variants: under a loaded machine that takes longer than a query test.
	it("seeds 18 products, 7 artists and 3 slides once; seeding again changes nothing", {
		timeout: 120_000,
	}, async () => {
		const dir = tempDir();
		const uploads = path.join(dir, "uploads");
		const { db } = openDatabase(path.join(dir, "seed.sqlite"));
		await migrateToLatest(db);

		expect(await seedDatabase(db, createDiskImageStore(uploads))).toEqual({ seeded: true });
		const projects = await db.selectFrom("projects").selectAll().execute();
		expect(projects).toHaveLength(18);
		expect(await count(db, "artists")).toBe(7);
		expect(await count(db, "hero_slides")).toBe(3);
		// Every piece has its own picture and its artist (decisions, Round 2).
		expect(projects.filter((p) => p.image === null)).toEqual([]);
		expect(projects.filter((p) => p.artist_id === null)).toEqual([]);
		// Priced pieces run from 450 to 140 000 ₽; one is "Price on request".
		expect(Math.min(...projects.filter((p) => p.price > 0).map((p) => p.price))).toBe(450);
		expect(projects.filter((p) => p.price === 0).map((p) => p.id)).toEqual(["northline-identity"]);
		expect(Math.max(...projects.map((p) => p.price))).toBe(140000);
		const furniture = projects.filter((p) => p.category === "furniture").length;
		for (const category of ["clothing", "design", "art", "branding", "creative"]) {
			expect(furniture).toBeGreaterThan(projects.filter((p) => p.category === category).length);
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
		for (const project of projects.filter((p) => p.image)) {
			expect(fs.existsSync(path.join(uploads, project.image as string))).toBe(true);
			expect(project.image_width).toBeGreaterThan(0);
		}
		const filesAfterFirst = fs.readdirSync(uploads, { recursive: true }).sort();

		const snapshot = JSON.stringify(await db.selectFrom("projects").selectAll().orderBy("id").execute());
		const second = await seedDatabase(db, createDiskImageStore(uploads));
		expect(second.seeded).toBe(false);
		expect(JSON.stringify(await db.selectFrom("projects").selectAll().orderBy("id").execute())).toBe(
			snapshot,
		);
		expect(await count(db, "artists")).toBe(7);
		expect(await count(db, "hero_slides")).toBe(3);
		expect(fs.readdirSync(uploads, { recursive: true }).sort()).toEqual(filesAfterFirst);
		await db.destroy();
	});

	it("does not seed again after an admin has emptied the catalogue", { timeout: 120_000 }, async () => {
		const dir = tempDir();
		const { db } = openDatabase(path.join(dir, "emptied.sqlite"));
		await migrateToLatest(db);
		await seedDatabase(db, createDiskImageStore(path.join(dir, "uploads")));
		await db.deleteFrom("projects").execute();
		expect((await seedDatabase(db, createDiskImageStore(path.join(dir, "uploads")))).seeded).toBe(false);
		expect(await count(db, "projects")).toBe(0);
		await db.destroy();
	});

	it("moves a catalogue made under the old product names to the project tables, with its links intact", async () => {
		const { db, sqlite } = openDatabase(path.join(tempDir(), "renamed.sqlite"));
		const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0006-projects"));
		await migrateToLatest(db, before);
		sqlite.exec(`
			insert into products (id, name, designer, price) values ('old-chair', 'Old Chair', 'Corpus Studio', 9000);
			insert into product_images (product_id, image_url) values ('old-chair', 'products/side.jpg');
			insert into users (username, email, password_hash) values ('buyer', 'buyer@example.com', 'x');
			insert into favourites (user_id, product_id) values (1, 'old-chair');
			insert into purchase_requests (product_id, product_name, product_price, email, phone, user_id)
				values ('old-chair', 'Old Chair', 9000, 'buyer@example.com', '+79990000000', 1);
		`);
		await migrateToLatest(db);

		const one = (query: string) => sqlite.prepare(query).get();
		expect(one("select name, price from projects where id = 'old-chair'")).toEqual({
			name: "Old Chair",
			price: 9000,
		});
		expect(one("select project_id, image_url from project_images")).toEqual({
			project_id: "old-chair",
			image_url: "products/side.jpg",
		});
		expect(one("select project_id, project_name, project_price from purchase_requests")).toEqual({
			project_id: "old-chair",
			project_name: "Old Chair",
			project_price: 9000,
		});
		// No schema name says "product" any more: tables, columns, indexes, triggers.
		const names = sqlite
			.prepare(
				"select name, sql from sqlite_master where name not like 'sqlite_%' and name not like 'kysely_%'",
			)
			.all() as Array<{ name: string; sql: string | null }>;
		expect(names.filter(({ name, sql }) => /product/i.test(`${name} ${sql ?? ""}`))).toEqual([]);
		// The content-version triggers fire on the renamed tables, and renaming a project still moves its links.
		const version = () =>
			Number((one("select value from app_meta where key = 'content_version'") as { value: string }).value);
		const start = version();
		sqlite.exec("update projects set id = 'new-chair' where id = 'old-chair'");
		expect(version()).toBeGreaterThan(start);
		expect(one("select project_id from favourites")).toEqual({ project_id: "new-chair" });
		expect(one("select project_id from purchase_requests")).toEqual({ project_id: "new-chair" });
		expect(one("select project_id from project_images")).toEqual({ project_id: "new-chair" });
		await db.destroy();
	});

	it("turns designer strings into artist records, matched ignoring case, so OWL and Owl are one artist", async () => {
		const { db, sqlite } = openDatabase(path.join(tempDir(), "artists.sqlite"));
		const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0007-catalogue"));
		await migrateToLatest(db, before);
		sqlite.exec(`
			insert into artists (id, name, sort_order) values ('owl', 'OWL', 1);
			insert into projects (id, name, designer, price) values
				('shelf', 'Shelf', 'OWL', 100), ('cabinet', 'Cabinet', 'Owl', 200), ('cup', 'Cup', ' Ёлка Studio ', 0),
				('bowl', 'Bowl', 'ёлка studio', 300);
			insert into purchase_requests (project_id, project_name, project_price, email, phone)
				values ('cup', 'Cup', 0, 'a@example.com', '+79990000000'), ('shelf', 'Shelf', 100, 'a@example.com', '+79990000000');
		`);
		await migrateToLatest(db);

		const all = (query: string) => sqlite.prepare(query).all();
		expect(all("select id, artist_id from projects order by id")).toEqual([
			{ id: "bowl", artist_id: "elka-studio" },
			{ id: "cabinet", artist_id: "owl" },
			{ id: "cup", artist_id: "elka-studio" },
			{ id: "shelf", artist_id: "owl" },
		]);
		expect(all("select id, name from artists order by sort_order")).toEqual([
			{ id: "owl", name: "OWL" },
			{ id: "elka-studio", name: "Ёлка Studio" },
		]);
		// A request made while the piece had no price says so; the designer column is gone.
		expect(all("select project_name, price_shown from purchase_requests order by id")).toEqual([
			{ project_name: "Cup", price_shown: 0 },
			{ project_name: "Shelf", price_shown: 1 },
		]);
		expect(() => sqlite.exec("delete from artists where id = 'owl'")).toThrow(/FOREIGN KEY/);
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
					await trx.schema.createTable("projects").addColumn("id", "text").execute();
				},
			},
		};
		await expect(migrateToLatest(db, withBroken)).rejects.toThrow(MigrationFailedError);
		await expect(migrateToLatest(db, withBroken)).rejects.toThrow(
			/migration "9999-broken" failed: .*projects/,
		);
		const tables = (await db.introspection.getTables()).map((t) => t.name);
		expect(tables).not.toContain("half_done");
		await db.destroy();
	});
});
