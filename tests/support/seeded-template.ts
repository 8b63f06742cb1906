/**
 * The seeded SQLite database and its images that tests start from, made once and kept between runs in
 * node_modules/.cache, keyed by a hash of everything that decides its contents (migrations, the seed and
 * its pictures, the image pipeline, sharp's version): a run whose inputs did not change skips the seed.
 * Made in a temporary folder and renamed into place, so two runs at once never see half a template.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createDiskImageStore } from "../../app/lib/image-store-disk.server";
import { openDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { seedDatabase } from "../../db/seed/seed";

const root = path.resolve(import.meta.dirname, "../..");
const CACHE = path.join(root, "node_modules/.cache/forma-test-template");

/** Files and folders whose contents decide the template's. */
const INPUTS = [
	"migrations",
	"db/seed",
	"db/schema.ts",
	"db/connection.ts",
	"db/dialect.ts",
	"db/migrate.ts",
	"app/lib/images.server.ts",
	"app/lib/image-store-disk.server.ts",
	// The seed builds the search index (issue #34): its code and the category names it indexes.
	"app/lib/search",
	"app/lib/transliteration.ts",
	"db/search-dialect.ts",
	"node_modules/sharp/package.json",
];

function filesUnder(entry: string): string[] {
	const full = path.join(root, entry);
	if (!fs.existsSync(full)) return [];
	if (fs.statSync(full).isFile()) return [entry];
	return fs
		.readdirSync(full, { recursive: true, withFileTypes: true })
		.filter((file) => file.isFile())
		.map((file) => path.relative(root, path.join(file.parentPath, file.name)))
		.sort();
}

export function templateKey(): string {
	const hash = createHash("sha256");
	for (const file of INPUTS.flatMap(filesUnder)) {
		hash.update(file);
		hash.update(fs.readFileSync(path.join(root, file)));
	}
	return hash.digest("hex").slice(0, 16);
}

export function makeReadOnly(dir: string) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (entry.isFile()) fs.chmodSync(path.join(entry.parentPath, entry.name), 0o444);
	}
}

/**
 * The folder of the seeded template (forma.sqlite and uploads/, the images read-only: tests share them
 * through hard links). Older templates are removed once a new one is in place.
 */
export async function seededSqliteTemplate(): Promise<string> {
	const key = templateKey();
	const dir = path.join(CACHE, key);
	if (fs.existsSync(path.join(dir, ".ready"))) return dir;
	fs.mkdirSync(CACHE, { recursive: true });
	const building = fs.mkdtempSync(path.join(CACHE, `.building-${key}-`));
	const images = createDiskImageStore(path.join(building, "uploads"));
	const { db } = openDatabase(path.join(building, "forma.sqlite"));
	try {
		await migrateToLatest(db);
		await seedDatabase(db, images);
	} finally {
		await db.destroy();
		images.close();
	}
	makeReadOnly(path.join(building, "uploads"));
	fs.writeFileSync(path.join(building, ".ready"), "");
	try {
		fs.renameSync(building, dir);
	} catch {
		// Another run put the same template in place first: use that one.
		fs.rmSync(building, { recursive: true, force: true });
	}
	for (const other of fs.readdirSync(CACHE)) {
		if (other !== key && !other.startsWith(".building-"))
			fs.rmSync(path.join(CACHE, other), { recursive: true, force: true });
	}
	return dir;
}
