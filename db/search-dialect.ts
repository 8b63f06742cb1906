/**
 * Where SQLite's and Postgres's full-text search differ, in one place (docs/decisions/0030-search.md); the
 * rest of the search (app/lib/search/) never asks which database it is on.
 *
 * Both index the same tokens, made in JavaScript (app/lib/search/documents.server.ts): for every word of a
 * field, the word itself, its Snowball stem ("s_…") and its transliteration keys ("k_…"), each stored
 * under its field's code ("n_" name, "a_" artist, "m_" materials, "b_" body: "n_chair", "b_s_кресл"),
 * and the filter tokens ("f_c_furniture", "f_a_…"). No typed word holds "_", so none can be mistaken for
 * a stored token. A field is part of the token rather than a column or a weight so that a query about
 * names reads the short lists of name tokens, not every piece that has the word anywhere. A query is an
 * expression over those tokens (SearchExpr); the two databases only spell it differently:
 * - SQLite: a contentless FTS5 table (detail=none: which tokens, nothing more), rowid = the piece's order
 *   key: `("n_chair" OR "a_chair") AND "f_c_furniture"`;
 * - Postgres: a `tsvector` column with a GIN index: `('n_chair' | 'a_chair') & 'f_c_furniture'`; typos
 *   in the vocabulary are found through pg_trgm.
 */
import { type Kysely, sql } from "kysely";
import { databaseKind, generatedId } from "./dialect";
import type { Database } from "./schema";

