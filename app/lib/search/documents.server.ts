import { type Kysely, sql } from "kysely";
import type { Database } from "~db/schema";
import {
	addTerms,
	clearSearchIndex,
	type DocumentTokens,
	deletePieceDocuments,
	insertPieceDocuments,
	type PieceDocument,
	replaceArtistDocuments,
	type TermRow,
} from "~db/search-dialect";
import { CATEGORY_NAMES } from "./category-names";
import { keyOf, scriptOf, stemOf, stemsOf, wordsOf } from "./text.server";

/**
 * The search index's documents (docs/decisions/0030-search.md): what each published piece and each artist
 * is found by, written in the same transaction as the change that calls for it (a save, an artist's
 * rename), through whichever executor the caller holds.
 */

type Executor = Kysely<Database>;

/**
 * Raised when what goes into the index, or how, changes (fields, tokens, the stemmer): the server's setup
 * then rebuilds the whole index once (syncSearchIndex).
 */
export const SEARCH_INDEX_VERSION = "1";
const VERSION_KEY = "search_index_version";

/** The tokens that stand for filters: the category and the artist (an id in hex: any text is safe then). */
export const categoryToken = (category: string) => `c_${category}`;
export const artistToken = (artistId: string) => `a_${Buffer.from(artistId).toString("hex")}`;

/** A transliteration key shorter than this is too common to mean anything. */
const MIN_KEY_LENGTH = 3;
/** A stem shorter than this gives no key of its own ("бюр"): it would meet too many other words. */
const MIN_KEYED_STEM_LENGTH = 4;

/** The keys a word is indexed and searched under. */
export function keysOf(word: string): string[] {
	const keys = new Set<string>();
	const own = keyOf(word);
	if (own.length >= MIN_KEY_LENGTH) keys.add(own);
	const stem = stemOf(word);
	if (stem !== word && [...stem].length >= MIN_KEYED_STEM_LENGTH) {
		const fromStem = keyOf(stem);
		if (fromStem.length >= MIN_KEY_LENGTH) keys.add(fromStem);
	}
	return [...keys];
}

const MEMO_LIMIT = 200_000;
const tokenMemo = new Map<string, string[]>();

/**
 * The tokens a word stands for in a document: itself, "s_" its stems and "k_" its keys (digits: itself).
 * A stem or key that is the word itself ("oak") is not repeated: a query asks for the bare word too
 * (app/lib/search/query.server.ts), which keeps the index a quarter smaller. Remembered: a catalogue repeats
 * its words, and the keys take a dozen replacements each.
 */
export function wordTokens(word: string): string[] {
	let tokens = tokenMemo.get(word);
	if (tokens) return tokens;
	tokens =
		scriptOf(word) === "other"
			? [word]
			: [
					word,
					...stemsOf(word)
						.filter((stem) => stem !== word)
						.map((stem) => `s_${stem}`),
					...keysOf(word)
						.filter((key) => key !== word)
						.map((key) => `k_${key}`),
				];
	if (tokenMemo.size >= MEMO_LIMIT) tokenMemo.clear();
	tokenMemo.set(word, tokens);
	return tokens;
}

/** A vocabulary row for a word of letters (numbers are not looked up: they have no forms or typos). */
export function termRow(word: string): TermRow | null {
	if (scriptOf(word) === "other") return null;
	const key = keyOf(word);
	const stemKey = keysOf(word).find((other) => other !== key) ?? key;
	return { term: word, stem: stemOf(word), key, stem_key: stemKey };
}

function fieldTokens(...texts: Array<string | null | undefined>): { tokens: string[]; words: string[] } {
	const words: string[] = [];
	const tokens = new Set<string>();
	for (const text of texts) {
		if (!text) continue;
		for (const word of wordsOf(text)) {
			words.push(word);
			for (const token of wordTokens(word)) tokens.add(token);
		}
	}
	return { tokens: [...tokens], words };
}

