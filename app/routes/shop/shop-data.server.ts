import * as z from "zod";
import { PROJECT_CATEGORIES } from "~/lib/categories";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { typesetName } from "~/lib/typography.server";
import { listArtistsWithWorks } from "~/models/artists.server";
import { SHOP_SORTS, searchProjects, toProjectSummary } from "~/models/projects.server";
import { DEFAULT_SORT, MAX_QUERY_LENGTH } from "./shop-href";

/*
 * The shop's data. Apart from the route module so that the browser build sees one server import there
 * instead of four shared ones (each shared server module costs the page an empty chunk).
 */

export async function loadShop(request: Request) {
	const params = parseShopQuery(new URL(request.url).searchParams);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "shop");
	const designers = await listArtistsWithWorks();
	// ?designer= holds an artist's id (the same id the artist page and counts use); a designer the catalogue
	// does not know is ignored, and case does not matter so hand-typed links still work.
	const designer = designers.find((artist) => artist.id === params.designer?.toLowerCase())?.id;
	const result = await searchProjects({
		category: params.category,
		artistId: designer,
		query: params.q || undefined,
		sort: params.sort,
		page: params.page,
	});
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
		projects: result.projects.map((project) => toProjectSummary(project, language)),
		total: result.total,
		page: result.page,
		pageCount: result.pageCount,
		meta: { title: t("metaTitle"), description: t("metaDescription") },
	};
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
		sort: z.enum(SHOP_SORTS).catch(DEFAULT_SORT),
		page: z.coerce.number().int().min(1).catch(1),
	});
	return schema.parse(Object.fromEntries(searchParams));
}
