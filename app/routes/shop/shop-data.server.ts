import { data } from "@remix-run/node";
import * as z from "zod";
import { categoryPagePath, PROJECT_CATEGORIES } from "~/lib/categories";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { typesetName } from "~/lib/typography.server";
import { listArtistsWithWorks } from "~/models/artists.server";
import {
	listCategoriesWithWorks,
	type ProjectRecord,
	SHOP_PAGE_SIZE,
	SHOP_SORTS,
	searchProjects,
	toProjectSummary,
} from "~/models/projects.server";
import { recordSearchMiss, searchCataloguePage } from "~/models/search.server";
import { defaultSortFor, MAX_QUERY_LENGTH, RELEVANCE, type ShopOrder } from "./shop-href";

/*
 * The shop's data. Apart from the route module so that the browser build sees one server import there
 * instead of four shared ones (each shared server module costs the page an empty chunk).
 */

interface ShopResults {
	projects: ProjectRecord[];
	total: number;
	page: number;
	pageCount: number;
	/** The search's correction of the query (other layout, typos): the page offers it as "Did you mean". */
	correction: string | null;
}

export async function loadShop(request: Request) {
	const params = parseShopQuery(new URL(request.url).searchParams);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "shop");
	const designers = await listArtistsWithWorks();
	// ?designer= holds an artist's id (the same id the artist page and counts use); a designer the catalogue
	// does not know is ignored, and case does not matter so hand-typed links still work.
	const designer = designers.find((artist) => artist.id === params.designer?.toLowerCase())?.id;
	const q = params.q ?? "";
	const sort = params.sort;
	// A query goes to the search (issue #34); the bare catalogue is a plain list.
	const result: ShopResults = q
		? await searchCataloguePage({
				query: q,
				category: params.category,
				artistId: designer,
				order: sort,
				page: params.page,
				pageSize: SHOP_PAGE_SIZE,
			})
		: {
				...(await searchProjects({
					category: params.category,
					artistId: designer,
					sort: sort === RELEVANCE ? undefined : sort,
					page: params.page,
				})),
				correction: null,
			};
	// A query that found nothing is noted for staff (only its text: app/models/search.server.ts). Such a
	// page is not kept in the page cache, so that each time it is asked counts.
	const missed = q !== "" && result.total === 0;
	if (missed) await recordSearchMiss(q, { filtered: Boolean(params.category || designer) });
	const categories = missed ? await listCategoriesWithWorks() : [];
	return data(
		{
			query: { category: params.category ?? "", designer: designer ?? "", q, sort },
			designers: designers.map((artist) => ({ id: artist.id, name: typesetName(artist.name) })),
			// The sort options travel with the data: SHOP_SORTS lives in a server-only module.
			sorts: [...(q ? [RELEVANCE] : []), ...SHOP_SORTS] as ShopOrder[],
			projects: result.projects.map((project) => toProjectSummary(project, language)),
			total: result.total,
			page: result.page,
			pageCount: result.pageCount,
			correction: result.correction,
			// What an empty result offers instead: the categories there are.
			categories: categories.map((category) => ({ id: category, href: categoryPagePath(category) })),
			meta: { title: t("metaTitle"), description: t("metaDescription") },
		},
		missed ? { headers: { "Cache-Control": "no-store" } } : undefined,
	);
}

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
		sort: z
			.enum([RELEVANCE, ...SHOP_SORTS])
			.optional()
			.catch(undefined),
		page: z.coerce.number().int().min(1).catch(1),
	});
	const parsed = schema.parse(Object.fromEntries(searchParams));
	const q = parsed.q ?? "";
	// Best match means something only with a search.
	const sort: ShopOrder = parsed.sort && !(parsed.sort === RELEVANCE && !q) ? parsed.sort : defaultSortFor(q);
	return { ...parsed, sort };
}