/** The fields a piece is found by, most telling first: a match in an earlier one ranks higher. */
export const SEARCH_FIELDS = ["name", "artist", "materials", "body"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A document's tokens by field; `meta` holds the filter tokens, which no typed word can produce. */
export type DocumentTokens = Record<SearchField | "meta", readonly string[]>;

export type SearchExpr =
	/**
	 * A token in one of the first `within` fields (1: the name; 4: anywhere), or among the filter tokens.
	 * The ranking asks by field prefixes only: name, then name or artist, and so on.
	 */
	| { op: "token"; token: string; prefix?: boolean; within: FieldReach | "filter" }
	| { op: "and"; items: SearchExpr[] }
	| { op: "or"; items: SearchExpr[] }
	/** What `item` matches that `except` does not. */
	| { op: "not"; item: SearchExpr; except: SearchExpr };

/** How many of SEARCH_FIELDS, from the first, a token may be in. */
export type FieldReach = 1 | 2 | 3 | 4;
export const ALL_FIELDS: FieldReach = 4;

/** The start of a stored token: where it may be (1_ … 4_), or a filter (f_). */
const codeOf = (within: FieldReach | "filter") => (within === "filter" ? "f_" : `${within}_`);

/** The longest token kept: longer "words" are noise, and Postgres refuses lexemes over 2 KB. */
const MAX_TOKEN_LENGTH = 100;

/** The FTS5 tokenizer: Unicode words (case and accents already folded by us) with `_` inside them. */
const FTS5_TOKENIZE = "unicode61 remove_diacritics 0 tokenchars '_'";

type Executor = Kysely<Database>;

// -------------------------------------------------------------------------------------------------------
// Schema (migration 0017-search)

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a bare Kysely, not today's Database type
export async function createSearchSchema(db: Kysely<any>): Promise<void> {
	const postgres = databaseKind(db) === "postgres";
	if (postgres) await sql`create extension if not exists pg_trgm`.execute(db);

	// One row per published piece. `id` is its order key (orderKey below): SQLite's FTS rowid, so the index
	// hands out matches in the order the shop shows them, and the first page needs no sort.
	await db.schema
		.createTable("search_documents")
		.addColumn("id", postgres ? "bigint" : "integer", (col) => col.primaryKey())
		.addColumn("project_id", "text", (col) =>
			col.notNull().unique().references("projects.id").onDelete("cascade").onUpdate("cascade"),
		)
		.addColumn("category", "text", (col) => col.notNull())
		.addColumn("artist_id", "text")
		.addColumn("availability", "text", (col) => col.notNull())
		.addColumn("price", "integer", (col) => col.notNull())
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createTable("search_artist_documents")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("artist_id", "text", (col) =>
			col.notNull().unique().references("artists.id").onDelete("cascade").onUpdate("cascade"),
		)
		.execute();
	// Every word the index holds, with its stem and keys: where a query's words, word forms, spellings in
	// the other alphabet and typos are looked up, instead of in the pieces.
	await db.schema
		.createTable("search_terms")
		.addColumn("term", "text", (col) => col.primaryKey())
		.addColumn("stem", "text", (col) => col.notNull())
		.addColumn("key", "text", (col) => col.notNull())
		.addColumn("stem_key", "text", (col) => col.notNull())
		.execute();
	for (const column of ["stem", "key", "stem_key"]) {
		await db.schema.createIndex(`search_terms_${column}_idx`).on("search_terms").column(column).execute();
	}

	if (postgres) {
		for (const table of ["search_documents", "search_artist_documents"]) {
			await sql`alter table ${sql.table(table)} add column document tsvector not null`.execute(db);
			await sql`create index ${sql.id(`${table}_document_idx`)} on ${sql.table(table)} using gin (document)`.execute(
				db,
			);
		}
		await sql`create index search_terms_trigram_idx on search_terms using gin (term gin_trgm_ops)`.execute(
			db,
		);
		// Words that start with what is being typed, whatever the database's collation (completeTerms).
		for (const column of ["term", "key"])
			await sql`create index ${sql.id(`search_terms_${column}_prefix_idx`)} on search_terms (${sql.ref(column)} text_pattern_ops)`.execute(
				db,
			);
		return;
	}
	for (const [index, table] of [
		["search_index", "search_documents"],
		["search_artist_index", "search_artist_documents"],
	] as const) {
		// Contentless (the text lives in the tables it came from); contentless_delete lets a row go by rowid.
		await sql`create virtual table ${sql.table(index)} using fts5(tokens,
			tokenize = ${sql.lit(FTS5_TOKENIZE)}, detail = none, content = '', contentless_delete = 1)`.execute(db);
		await sql
			.raw(
				`create trigger ${table}_delete after delete on ${table} begin
				   delete from ${index} where rowid = old.id;
				 end`,
			)
			.execute(db);
	}
	// The vocabulary's trigrams: long words' typos (two edits) are looked for among the words that share one.
	await sql`create virtual table search_term_trigrams using fts5(term, tokenize = 'trigram',
		content = 'search_terms', detail = none)`.execute(db);
	await sql`create trigger search_terms_insert after insert on search_terms begin
		insert into search_term_trigrams(rowid, term) values (new.rowid, new.term);
	end`.execute(db);
	await sql`create trigger search_terms_delete after delete on search_terms begin
		insert into search_term_trigrams(search_term_trigrams, rowid, term) values ('delete', old.rowid, old.term);
	end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see createSearchSchema
export async function dropSearchSchema(db: Kysely<any>): Promise<void> {
	if (databaseKind(db) === "sqlite") {
		for (const table of ["search_term_trigrams", "search_index", "search_artist_index"])
			await sql`drop table if exists ${sql.table(table)}`.execute(db);
	}
	for (const table of ["search_terms", "search_artist_documents", "search_documents"])
		await db.schema.dropTable(table).ifExists().execute();
}

// -------------------------------------------------------------------------------------------------------
// Writing documents

export interface PieceDocument {
	/** The order key (orderKey): where the piece stands among equally good matches. */
	id: number;
	projectId: string;
	category: string;
	artistId: string | null;
	availability: string;
	price: number;
	createdAt: string;
	tokens: DocumentTokens;
}

export interface ArtistDocument {
	artistId: string;
	tokens: DocumentTokens;
}

/** A document's stored tokens: each field's under its code, each once. */
function storedTokens(tokens: DocumentTokens): string[] {
	const stored = new Set<string>();
	SEARCH_FIELDS.forEach((field, index) => {
		for (const token of tokens[field]) {
			if (token.length === 0) continue;
			// A word of the k-th field is in the first k fields, and the first k+1 …: one token answers each.
			for (let reach = index + 1; reach <= ALL_FIELDS; reach++)
				stored.add(`${codeOf(reach as FieldReach)}${token.slice(0, MAX_TOKEN_LENGTH)}`);
		}
	});
	for (const token of tokens.meta) stored.add(`${codeOf("filter")}${token}`);
	return [...stored];
}

function quoteLexeme(token: string): string {
	return `'${token.replace(/['\\]/g, "\\$&")}'`;
}

/** A document as SQLite's FTS5 column holds it, or as Postgres tsvector text (lexemes without positions). */
const ftsText = (tokens: DocumentTokens) => storedTokens(tokens).join(" ");
const tsvectorText = (tokens: DocumentTokens) => storedTokens(tokens).map(quoteLexeme).join(" ");