const categoryNames = (category: string): string[] =>
	[CATEGORY_NAMES.en, CATEGORY_NAMES.ru].map((names) => names[category] ?? category);

export interface PieceSource {
	id: string;
	name: string;
	artist_id: string | null;
	artist_name: string | null;
	category: string;
	availability: string;
	price: number;
	created_at: string;
	description_en: string;
	description_ru: string;
	materials_en: string;
	materials_ru: string;
	dimensions: string;
	year: number | null;
	edition_size: number | null;
}

/**
 * A piece's tokens by field: its name; its artist; its materials and category names (both languages);
 * its descriptions and facts (dimensions, year, edition).
 */
export function pieceTokens(piece: PieceSource): { tokens: DocumentTokens; words: string[] } {
	const name = fieldTokens(piece.name);
	const artist = fieldTokens(piece.artist_name);
	const materials = fieldTokens(piece.materials_en, piece.materials_ru, ...categoryNames(piece.category));
	const body = fieldTokens(
		piece.description_en,
		piece.description_ru,
		piece.dimensions,
		piece.year === null ? null : String(piece.year),
		piece.edition_size === null ? null : String(piece.edition_size),
	);
	const meta = [categoryToken(piece.category), ...(piece.artist_id ? [artistToken(piece.artist_id)] : [])];
	return {
		tokens: {
			name: name.tokens,
			artist: artist.tokens,
			materials: materials.tokens,
			body: body.tokens,
			meta,
		},
		words: [...name.words, ...artist.words, ...materials.words, ...body.words],
	};
}

function artistTokens(name: string): { tokens: DocumentTokens; words: string[] } {
	const own = fieldTokens(name);
	return { tokens: { name: own.tokens, artist: [], materials: [], body: [], meta: [] }, words: own.words };
}

// -------------------------------------------------------------------------------------------------------
// Order keys

/**
 * A piece's order key, the `id` of its document: among equally good matches, available pieces come
 * before reserved ones and those before sold ones, each newest first. Availability × 2^51, then the
 * seconds before 3058 (newer is smaller) × 2^16, then a tie-break among pieces of the same second. Under
 * 2^53, so JavaScript numbers hold it exactly.
 */
const AVAILABILITY_RANK: Record<string, number> = { available: 0, reserved: 1, sold: 2 };
const SECONDS_SPAN = 2 ** 35;
const TIES = 2 ** 16;

export function orderBucket(availability: string, createdAt: string): number {
	const rank = AVAILABILITY_RANK[availability] ?? 0;
	const parsed = Date.parse(createdAt);
	const seconds = Number.isFinite(parsed) ? Math.floor(parsed / 1000) : 0;
	const clamped = Math.min(Math.max(seconds, 0), SECONDS_SPAN - 1);
	return rank * 2 ** 51 + (SECONDS_SPAN - 1 - clamped) * TIES;
}

function tieOf(id: string): number {
	let hash = 2166136261;
	for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 16777619);
	return (hash >>> 0) % TIES;
}

/** A free key in the piece's bucket: its hash's place, or the next free one after it. */
async function freeKey(executor: Executor, bucket: number, projectId: string): Promise<number> {
	let key = bucket + tieOf(projectId);
	for (;;) {
		const taken = await executor
			.selectFrom("search_documents")
			.select("id")
			.where("id", "=", key)
			.executeTakeFirst();
		if (!taken) return key;
		key += 1;
	}
}

// -------------------------------------------------------------------------------------------------------
// Writing

function selectPieces(executor: Executor) {
	return executor
		.selectFrom("projects")
		.leftJoin("artists", "artists.id", "projects.artist_id")
		.select([
			"projects.id",
			"projects.name",
			"projects.artist_id",
			"artists.name as artist_name",
			"projects.category",
			"projects.availability",
			"projects.price",
			"projects.created_at",
			"projects.description_en",
			"projects.description_ru",
			"projects.materials_en",
			"projects.materials_ru",
			"projects.dimensions",
			"projects.year",
			"projects.edition_size",
		])
		.where("projects.status", "=", "published");
}

