import * as z from "zod";
import { PROJECT_CATEGORIES } from "~/lib/categories";
import { SHOP_SORTS } from "~/models/projects.server";
import { DEFAULT_SORT, MAX_QUERY_LENGTH } from "./shop-href";

/**
 * The shop's URL is its state. Anything a visitor (or a stale link) can type is accepted: a value that does
 * not parse falls back to its default instead of failing the page.
 */
export function parseShopQuery(searchParams: URLSearchParams) {
	const schema = z.object({
		category: z.enum(PROJECT_CATEGORIES).optional().catch(undefined),
		designer: z.string().trim().optional().catch(undefined),
		q: z
			.string()
			.trim()
			.transform((value) => value.slice(0, MAX_QUERY_LENGTH))
			.optional()
			.catch(undefined),
		sort: z.enum(SHOP_SORTS).catch(DEFAULT_SORT),
		page: z.coerce.number().int().min(1).catch(1),
	});
	return schema.parse(Object.fromEntries(searchParams));
}