/** Rows per insert statement: well under both databases' limits on parameters. */
const BATCH = 200;

function batches<T>(items: readonly T[], size = BATCH): T[][] {
	const list: T[][] = [];
	for (let start = 0; start < items.length; start += size) list.push(items.slice(start, start + size));
	return list;
}

export async function insertPieceDocuments(
	executor: Executor,
	documents: readonly PieceDocument[],
): Promise<void> {
	const postgres = databaseKind(executor) === "postgres";
	// In key order: FTS5 appends to its lists far faster than it inserts into them.
	const sorted = [...documents].sort((a, b) => a.id - b.id);
	for (const batch of batches(sorted)) {
		const rows = batch.map(
			(doc) =>
				sql`(${doc.id}, ${doc.projectId}, ${doc.category}, ${doc.artistId}, ${doc.availability}, ${doc.price}, ${doc.createdAt}${
					postgres ? sql`, cast(${tsvectorText(doc.tokens)} as tsvector)` : sql``
				})`,
		);
		await sql`insert into search_documents (id, project_id, category, artist_id, availability, price, created_at${
			postgres ? sql`, document` : sql``
		}) values ${sql.join(rows)}`.execute(executor);
		if (postgres) continue;
		const ftsRows = batch.map((doc) => sql`(${doc.id}, ${ftsText(doc.tokens)})`);
		await sql`insert into search_index (rowid, tokens) values ${sql.join(ftsRows)}`.execute(executor);
	}
}

/** Removes the pieces' documents (their index rows go with them: a trigger on SQLite, the row on Postgres). */
export async function deletePieceDocuments(executor: Executor, projectIds: readonly string[]): Promise<void> {
	for (const batch of batches(projectIds, 500))
		await executor.deleteFrom("search_documents").where("project_id", "in", batch).execute();
}

export async function replaceArtistDocuments(
	executor: Executor,
	documents: readonly ArtistDocument[],
): Promise<void> {
	const postgres = databaseKind(executor) === "postgres";
	for (const doc of documents) {
		await executor.deleteFrom("search_artist_documents").where("artist_id", "=", doc.artistId).execute();
		if (postgres) {
			await sql`insert into search_artist_documents (artist_id, document)
				values (${doc.artistId}, cast(${tsvectorText(doc.tokens)} as tsvector))`.execute(executor);
			continue;
		}
		const { id } = await executor
			.insertInto("search_artist_documents")
			.values({ artist_id: doc.artistId })
			.returning("id")
			.executeTakeFirstOrThrow();
		await sql`insert into search_artist_index (rowid, tokens) values (${id}, ${ftsText(doc.tokens)})`.execute(
			executor,
		);
	}
}

/** Empties every search table (a full reindex writes them anew). */
export async function clearSearchIndex(executor: Executor): Promise<void> {
	await executor.deleteFrom("search_documents").execute();
	await executor.deleteFrom("search_artist_documents").execute();
	await executor.deleteFrom("search_terms").execute();
	if (databaseKind(executor) === "sqlite") {
		// The triggers emptied the FTS tables row by row; 'rebuild' leaves no deleted-row markers behind.
		await sql`insert into search_term_trigrams(search_term_trigrams) values ('rebuild')`.execute(executor);
	}
}

