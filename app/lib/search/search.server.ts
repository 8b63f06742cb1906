import type { Kysely } from "kysely";
import type { Database } from "~db/schema";
import {
	artistsByLevel,
	countByCategoryAndArtist,
	countPieces,
	type DocumentFilter,
	type PieceOrder,
	piecesByLevel,
	piecesInOrder,
	withSearchPlan,
} from "~db/search-dialect";
import { pageWindow } from "../admin-list";
import { artistToken, categoryToken } from "./documents.server";
import { everyMatchOf, levelsOf, planQuery, type QueryPlan, type SynonymGroup } from "./query.server";

/**
 * The catalogue search as one call (docs/decisions/0030-search.md): the query and the shop's filters in,
 * one ordered page of piece ids and the counts out. The models give it their database handle and load the
 * pieces; the bench (tests/bench/search.ts) times it directly.
 */

type Executor = Kysely<Database>;

export type CatalogueOrder = "relevance" | PieceOrder;

export interface CatalogueQuery {
	text: string;
	category?: string;
	artistId?: string;
	order?: CatalogueOrder;
	/** 1-based; a page past the end gives the last one. */
	page?: number;
	pageSize: number;
	/** Count the matches per category and per artist as well (the shop's filters show them). */
	facets?: boolean;
	synonyms?: readonly SynonymGroup[];
	/** Available pieces only, a price range (issue #35). */
	documents?: DocumentFilter;
}

export interface CatalogueAnswer {
	projectIds: string[];
	total: number;
	page: number;
	pageCount: number;
	/** The query as corrected (other layout, typos) when the words as typed were not found: "Did you mean". */
	correction: string | null;
	/** Matches per category with the artist filter applied (not the category one), and the other way round. */
	categories: Map<string, number> | null;
	artists: Map<string, number> | null;
}

function filterTokens(filters: { category?: string; artistId?: string }): string[] {
	return [
		...(filters.category ? [categoryToken(filters.category)] : []),
		...(filters.artistId ? [artistToken(filters.artistId)] : []),
	];
}

const EMPTY: Omit<CatalogueAnswer, "page" | "pageCount"> = {
	projectIds: [],
	total: 0,
	correction: null,
	categories: null,
	artists: null,
};

export async function searchCatalogue(executor: Executor, query: CatalogueQuery): Promise<CatalogueAnswer> {
	// The vocabulary is read as usual; only the documents' index queries need withSearchPlan (with
	// sequential scans off, Postgres planned the vocabulary's look-ups badly: 0.5 s for a typo).
	const plan = await planQuery(executor, query.text, { synonyms: query.synonyms });
	if (!plan) return { ...EMPTY, page: 1, pageCount: 1 };
	return withSearchPlan(executor, (reader) => answerPlan(reader, plan, query));
}

async function answerPlan(
	executor: Executor,
	plan: QueryPlan,
	query: CatalogueQuery,
): Promise<CatalogueAnswer> {
	const levels = levelsOf(plan, filterTokens(query));
	const all = everyMatchOf(plan, filterTokens(query));
	if (!all) return { ...EMPTY, correction: plan.correction, page: 1, pageCount: 1 };
	let total: number;
	let categories: Map<string, number> | null = null;
	let artists: Map<string, number> | null = null;
	if (query.facets) {
		// One pass over every match, filters aside: the total and both filters' counts add up from it.
		const unfiltered = everyMatchOf(plan);
		const counts = unfiltered ? await countByCategoryAndArtist(executor, unfiltered, query.documents) : [];
		const inCategory = (row: (typeof counts)[number]) => !query.category || row.category === query.category;
		const byArtist = (row: (typeof counts)[number]) => !query.artistId || row.artistId === query.artistId;
		total = counts.filter((row) => inCategory(row) && byArtist(row)).reduce((sum, row) => sum + row.count, 0);
		categories = tally(counts.filter(byArtist), (row) => row.category);
		artists = tally(counts.filter(inCategory), (row) => row.artistId);
	} else total = await countPieces(executor, all, query.documents);
	const window = pageWindow(total, query.page ?? 1, query.pageSize);
	const order = query.order ?? "relevance";
	const projectIds =
		total === 0
			? []
			: order === "relevance"
				? await piecesByLevel(executor, levels, window.offset, window.limit, query.documents)
				: await piecesInOrder(executor, all, order, window.offset, window.limit, query.documents);
	return {
		projectIds,
		total,
		page: window.page,
		pageCount: window.pageCount,
		correction: plan.correction,
		categories,
		artists,
	};
}

function tally<Row extends { count: number }>(
	rows: Row[],
	key: (row: Row) => string | null,
): Map<string, number> {
	const counts = new Map<string, number>();
	for (const row of rows) {
		const value = key(row);
		if (value !== null) counts.set(value, (counts.get(value) ?? 0) + row.count);
	}
	return counts;
}

/** How many pieces a query finds in the whole catalogue, filters aside (is a zero worth noting?). */
export async function countAnywhere(executor: Executor, text: string, synonyms?: readonly SynonymGroup[]) {
	const plan = await planQuery(executor, text, { synonyms });
	const all = plan ? everyMatchOf(plan) : null;
	return all ? withSearchPlan(executor, (reader) => countPieces(reader, all)) : 0;
}

export interface Suggestions {
	projectIds: string[];
	artistIds: string[];
}

/**
 * Suggestions as a visitor types: the pieces that match best (the last word may be unfinished) and the
 * artists whose name matches.
 */
export async function suggest(
	executor: Executor,
	text: string,
	options: { pieces: number; artists: number; synonyms?: readonly SynonymGroup[] },
): Promise<Suggestions> {
	const plan = await planQuery(executor, text, { prefix: true, synonyms: options.synonyms });
	if (!plan) return { projectIds: [], artistIds: [] };
	return withSearchPlan(executor, async (reader) => {
		// One after the other: on Postgres they share the plan's transaction, one connection.
		const projectIds = await piecesByLevel(reader, levelsOf(plan), 0, options.pieces);
		const artistIds = await artistsByLevel(reader, levelsOf(plan, [], 1), options.artists);
		return { projectIds, artistIds };
	});
}