function vocabulary(words: Iterable<string>): TermRow[] {
	const rows = new Map<string, TermRow>();
	for (const word of words) {
		if (rows.has(word)) continue;
		const row = termRow(word);
		if (row) rows.set(word, row);
	}
	return [...rows.values()];
}

/**
 * Brings the pieces' documents up to date with their rows, in the caller's transaction: a published piece
 * is (re)indexed, anything else (a draft, a deleted id) leaves the index. A piece keeps its order key while
 * its availability and date stay.
 */
export async function indexProjects(executor: Executor, projectIds: readonly string[]): Promise<void> {
	const ids = [...new Set(projectIds)];
	if (ids.length === 0) return;
	const [pieces, existing] = await Promise.all([
		selectPieces(executor).where("projects.id", "in", ids).execute(),
		executor
			.selectFrom("search_documents")
			.select(["id", "project_id"])
			.where("project_id", "in", ids)
			.execute(),
	]);
	const keptKeys = new Map(existing.map((row) => [row.project_id, Number(row.id)]));
	await deletePieceDocuments(executor, ids);
	const documents: PieceDocument[] = [];
	const words: string[] = [];
	for (const piece of pieces) {
		const bucket = orderBucket(piece.availability, piece.created_at);
		const kept = keptKeys.get(piece.id);
		const id =
			kept !== undefined && kept >= bucket && kept < bucket + TIES
				? kept
				: await freeKey(executor, bucket, piece.id);
		const built = pieceTokens(piece);
		words.push(...built.words);
		documents.push(toDocument(piece, id, built.tokens));
	}
	await insertPieceDocuments(executor, documents);
	await addTerms(executor, vocabulary(words));
}

function toDocument(piece: PieceSource, id: number, tokens: DocumentTokens): PieceDocument {
	return {
		id,
		projectId: piece.id,
		category: piece.category,
		artistId: piece.artist_id,
		availability: piece.availability,
		price: piece.price,
		createdAt: piece.created_at,
		tokens,
	};
}

/** Every published piece of an artist, and the artist's own document: after a rename. */
export async function indexArtist(executor: Executor, artistId: string): Promise<void> {
	const artist = await executor
		.selectFrom("artists")
		.select(["id", "name"])
		.where("id", "=", artistId)
		.executeTakeFirst();
	if (!artist) return;
	const built = artistTokens(artist.name);
	await replaceArtistDocuments(executor, [{ artistId: artist.id, tokens: built.tokens }]);
	await addTerms(executor, vocabulary(built.words));
	const works = await executor
		.selectFrom("projects")
		.select("id")
		.where("artist_id", "=", artistId)
		.execute();
	const ids = works.map((row) => row.id);
	for (let start = 0; start < ids.length; start += 500)
		await indexProjects(executor, ids.slice(start, start + 500));
}

const REINDEX_BATCH = 500;

/**
 * Writes the whole index anew: every published piece and every artist, and a vocabulary of exactly the
 * words they use. One transaction when the caller gives one (the setup, the CLI do).
 */