/** The order key of a piece's search_documents row in use for a bucket: the highest taken in it. */
export async function highestKeyIn(executor: Executor, from: number, below: number): Promise<number | null> {
	const row = await executor
		.selectFrom("search_documents")
		.select((eb) => eb.fn.max("id").as("id"))
		.where("id", ">=", from)
		.where("id", "<", below)
		.executeTakeFirst();
	return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

// -------------------------------------------------------------------------------------------------------
// The vocabulary

export interface TermRow {
	term: string;
	stem: string;
	key: string;
	stem_key: string;
}

/** Adds words to the vocabulary; words it has already are left as they are. */
export async function addTerms(executor: Executor, terms: readonly TermRow[]): Promise<void> {
	for (const batch of batches(terms)) {
		await executor
			.insertInto("search_terms")
			.values([...batch])
			.onConflict((conflict) => conflict.column("term").doNothing())
			.execute();
	}
}

/** The vocabulary's words that are one of `terms`, have one of `stems`, or one of `keys` (of the word or its stem). */
export async function findTerms(
	executor: Executor,
	lookup: { terms: readonly string[]; stems: readonly string[]; keys: readonly string[] },
): Promise<TermRow[]> {
	const terms = [...new Set(lookup.terms)];
	const stems = [...new Set(lookup.stems)];
	const keys = [...new Set(lookup.keys)];
	if (terms.length + stems.length + keys.length === 0) return [];
	return executor
		.selectFrom("search_terms")
		.selectAll()
		.where((eb) =>
			eb.or([
				...(terms.length > 0 ? [eb("term", "in", terms)] : []),
				...(stems.length > 0 ? [eb("stem", "in", stems)] : []),
				...(keys.length > 0 ? [eb("key", "in", keys), eb("stem_key", "in", keys)] : []),
			]),
		)
		.execute();
}

/**
 * Up to `limit` vocabulary words that start with `term`, or whose key starts with `key` (when given), the
 * shortest first: what a word still being typed may become. SQLite compares bytes, so a range on the
 * primary key (or the key's index) finds them; Postgres's collation may not sort a prefix's words
 * together, so it asks LIKE, which the text_pattern_ops indexes answer.
 */
export async function completeTerms(
	executor: Executor,
	prefixes: { term: string; key: string },
	limit: number,
): Promise<TermRow[]> {
	const postgres = databaseKind(executor) === "postgres";
	const startingWith = (column: "term" | "key", prefix: string) =>
		executor
			.selectFrom("search_terms")
			.selectAll()
			.where((eb) =>
				postgres
					? eb(column, "like", `${prefix.replace(/[\\%_]/g, "\\$&")}%`)
					: eb.and([eb(column, ">=", prefix), eb(column, "<", `${prefix}\uffff`)]),
			)
			.orderBy(sql`length(term)`)
			.orderBy("term")
			.limit(limit)
			.execute();
	const [byTerm, byKey] = await Promise.all([
		startingWith("term", prefixes.term),
		prefixes.key ? startingWith("key", prefixes.key) : [],
	]);
	const rows = new Map([...byTerm, ...byKey].map((row) => [row.term, row]));
	return [...rows.values()]
		.sort((a, b) => a.term.length - b.term.length || (a.term < b.term ? -1 : 1))
		.slice(0, limit);
}

/**
 * Vocabulary words that share letters with `word` (at least one trigram): the candidates for a typo of two
 * edits, each then measured exactly by the caller. SQLite asks its trigram index for any of the word's
 * trigrams; Postgres asks pg_trgm's index for words similar enough. `limit` keeps the most similar.
 */
export async function trigramNeighbours(executor: Executor, word: string, limit: number): Promise<string[]> {
	if (databaseKind(executor) === "postgres") {
		const neighbours = async (trx: Executor) => {
			// The similarity `%` asks for: low, since "a shared trigram" is the test (the distance decides).
			await sql`set local pg_trgm.similarity_threshold = 0.1`.execute(trx);
			return sql<{ term: string }>`select term from search_terms where term % ${word}
				order by similarity(term, ${word}) desc, term limit ${limit}`.execute(trx);
		};
		const rows = executor.isTransaction
			? await neighbours(executor)
			: await executor.transaction().execute(neighbours);
		return rows.rows.map((row) => row.term);
	}
	const chars = [...word];
	const trigrams = new Set<string>();
	for (let index = 0; index + 3 <= chars.length; index++)
		trigrams.add(chars.slice(index, index + 3).join(""));
	if (trigrams.size === 0) return [];
	const match = [...trigrams].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(" OR ");
	const rows = await sql<{ term: string }>`select term from search_terms where rowid in (
			select rowid from search_term_trigrams where search_term_trigrams match ${match} order by rank limit ${limit})
		order by term`.execute(executor);
	return rows.rows.map((row) => row.term);
}

// -------------------------------------------------------------------------------------------------------
// Queries

/** The stored token a token node stands for. */
const stored = (expr: Extract<SearchExpr, { op: "token" }>) =>
	`${codeOf(expr.within)}${expr.token.slice(0, MAX_TOKEN_LENGTH)}`;

/** An expression in FTS5's query syntax. */
export function toFts5(expr: SearchExpr): string {
	switch (expr.op) {
		case "token": {
			return `"${stored(expr).replaceAll('"', '""')}"${expr.prefix ? "*" : ""}`;
		}
		case "and":
			return `(${expr.items.map(toFts5).join(" AND ")})`;
		case "or":
			return `(${expr.items.map(toFts5).join(" OR ")})`;
		case "not":
			return `(${toFts5(expr.item)} NOT ${toFts5(expr.except)})`;
	}
}

/** An expression as Postgres tsquery text (cast to tsquery as it is: no parser, no dictionary). */
export function toTsquery(expr: SearchExpr): string {
	switch (expr.op) {
		case "token": {
			return `${quoteLexeme(stored(expr))}${expr.prefix ? ":*" : ""}`;
		}
		case "and":
			return `(${expr.items.map(toTsquery).join(" & ")})`;
		case "or":
			return `(${expr.items.map(toTsquery).join(" | ")})`;
		case "not":
			return `(${toTsquery(expr.item)} & !${toTsquery(expr.except)})`;
	}
}

const tsquery = (expr: SearchExpr) => sql`cast(${toTsquery(expr)} as tsquery)`;

const isPostgres = (executor: Executor) => databaseKind(executor) === "postgres";

/**
 * Runs a search's queries so that Postgres reads the matches from the GIN index: its planner, not knowing
 * that each row's tsvector is large and TOASTed, would often scan the table and test `@@` on every row
 * (0.23 s for a common word at 10,000 pieces, against 0.02 s through the index). On Postgres the queries
 * share a read transaction with sequential scans off; inside a caller's transaction they run as they
 * are (a `set local` would outlive the search there). SQLite: as they are.
 */
export function withSearchPlan<T>(executor: Executor, run: (executor: Executor) => Promise<T>): Promise<T> {
	if (!isPostgres(executor) || executor.isTransaction) return run(executor);
	return executor.transaction().execute(async (trx) => {
		await sql`set local enable_seqscan = off`.execute(trx);
		return run(trx);
	});
}

/**
 * What the shop's filters ask of a matching piece besides its tokens (issue #35): available now, a price
 * range (priced pieces only). Checked on the piece's document row, which the matches are joined to.
 */
export interface DocumentFilter {
	availableOnly?: boolean;
	minPrice?: number;
	maxPrice?: number;
	/** An art collection (a tag on the piece, not in its document): the pieces of that collection. */
	collection?: string;
}

function hasDocumentFilter(filter: DocumentFilter | undefined): filter is DocumentFilter {
	return Boolean(
		filter &&
			(filter.availableOnly ||
				filter.collection ||
				filter.minPrice !== undefined ||
				filter.maxPrice !== undefined),
	);
}

/** The filter as " and …" conditions on the documents aliased `d` (empty without one). */
function documentConditions(filter: DocumentFilter | undefined) {
	if (!hasDocumentFilter(filter)) return sql``;
	const parts = [];
	if (filter.availableOnly) parts.push(sql` and d.availability = 'available'`);
	if (filter.minPrice !== undefined || filter.maxPrice !== undefined) parts.push(sql` and d.price > 0`);
	if (filter.minPrice !== undefined) parts.push(sql` and d.price >= ${filter.minPrice}`);
	if (filter.maxPrice !== undefined) parts.push(sql` and d.price <= ${filter.maxPrice}`);
	if (filter.collection)
		parts.push(
			sql` and d.project_id in (select p.id from projects p where p.collection = ${filter.collection})`,
		);
	return sql.join(parts, sql``);
}

/** How many pieces match. */
export async function countPieces(
	executor: Executor,
	expr: SearchExpr,
	filter?: DocumentFilter,
): Promise<number> {
	const query = hasDocumentFilter(filter)
		? sql<{
				n: number;
			}>`select count(*) as n from ${matchingDocuments(executor, expr)}${documentConditions(filter)}`
		: isPostgres(executor)
			? sql<{ n: number }>`select count(*) as n from search_documents where document @@ ${tsquery(expr)}`
			: sql<{ n: number }>`select count(*) as n from search_index where search_index match ${toFts5(expr)}`;
	const { rows } = await query.execute(executor);
	return Number(rows[0]?.n ?? 0);
}

/** The matching pieces' documents, for a query that reads their columns (d.category, d.price …). */
const matchingDocuments = (executor: Executor, expr: SearchExpr) =>
	isPostgres(executor)
		? sql`search_documents d where d.document @@ ${tsquery(expr)}`
		: sql`search_index f join search_documents d on d.id = f.rowid where search_index match ${toFts5(expr)}`;

/**
 * One page of the pieces that match `levels`' last expression (each level holds the ones before it: the
 * caller's levels are cumulative), ordered by the first level they match, then by their order key
 * (available before reserved before sold, newest first).
 *
 * SQLite reads each level in rowid order, which is that order, with a LIMIT of the page's end: the first
 * `offset + limit` rows of a level hold every new piece the page can need, since at most as many as were
 * already taken are old. Sparse levels (few name matches) read short token lists. Postgres does the same
 * with its GIN index and a top-N sort by the order key.
 */
export async function piecesByLevel(
	executor: Executor,
	levels: readonly SearchExpr[],
	offset: number,
	limit: number,
	filter?: DocumentFilter,
): Promise<string[]> {
	const last = levels[levels.length - 1];
	if (!last || limit <= 0) return [];
	const postgres = isPostgres(executor);
	const end = offset + limit;
	const taken: string[] = [];
	const seen = new Set<string>();
	for (const level of levels) {
		// SQLite: joined here, by the rowid the index hands out (better-sqlite3 would send a list of them back
		// as floating-point numbers, which SQLite cannot look up by key). Postgres: from the GIN index (see
		// withSearchPlan) with a top-N sort; "id + 0" keeps the planner off the key's index, which would walk
		// the pieces in order testing each one's tsvector. (One query ordering every match by a CASE of every
		// level's tsquery read each tsvector once per level: 0.3 s a page at 10,000 pieces.)
		const query = postgres
			? sql<{ project_id: string }>`select d.project_id from search_documents d
				where d.document @@ ${tsquery(level)}${documentConditions(filter)} order by d.id + 0 limit ${end}`
			: sql<{ project_id: string }>`select d.project_id from search_index f
				join search_documents d on d.id = f.rowid
				where search_index match ${toFts5(level)}${documentConditions(filter)} order by f.rowid limit ${end}`;
		const { rows } = await query.execute(executor);
		for (const { project_id: id } of rows) {
			if (seen.has(id)) continue;
			seen.add(id);
			taken.push(id);
		}
		if (taken.length >= end) break;
	}
	return taken.slice(offset, end);
}

export type PieceOrder = "newest" | "price-asc" | "price-desc";

/** One page of the matching pieces in a shop order (newest, price), instead of by relevance. */
export async function piecesInOrder(
	executor: Executor,
	expr: SearchExpr,
	order: PieceOrder,
	offset: number,
	limit: number,
	filter?: DocumentFilter,
): Promise<string[]> {
	// Available pieces first, as every public list (issue #35): a sold piece never heads "cheapest first".
	const rank = sql`case d.availability when 'available' then 0 when 'reserved' then 1 else 2 end`;
	const orderBy =
		order === "newest"
			? sql`${rank}, d.created_at desc, d.project_id`
			: sql`${rank}, d.price = 0, d.price ${order === "price-asc" ? sql`asc` : sql`desc`}, d.created_at desc, d.project_id`;
	const { rows } = await sql<{
		project_id: string;
	}>`select d.project_id from ${matchingDocuments(executor, expr)}${documentConditions(filter)}
		order by ${orderBy} limit ${limit} offset ${offset}`.execute(executor);
	return rows.map((row) => row.project_id);
}

export interface FacetCount {
	category: string;
	artistId: string | null;
	count: number;
}

/**
 * The matching pieces counted by category and artist together, in one pass: the total and the counts of
 * each filter, with or without the other filter, all add up from it.
 */
export async function countByCategoryAndArtist(
	executor: Executor,
	expr: SearchExpr,
	filter?: DocumentFilter,
): Promise<FacetCount[]> {
	const { rows } = await sql<{ category: string; artist_id: string | null; n: number }>`
		select d.category, d.artist_id, count(*) as n from ${matchingDocuments(executor, expr)}${documentConditions(filter)}
		group by d.category, d.artist_id`.execute(executor);
	return rows.map((row) => ({ category: row.category, artistId: row.artist_id, count: Number(row.n) }));
}

/** Artists whose name matches, by the first level they match, up to `limit`. */
export async function artistsByLevel(
	executor: Executor,
	levels: readonly SearchExpr[],
	limit: number,
): Promise<string[]> {
	const found: string[] = [];
	for (const level of levels) {
		const query = isPostgres(executor)
			? sql<{
					artist_id: string;
				}>`select artist_id from search_artist_documents where document @@ ${tsquery(level)}
					order by artist_id limit ${limit}`
			: sql<{ artist_id: string }>`select d.artist_id from search_artist_index f
					join search_artist_documents d on d.id = f.rowid
					where search_artist_index match ${toFts5(level)} order by d.artist_id limit ${limit}`;
		for (const row of (await query.execute(executor)).rows) {
			if (!found.includes(row.artist_id)) found.push(row.artist_id);
		}
		if (found.length >= limit) break;
	}
	return found.slice(0, limit);
}
