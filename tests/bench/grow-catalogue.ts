/**
 * Grows a COPY of a seeded database to N pieces for the catalogue bench (issue #33; never used by the app,
 * the seed or the tests' fixtures). The seed's pieces are cloned with varied names, prices, dates,
 * availabilities and statuses, spread over the seed's artists and new ones (one per 100 pieces); every
 * clone reuses its original's pictures (the same image keys: no new files) and gallery rows.
 *
 *   npx tsx tests/bench/grow-catalogue.ts --from db/forma.sqlite --to /tmp/big.sqlite --pieces=100000
 *   npx tsx tests/bench/grow-catalogue.ts --database /tmp/copy.sqlite --pieces=10000   (grows it in place)
 *
 * The file given to --database (or written by --from/--to) must not be DATABASE_PATH's default,
 * db/forma.sqlite: the script refuses, so a slip cannot fill the development catalogue. All rows go in
 * one transaction, in batches of a few hundred rows per statement (100,000 pieces take seconds).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Insertable, Kysely } from "kysely";
import type { ProjectAvailability, ProjectStatus } from "../../app/lib/categories";
import { ART_COLLECTIONS } from "../../app/lib/collections";
import { reindexAll } from "../../app/lib/search/documents.server";
import { openDatabase } from "../../db/connection";
import type { ArtistsTable, Database, ProjectImagesTable, ProjectsTable } from "../../db/schema";

/** One new artist per this many pieces: /artists and the shop's designer filter grow too. */
const PIECES_PER_NEW_ARTIST = 100;
/** Rows per insert statement: well under SQLite's 32,766 and Postgres's 65,535 parameters. */
const BATCH = 500;

const ADJECTIVES = [
	"Amber",
	"Birch",
	"Cobalt",
	"Dusk",
	"Ember",
	"Fjord",
	"Granite",
	"Harbour",
	"Indigo",
	"Juniper",
	"Kiln",
	"Linen",
	"Moss",
	"Nordic",
	"Ochre",
	"Pale",
	"Quartz",
	"Rust",
	"Sage",
	"Tundra",
	"Umber",
	"Velvet",
	"Walnut",
	"Zinc",
];
const STUDIO_WORDS = ["Atelier", "Bureau", "Workshop", "Studio", "Collective", "Maison", "Werkstatt"];

/** A small deterministic generator (mulberry32): the same N grows the same catalogue every time. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export interface GrowResult {
	/** Pieces (projects of any status) in the database afterwards. */
	pieces: number;
	added: number;
	artistsAdded: number;
	milliseconds: number;
}

/**
 * Adds cloned pieces until the database holds `pieces` projects (nothing when it already does), and
 * rebuilds the search index over them. Works on SQLite and Postgres alike (Kysely), in one transaction.
 */
