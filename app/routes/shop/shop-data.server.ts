import * as z from "zod";
import { PROJECT_CATEGORIES } from "~/lib/categories";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { pageSlice } from "~/lib/paging";
import { requestedPage, requirePage } from "~/lib/paging.server";
import { typesetName } from "~/lib/typography.server";
import { listShopDesigners } from "~/models/artists.server";
import {
	type CatalogueFilter,
	countPublishedProjects,
	listPublishedPage,
	SHOP_SORTS,
	toProjectSummary,
} from "~/models/projects.server";
import { DEFAULT_SORT, MAX_QUERY_LENGTH } from "./shop-href";

/*
 * The shop's data. Apart from the route module so that the browser build sees one server import there
 * instead of four shared ones (each shared server module costs the page an empty chunk).
 */

/** How many designers the filter offers: those with the most works (and the one chosen). */
const DESIGNER_OPTIONS = 40;

export async function loadShop(request: Request) {
	const params = parseShopQuery(new URL(request.url).searchParams);
	const requested = requestedPage(request);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "shop");
	// ?designer= holds an artist's id (the same id the artist page and counts use); case does not matter so
	// hand-typed links still work, and a designer without published works is ignored.
	const designers = await listShopDesigners(DESIGNER_OPTIONS, params.designer?.toLowerCase());
	const designer = designers.find((artist) => artist.id === params.designer?.toLowerCase())?.id;
	const filter: CatalogueFilter = {
		categories: params.category ? [params.category] : undefined,
		artistId: designer,
		query: params.q || undefined,
	};
	const paging = requirePage(await countPublishedProjects(filter), requested);
	const projects = await listPublishedPage(filter, pageSlice(paging), params.sort);
	return {
		query: {
			category: params.category ?? "",
			designer: designer ?? "",
			q: params.q ?? "",
			sort: params.sort,
		},
		designers: designers.map((artist) => ({ id: artist.id, name: typesetName(artist.name) })),
		// The sort options travel with the data: SHOP_SORTS lives in a server-only module.
		sorts: [...SHOP_SORTS],
		projects: projects.map((project) => toProjectSummary(project, language)),
		paging,
		meta: { title: t("metaTitle"), description: t("metaDescription") },
	};
}

/**
 * The shop's URL is its state. Anything a visitor (or a stale link) can type in a filter is accepted: a
 * value that does not parse falls back to its default instead of failing the page. The page is read apart
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
		sort: z.enum(SHOP_SORTS).catch(DEFAULT_SORT),
	});
	return schema.parse(Object.fromEntries(searchParams));
}
