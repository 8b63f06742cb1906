/**
 * Every public list is read a page at a time (issue #33, docs/decisions/0029). The page is in the URL,
 * `?page=N` (1 when absent), so paging works without JavaScript and every page has an address of its own;
 * with JavaScript "Show more" appends the next page in place (app/components/ui/paged-list.tsx).
 *
 * 24 a page: it fills whole rows of every grid the lists use (1, 2, 3 or 4 columns), keeps a page of
 * cards near 60 kB of HTML with its data, and is what a visitor scrolls through before deciding whether to
 * narrow the list.
 */
export const CATALOGUE_PAGE_SIZE = 24;

/** Where a list is: which page, of how many, over how many rows. */
export interface PageInfo {
	page: number;
	pageCount: number;
	total: number;
	pageSize: number;
}

/** The rows a page starts at and holds. */
export function pageSlice(info: Pick<PageInfo, "page" | "pageSize">): { offset: number; limit: number } {
	return { offset: (info.page - 1) * info.pageSize, limit: info.pageSize };
}

/**
 * The page a `?page=` value names: absent → 1; a positive whole number written plainly ("2", not "02",
 * "2.0" or "+2") → that number; anything else → null, an address that is no page of the list.
 */
export function parsePageParam(value: string | null | undefined): number | null {
	if (value === null || value === undefined) return 1;
	if (!/^[1-9]\d{0,8}$/.test(value)) return null;
	return Number(value);
}

/**
 * The page of a list of `total` rows, or null when the page is past the end. An empty list still has its
 * first page (it shows the empty state).
 */
export function pageOf(total: number, page: number, pageSize = CATALOGUE_PAGE_SIZE): PageInfo | null {
	const pageCount = Math.max(1, Math.ceil(total / pageSize));
	if (page < 1 || page > pageCount) return null;
	return { page, pageCount, total, pageSize };
}

/** A list's address at a page: page 1 is the bare address, other pages carry `?page=N`; the rest is kept. */
export function pageHref(
	location: { pathname: string; search: string },
	page: number,
	name = "page",
): string {
	const params = new URLSearchParams(location.search);
	if (page > 1) params.set(name, String(page));
	else params.delete(name);
	const search = params.toString();
	return search ? `${location.pathname}?${search}` : location.pathname;
}
