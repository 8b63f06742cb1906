import { data } from "@remix-run/node";
import * as z from "zod";
import { categoryPagePath, PROJECT_CATEGORIES } from "~/lib/categories";
import { ART_COLLECTIONS } from "~/lib/collections";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { CATALOGUE_PAGE_SIZE, type PageInfo, pageSlice } from "~/lib/paging";
import { requestedPage, requirePage } from "~/lib/paging.server";
import { typesetName } from "~/lib/typography.server";
import { listShopDesigners } from "~/models/artists.server";
import { listCategoriesWithWorks } from "~/models/catalogue-counts.server";
import {
	countPublishedProjects,
	listPublishedPage,
	type ProjectRecord,
	SHOP_SORTS,
	toProjectSummary,
} from "~/models/projects.server";
import { recordSearchMiss, searchCataloguePage } from "~/models/search.server";
import {
	DEFAULT_SORT,
	defaultSortFor,
	MAX_QUERY_LENGTH,
	parsePrice,
	RELEVANCE,
	type ShopOrder,
	type ShopQuery,
} from "./shop-href";

/*
 * The shop's data. Apart from the route module so that the browser build sees one server import there
 * instead of four shared ones (each shared server module costs the page an empty chunk).
 */

/** How many designers the filter offers: those with the most works (and the one chosen). */
const DESIGNER_OPTIONS = 40;

interface ShopResults {
	projects: ProjectRecord[];
	paging: PageInfo;
	/** The search's correction of the query (other layout, typos): the page offers it as "Did you mean". */
	correction: string | null;
}

/** The filters both kinds of list take besides category and designer (issue #35). */
function narrowing(params: ReturnType<typeof parseShopQuery>) {
	return {
		availableOnly: params.available,
		price: { min: params.min ?? undefined, max: params.max ?? undefined },
		collection: params.collection,
	};
}

/**
 * A page of the shop: with a query, a page of the search's ranked results (issue #34); without, a page of
 * the catalogue in the chosen order (issue #33). Either way a page past the end is a 404, and the count is
 * that of the list shown, filters and all.
 */
async function shopResults(
	params: ReturnType<typeof parseShopQuery>,
	designer: string | undefined,
	requested: number,
): Promise<ShopResults> {
	const q = params.q ?? "";
	const { availableOnly, price, collection } = narrowing(params);
	if (q) {
		const result = await searchCataloguePage({
			query: q,
			category: params.category,
			artistId: designer,
			order: params.sort,
			page: requested,
			pageSize: CATALOGUE_PAGE_SIZE,
			availableOnly,
			price,
			collection,
		});
		const paging = requirePage(result.total, requested, CATALOGUE_PAGE_SIZE);
		return { projects: result.projects, paging, correction: result.correction };
	}
	const filter = {
		categories: params.category ? [params.category] : undefined,
		artistId: designer,
		availableOnly,
		price,
		collection,
	};
	const paging = requirePage(await countPublishedProjects(filter), requested);
	const sort = params.sort === RELEVANCE ? DEFAULT_SORT : params.sort;
	return { projects: await listPublishedPage(filter, pageSlice(paging), sort), paging, correction: null };
}

export async function loadShop(request: Request) {
	const params = parseShopQuery(new URL(request.url).searchParams);
	const requested = requestedPage(request);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "shop");
	// ?designer= holds an artist's id (the same id the artist page and counts use); case does not matter so
	// hand-typed links still work, and a designer without published works is ignored.
	const designers = await listShopDesigners(DESIGNER_OPTIONS, params.designer?.toLowerCase());
	const designer = designers.find((artist) => artist.id === params.designer?.toLowerCase())?.id;
	const q = params.q ?? "";
	const { projects, paging, correction } = await shopResults(params, designer, requested);
	// A query that found nothing is noted for staff (only its text: app/models/search.server.ts). Such a
	// page is not kept in the page cache, so that each time it is asked counts.
	const missed = q !== "" && paging.total === 0;
	const filtered = Boolean(
		params.category || designer || params.available || params.min || params.max || params.collection,
	);
	if (missed) await recordSearchMiss(q, { filtered });
	// The categories that have pieces (a few rows of kept counts): the filter offers no category that
	// always finds nothing (issue #35: "Uncategorized"), and an empty search offers them instead.
	const categories = await listCategoriesWithWorks();
	return data(
		{
			query: {
				category: params.category ?? "",
				designer: designer ?? "",
				q,
				sort: params.sort,
				available: params.available,
				min: params.min,
				max: params.max,
				collection: params.collection ?? "",
			} satisfies ShopQuery,
			designers: designers.map((artist) => ({ id: artist.id, name: typesetName(artist.name) })),
			// The sort options travel with the data: SHOP_SORTS lives in a server-only module.
			sorts: [...(q ? [RELEVANCE] : []), ...SHOP_SORTS] as ShopOrder[],
			projects: projects.map((project) => toProjectSummary(project, language)),
			paging,
			correction,
			// The category filter's options; a chosen category stays among them even when it has emptied.
			filterCategories: PROJECT_CATEGORIES.filter(
				(category) => categories.includes(category) || category === params.category,
			),
			// What an empty result offers instead: the categories there are.
			categories: (missed ? categories : []).map((category) => ({
				id: category,
				href: categoryPagePath(category),
			})),
			meta: { title: t("metaTitle"), description: t("metaDescription") },
		},
		missed ? { headers: { "Cache-Control": "no-store" } } : undefined,
	);
}

/**
 * The shop's URL is its state. Anything a visitor (or a stale link) can type in a filter is accepted: a
 * value that does not parse falls back to its default instead of failing the page (a price that is not a
 * number is no bound; a range typed the wrong way round is turned round). The page is read apart
 * (requestedPage): a page that is not one of the list's is a 404.
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
		available: z
			.string()
			.optional()
			.transform((value) => value === "1" || value === "on")
			.catch(false),
		min: z.string().optional().catch(undefined).transform(parsePrice),
		max: z.string().optional().catch(undefined).transform(parsePrice),
		collection: z.enum(ART_COLLECTIONS).optional().catch(undefined),
	});
	const parsed = schema.parse(Object.fromEntries(searchParams));
	const q = parsed.q ?? "";
	// Best match means something only with a search.
	const sort: ShopOrder = parsed.sort && !(parsed.sort === RELEVANCE && !q) ? parsed.sort : defaultSortFor(q);
	const [min, max] =
		parsed.min !== null && parsed.max !== null && parsed.min > parsed.max
			? [parsed.max, parsed.min]
			: [parsed.min, parsed.max];
	return { ...parsed, sort, min, max };
}
