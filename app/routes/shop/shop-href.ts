import type { ArtCollection } from "~/lib/collections";
import type { ShopSort } from "~/models/projects.server";

export const DEFAULT_SORT: ShopSort = "newest";
/** With a search, the best matches come first (issue #34): the order the search ranks them in. */
export const RELEVANCE = "relevance";
export type ShopOrder = ShopSort | typeof RELEVANCE;
export const MAX_QUERY_LENGTH = 100;
/** The filters on a phone, which the sticky "Filters (n)" control opens over the results. */
export const FILTERS_DISCLOSURE_ID = "shop-filters";
/** The highest price a filter takes (whole rubles): more is read as no upper bound. */
export const MAX_PRICE = 1_000_000_000;

/** The price presets beside the price fields (issue #35): each sets both ends at once. */
export const PRICE_PRESETS = [
	{ id: "under", min: null, max: 50_000 },
	{ id: "between", min: 50_000, max: 150_000 },
	{ id: "over", min: 150_000, max: null },
] as const;

/** The order a state has when the URL names none: best match with a search, newest without. */
export function defaultSortFor(q: string): ShopOrder {
	return q ? RELEVANCE : DEFAULT_SORT;
}

/** What the shop shows: the filters as the URL carries them (empty when not set). */
export interface ShopQuery {
	category: string;
	designer: string;
	q: string;
	sort: ShopOrder;
	/** Only pieces that can be bought now (?available=1). */
	available: boolean;
	/** A price range in whole rubles (?min=, ?max=), null for an open end. */
	min: number | null;
	max: number | null;
	/** An art collection (?collection=), "" for none. */
	collection: ArtCollection | "";
}

/** A state with nothing chosen: the whole catalogue, newest first. */
export const EMPTY_SHOP_QUERY: ShopQuery = {
	category: "",
	designer: "",
	q: "",
	sort: DEFAULT_SORT,
	available: false,
	min: null,
	max: null,
	collection: "",
};

/** The shop URL for a state: defaults are left out, so links stay short and the bare /shop is the default. */
export function shopHref(query: ShopQuery, page = 1): string {
	const params = new URLSearchParams();
	if (query.q) params.set("q", query.q);
	if (query.category) params.set("category", query.category);
	if (query.collection) params.set("collection", query.collection);
	if (query.designer) params.set("designer", query.designer);
	if (query.available) params.set("available", "1");
	if (query.min !== null) params.set("min", String(query.min));
	if (query.max !== null) params.set("max", String(query.max));
	if (query.sort !== defaultSortFor(query.q)) params.set("sort", query.sort);
	if (page > 1) params.set("page", String(page));
	const search = params.toString();
	return search ? `/shop?${search}` : "/shop";
}

/**
 * A typed price as whole rubles: digits with any spaces, dots or commas between groups ("50 000",
 * "50,000"); anything else (empty, letters, 0) is no bound.
 */
export function parsePrice(value: unknown): number | null {
	if (typeof value !== "string") return null;
	const digits = value.replace(/[\s\u00a0\u202f.,₽]/gu, "");
	if (!/^\d{1,12}$/u.test(digits)) return null;
	const rubles = Number(digits);
	return rubles > 0 ? Math.min(rubles, MAX_PRICE) : null;
}

/** A state's filters that narrow the list, as many as the phone's "Filters (n)" counts. */
export function activeFilterCount(query: ShopQuery): number {
	return [
		query.q,
		query.category,
		query.collection,
		query.designer,
		query.available,
		query.min !== null || query.max !== null,
	].filter(Boolean).length;
}
