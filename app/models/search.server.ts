import { sql } from "kysely";
import { type Paged, pageWindow, type SortDirection } from "~/lib/admin-list";
import { db } from "~/lib/db.server";
import { type CatalogueOrder, countAnywhere, searchCatalogue, suggest } from "~/lib/search/search.server";
import { normalizeText } from "~/lib/search/text.server";
import type { Artist, SearchMiss } from "~db/schema";
import { type ProjectRecord, selectProjects } from "./projects.server";
import { loadSynonymGroups } from "./search-synonyms.server";

/**
 * The catalogue search for the site (issue #34, docs/decisions/0030-search.md): the search module
 * (app/lib/search/) on the app's database, with the synonyms staff keep, and the pieces loaded as every
 * other list loads them (published only, with their artist and cover).
 */

export interface CatalogueSearch {
	query: string;
	category?: string;
	artistId?: string;
	order?: CatalogueOrder;
	page?: number;
	pageSize: number;
	/** Count the matches per category and per artist too (filters that show counts). */
	facets?: boolean;
	/** Available pieces only (the shop's "available only"). */
	availableOnly?: boolean;
	/** A price range in whole rubles (priced pieces only). */
	price?: { min?: number; max?: number };
	collection?: string;
}

export interface CatalogueResult {
	projects: ProjectRecord[];
	total: number;
	page: number;
	pageCount: number;
	/** The query as understood when it was corrected (other layout, typos): "Did you mean". */
	correction: string | null;
	categories: Map<string, number> | null;
	artists: Map<string, number> | null;
}

/** Pieces by id, in the given order; ids that are not (or no longer) public are left out. */
async function piecesInOrder(ids: readonly string[]): Promise<ProjectRecord[]> {
	if (ids.length === 0) return [];
	const rows = await selectProjects()
		.where("projects.id", "in", [...ids])
		.execute();
	const byId = new Map(rows.map((row) => [row.id, row]));
	return ids.map((id) => byId.get(id)).filter((row): row is ProjectRecord => row !== undefined);
}

/** One page of the shop's search: the pieces in order, the counts, and the "Did you mean". */
export async function searchCataloguePage(search: CatalogueSearch): Promise<CatalogueResult> {
	const synonyms = await loadSynonymGroups();
	const answer = await searchCatalogue(db, {
		text: search.query,
		category: search.category,
		artistId: search.artistId,
		order: search.order,
		page: search.page,
		pageSize: search.pageSize,
		facets: search.facets,
		synonyms,
		documents: {
			availableOnly: search.availableOnly,
			minPrice: search.price?.min,
			maxPrice: search.price?.max,
			collection: search.collection,
		},
	});
	return {
		projects: await piecesInOrder(answer.projectIds),
		total: answer.total,
		page: answer.page,
		pageCount: answer.pageCount,
		correction: answer.correction,
		categories: answer.categories,
		artists: answer.artists,
	};
}

export interface SearchSuggestions {
	pieces: ProjectRecord[];
	artists: Array<Pick<Artist, "id" | "name">>;
}

/** What the search field suggests as a visitor types: a few pieces and artists. */
export async function suggestForQuery(
	query: string,
	limits = { pieces: 6, artists: 3 },
): Promise<SearchSuggestions> {
	const synonyms = await loadSynonymGroups();
	const found = await suggest(db, query, { ...limits, synonyms });
	const [pieces, artists] = await Promise.all([
		piecesInOrder(found.projectIds),
		found.artistIds.length === 0
			? []
			: db.selectFrom("artists").select(["id", "name"]).where("id", "in", found.artistIds).execute(),
	]);
	const order = new Map(found.artistIds.map((id, index) => [id, index]));
	return { pieces, artists: artists.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)) };
}

// -------------------------------------------------------------------------------------------------------
// Queries that found nothing

const MAX_MISS_LENGTH = 100;
/** How many such queries are kept, newest first, and for how long (the hourly purge). */
const KEEP_MISSES = 1000;
const KEEP_MISSES_DAYS = 180;

/**
 * A query as the list of misses keeps it: normalised (lower case, ё → е, spaces tidied), or null for one
 * that may hold someone's contact details (an e-mail address, a phone number: seven digits or more), which
 * is never stored.
 */
export function missKey(query: string): string | null {
	const text = normalizeText(query).replace(/\s+/gu, " ").trim().slice(0, MAX_MISS_LENGTH);
	if (!text || text.includes("@") || (text.match(/\d/gu)?.length ?? 0) >= 7) return null;
	return text;
}

/**
 * Notes that a query found nothing in the whole catalogue: after a search with filters found nothing
 * (`filtered`), the query is asked again without them, since a filter that left nothing is no miss. Only
 * the text, how often and when last: nothing about who asked.
 */
export async function recordSearchMiss(
	query: string,
	options: { filtered: boolean; now?: Date } = { filtered: false },
): Promise<boolean> {
	const key = missKey(query);
	if (!key) return false;
	if (options.filtered && (await countAnywhere(db, query, await loadSynonymGroups())) > 0) return false;
	const now = options.now ?? new Date();
	await db
		.insertInto("search_misses")
		.values({ query: key, count: 1, last_at: now.toISOString() })
		.onConflict((conflict) =>
			conflict.column("query").doUpdateSet({
				count: sql<number>`search_misses.count + 1`,
				last_at: now.toISOString(),
			}),
		)
		.execute();
	return true;
}

export const SEARCH_MISS_SORTS = ["count", "last"] as const;
export type SearchMissSort = (typeof SEARCH_MISS_SORTS)[number];

/** The admin's list of queries that found nothing: the most asked (or most recent) first, 20 a page. */
export async function listSearchMisses(
	options: { sort?: SearchMissSort; direction?: SortDirection; page?: number } = {},
): Promise<Paged<SearchMiss>> {
	const { total } = await db
		.selectFrom("search_misses")
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const window = pageWindow(Number(total), options.page ?? 1);
	const direction = options.direction === "asc" ? "asc" : "desc";
	const [first, second] =
		options.sort === "last" ? (["last_at", "count"] as const) : (["count", "last_at"] as const);
	const rows = await db
		.selectFrom("search_misses")
		.selectAll()
		.orderBy(first, direction)
		.orderBy(second, "desc")
		.orderBy("query")
		.limit(window.limit)
		.offset(window.offset)
		.execute();
	return { rows, total: Number(total), page: window.page, pageCount: window.pageCount };
}

/** Forgets one query (staff dealt with it). */
export async function deleteSearchMiss(query: string): Promise<boolean> {
	const { numDeletedRows } = await db
		.deleteFrom("search_misses")
		.where("query", "=", query)
		.executeTakeFirst();
	return Number(numDeletedRows) > 0;
}

/** The hourly purge's part: misses older than half a year, and all but the newest KEEP_MISSES. */
export async function deleteOldSearchMisses(now = new Date()): Promise<number> {
	const cutoff = new Date(now.getTime() - KEEP_MISSES_DAYS * 24 * 60 * 60 * 1000).toISOString();
	const old = await db.deleteFrom("search_misses").where("last_at", "<", cutoff).executeTakeFirst();
	const overflow = await db
		.deleteFrom("search_misses")
		.where(
			"query",
			"in",
			db
				.selectFrom("search_misses")
				.select("query")
				.orderBy("last_at", "desc")
				.offset(KEEP_MISSES)
				.limit(1_000_000),
		)
		.executeTakeFirst();
	return Number(old.numDeletedRows) + Number(overflow.numDeletedRows);
}
