import * as z from "zod";

/**
 * The admin tables' state lives in the URL (?q=&sort=&dir=&page=), so search, sorting and paging are plain
 * links and GET forms that work without JavaScript. Anything typed into the URL falls back to a default.
 */
const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const ADMIN_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;

interface ListQuery<Sort extends string> {
	q: string;
	sort: Sort;
	dir: SortDirection;
	page: number;
}

/** Reads ?q=&sort=&dir=&page=; the sort must be one of `sorts` (a whitelist in code), else the default. */
export function parseListQuery<Sort extends string>(
	params: URLSearchParams,
	sorts: readonly [Sort, ...Sort[]],
	defaults: { sort: Sort; dir: SortDirection },
): ListQuery<Sort> {
	const schema = z.object({
		q: z
			.string()
			.trim()
			.transform((value) => value.slice(0, MAX_SEARCH_LENGTH))
			.catch(""),
		sort: z.enum(sorts).catch(defaults.sort),
		dir: z.enum(SORT_DIRECTIONS).catch(defaults.dir),
		page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
	});
	const one = (name: string) => params.get(name) ?? undefined;
	const parsed = schema.parse({ q: one("q") ?? "", sort: one("sort"), dir: one("dir"), page: one("page") });
	return parsed as ListQuery<Sort>;
}

/** The page to show and where it starts, for `total` rows: a page past the end shows the last one. */
export function pageWindow(total: number, page: number, pageSize = ADMIN_PAGE_SIZE) {
	const pageCount = Math.max(1, Math.ceil(total / pageSize));
	const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
	return { page: current, pageCount, offset: (current - 1) * pageSize, limit: pageSize };
}

export interface Paged<Row> {
	rows: Row[];
	total: number;
	page: number;
	pageCount: number;
}

/** The current address with some parameters set or (null) removed: links that keep the rest. */
export function withParams(
	location: { pathname: string; search: string },
	changes: Record<string, string | null>,
): string {
	const { pathname, search } = location;
	const params = new URLSearchParams(search);
	for (const [name, value] of Object.entries(changes)) {
		if (value === null) params.delete(name);
		else params.set(name, value);
	}
	const next = params.toString();
	return next ? `${pathname}?${next}` : pathname;
}
