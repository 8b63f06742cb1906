import type { ShopSort } from "~/models/projects.server";

export const DEFAULT_SORT: ShopSort = "newest";
/** With a search, the best matches come first (issue #34): the order the search ranks them in. */
export const RELEVANCE = "relevance";
export type ShopOrder = ShopSort | typeof RELEVANCE;
export const MAX_QUERY_LENGTH = 100;
/** The folded filters on a phone, which the link above the results leads to. */
export const FILTERS_DISCLOSURE_ID = "shop-filters";

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
}

/** The shop URL for a state: defaults are left out, so links stay short and the bare /shop is the default. */
export function shopHref(query: ShopQuery, page = 1): string {
	const params = new URLSearchParams();
	if (query.q) params.set("q", query.q);
	if (query.category) params.set("category", query.category);
	if (query.designer) params.set("designer", query.designer);
	if (query.sort !== defaultSortFor(query.q)) params.set("sort", query.sort);
	if (page > 1) params.set("page", String(page));
	const search = params.toString();
	return search ? `/shop?${search}` : "/shop";
}