export async function reindexAll(
	executor: Executor,
): Promise<{ pieces: number; artists: number; terms: number }> {
	await clearSearchIndex(executor);
	const order = await executor
		.selectFrom("projects")
		.select(["id", "availability", "created_at"])
		.where("status", "=", "published")
		.execute();
	// Keys in the shop's own order within a second (newest first, then by id): the same ties every time.
	const keyed = order
		.map((row) => ({
			id: row.id,
			bucket: orderBucket(row.availability, row.created_at),
			created: row.created_at,
		}))
		.sort(
			(a, b) =>
				a.bucket - b.bucket ||
				(a.created < b.created ? 1 : a.created > b.created ? -1 : 0) ||
				(a.id < b.id ? -1 : 1),
		);
	const keys = new Map<string, number>();
	let previousKey = -1;
	for (const row of keyed) {
		const key = Math.max(row.bucket, previousKey + 1);
		keys.set(row.id, key);
		previousKey = key;
	}
	const words = new Set<string>();
	const ids = keyed.map((row) => row.id);
	for (let start = 0; start < ids.length; start += REINDEX_BATCH) {
		const pieces = await selectPieces(executor)
			.where("projects.id", "in", ids.slice(start, start + REINDEX_BATCH))
			.execute();
		const documents = pieces.map((piece) => {
			const built = pieceTokens(piece);
			for (const word of built.words) words.add(word);
			return toDocument(piece, keys.get(piece.id) ?? 0, built.tokens);
		});
		await insertPieceDocuments(executor, documents);
	}
	const artists = await executor.selectFrom("artists").select(["id", "name"]).execute();
	await replaceArtistDocuments(
		executor,
		artists.map((artist) => {
			const built = artistTokens(artist.name);
			for (const word of built.words) words.add(word);
			return { artistId: artist.id, tokens: built.tokens };
		}),
	);
	const terms = vocabulary(words);
	await addTerms(executor, terms);
	await executor
		.insertInto("app_meta")
		.values({ key: VERSION_KEY, value: SEARCH_INDEX_VERSION })
		.onConflict((conflict) => conflict.column("key").doUpdateSet({ value: SEARCH_INDEX_VERSION }))
		.execute();
	return { pieces: ids.length, artists: artists.length, terms: terms.length };
}

/**
 * What the server's setup runs after migrating: the whole index anew when it was made by another version
 * of this code (or never), else only what is missing or left over (pieces and artists written by a script
 * straight into their tables). Returns what it did, for the log.
 */
export async function syncSearchIndex(executor: Executor): Promise<"rebuilt" | "synced"> {
	const version = await executor
		.selectFrom("app_meta")
		.select("value")
		.where("key", "=", VERSION_KEY)
		.executeTakeFirst();
	if (version?.value !== SEARCH_INDEX_VERSION) {
		await executor.transaction().execute((trx) => reindexAll(trx));
		return "rebuilt";
	}
	await executor.transaction().execute(async (trx) => {
		const missing = await trx
			.selectFrom("projects")
			.select("projects.id")
			.where("projects.status", "=", "published")
			.where(({ not, exists, selectFrom }) =>
				not(
					exists(
						selectFrom("search_documents")
							.select("search_documents.id")
							.whereRef("search_documents.project_id", "=", "projects.id"),
					),
				),
			)
			.execute();
		const leftOver = await trx
			.selectFrom("search_documents")
			.innerJoin("projects", "projects.id", "search_documents.project_id")
			.select("projects.id")
			.where("projects.status", "!=", "published")
			.execute();
		const ids = [...missing, ...leftOver].map((row) => row.id);
		for (let start = 0; start < ids.length; start += REINDEX_BATCH)
			await indexProjects(trx, ids.slice(start, start + REINDEX_BATCH));
		const artists = await trx
			.selectFrom("artists")
			.select(["artists.id", "artists.name"])
			.where(({ not, exists, selectFrom }) =>
				not(
					exists(
						selectFrom("search_artist_documents")
							.select("search_artist_documents.id")
							.whereRef("search_artist_documents.artist_id", "=", "artists.id"),
					),
				),
			)
			.execute();
		for (const artist of artists) {
			const built = artistTokens(artist.name);
			await replaceArtistDocuments(trx, [{ artistId: artist.id, tokens: built.tokens }]);
			await addTerms(trx, vocabulary(built.words));
		}
	});
	return "synced";
}

/** How many pieces the index holds (the bench, the setup's log). */
export async function indexedPieceCount(executor: Executor): Promise<number> {
	const { rows } = await sql<{ n: number }>`select count(*) as n from search_documents`.execute(executor);
	return Number(rows[0]?.n ?? 0);
}