export async function growCatalogue(db: Kysely<Database>, pieces: number): Promise<GrowResult> {
	const started = performance.now();
	const originals = await db.selectFrom("projects").selectAll().orderBy("created_at").orderBy("id").execute();
	const toAdd = pieces - originals.length;
	if (originals.length === 0) throw new Error("the database has no pieces to clone: seed it first");
	if (toAdd <= 0) return { pieces: originals.length, added: 0, artistsAdded: 0, milliseconds: 0 };
	const gallery = await db
		.selectFrom("project_images")
		.selectAll()
		.orderBy("sort_order")
		.orderBy("id")
		.execute();
	const galleryOf = new Map<string, typeof gallery>();
	for (const row of gallery) galleryOf.set(row.project_id, [...(galleryOf.get(row.project_id) ?? []), row]);
	const artists = await db.selectFrom("artists").selectAll().orderBy("sort_order").execute();
	const seedArtistIds = artists.map((artist) => artist.id);
	const lastOrder = Math.max(0, ...artists.map((artist) => artist.sort_order));
	const next = random(pieces);

	const newArtists: Insertable<ArtistsTable>[] = [];
	const artistCount = Math.floor(toAdd / PIECES_PER_NEW_ARTIST);
	for (let n = 1; n <= artistCount; n++) {
		const portrait = artists[n % artists.length];
		const word = STUDIO_WORDS[n % STUDIO_WORDS.length];
		const adjective = ADJECTIVES[Math.floor(n / STUDIO_WORDS.length) % ADJECTIVES.length];
		newArtists.push({
			id: `bench-artist-${n}`,
			name: `${word} ${adjective} ${n}`,
			image: portrait?.image ?? null,
			image_width: portrait?.image_width ?? null,
			image_height: portrait?.image_height ?? null,
			description_en: portrait?.description_en ?? "",
			description_ru: portrait?.description_ru ?? "",
			city_en: portrait?.city_en ?? "",
			city_ru: portrait?.city_ru ?? "",
			website: null,
			sort_order: lastOrder + n,
		});
	}

	// Clones are dated from five years ago to now, a few minutes apart: "newest first" interleaves them.
	const now = Date.now();
	const span = 5 * 365 * 24 * 3600 * 1000;
	const step = Math.floor(span / toAdd);
	const availabilities: ProjectAvailability[] = ["available", "available", "available", "reserved", "sold"];
	const projects: Insertable<ProjectsTable>[] = [];
	const views: Insertable<ProjectImagesTable>[] = [];
	for (let n = 1; n <= toAdd; n++) {
		const original = originals[n % originals.length];
		if (!original) continue;
		const id = `${original.id}-${n}`;
		// Half the clones stay with the seed's artists (their pages grow long), half go to the new ones.
		const artistId =
			newArtists.length > 0 && next() < 0.5
				? `bench-artist-${1 + Math.floor(next() * newArtists.length)}`
				: (seedArtistIds[Math.floor(next() * seedArtistIds.length)] ?? original.artist_id);
		const price =
			next() < 0.05 ? 0 : Math.round(((original.price || 20_000) * (0.4 + next() * 1.8)) / 100) * 100;
		const createdAt = new Date(now - span + n * step + Math.floor(next() * 60_000)).toISOString();
		projects.push({
			...original,
			id,
			name: `${ADJECTIVES[n % ADJECTIVES.length]} ${original.name} ${n}`,
			artist_id: artistId,
			price,
			// One in twenty-five is a draft: public lists must leave them out without scanning them.
			status: (next() < 0.04 ? "draft" : "published") satisfies ProjectStatus,
			featured: 0,
			featured_order: 0,
			availability: availabilities[Math.floor(next() * availabilities.length)] ?? "available",
			// Art pieces are spread over /art's collections, as an admin would tag them.
			collection: original.category === "art" ? (ART_COLLECTIONS[n % ART_COLLECTIONS.length] ?? null) : null,
			created_at: createdAt,
			updated_at: createdAt,
			version: 1,
		});
		for (const view of galleryOf.get(original.id) ?? []) {
			const { id: _rowId, ...rest } = view;
			views.push({ ...rest, project_id: id });
		}
	}

	await db.transaction().execute(async (trx) => {
		for (let start = 0; start < newArtists.length; start += BATCH)
			await trx
				.insertInto("artists")
				.values(newArtists.slice(start, start + BATCH))
				.execute();
		for (let start = 0; start < projects.length; start += BATCH)
			await trx
				.insertInto("projects")
				.values(projects.slice(start, start + BATCH))
				.execute();
		for (let start = 0; start < views.length; start += BATCH)
			await trx
				.insertInto("project_images")
				.values(views.slice(start, start + BATCH))
				.execute();
		// Searchable, as every save keeps its piece in the search index (docs/decisions/0030).
		await reindexAll(trx);
	});
	return {
		pieces: originals.length + projects.length,
		added: projects.length,
		artistsAdded: newArtists.length,
		milliseconds: Math.round(performance.now() - started),
	};
}

/** Refuses the development database: this script only ever grows a copy. */
function assertCopy(file: string): void {
	if (path.resolve(file) === path.resolve("db/forma.sqlite"))
		throw new Error(
			"refusing to grow db/forma.sqlite: give a copy (--from db/forma.sqlite --to /tmp/copy.sqlite)",
		);
}

/** Copies a SQLite database (its write-ahead log folded in) to a new file. */
export async function copySqliteDatabase(from: string, to: string): Promise<void> {
	fs.rmSync(to, { force: true });
	for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${to}${suffix}`, { force: true });
	const source = openDatabase(from);
	try {
		await source.sqlite.backup(to);
	} finally {
		source.sqlite.close();
	}
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			database: { type: "string" },
			from: { type: "string" },
			to: { type: "string" },
			pieces: { type: "string" },
		},
	});
	const pieces = Number(values.pieces);
	const target = values.to ?? values.database;
	if (!target || !Number.isInteger(pieces) || pieces < 1 || (values.from && !values.to)) {
		throw new Error("usage: grow-catalogue.ts (--database FILE | --from FILE --to FILE) --pieces=N");
	}
	assertCopy(target);
	if (values.from) await copySqliteDatabase(values.from, target);
	const handle = openDatabase(target);
	try {
		const result = await growCatalogue(handle.db, pieces);
		console.log(
			`${target}: ${result.pieces} pieces (${result.added} added, ${result.artistsAdded} new artists) in ${result.milliseconds} ms`,
		);
	} finally {
		await handle.db.destroy();
	}
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
