import { data } from "@remix-run/node";
import {
	DESIGN_PAGE_CATEGORIES,
	DESIGN_PAGE_TYPES,
	type DesignPageType,
	type ProjectCategory,
	parseDesignPageType,
	SITE_CATEGORIES,
	type SiteCategory,
} from "~/lib/categories";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { type PageInfo, pageSlice } from "~/lib/paging";
import { requestedPage, requirePage } from "~/lib/paging.server";
import type { ProjectSummary } from "~/lib/project-summary";
import { countPublished } from "~/models/catalogue-counts.server";
import { listPublishedPage, toProjectSummary } from "~/models/projects.server";

/*
 * A category page's data. Apart from the route module so that the browser build sees one server import
 * there instead of four shared ones (each shared server module costs the page an empty chunk).
 */

function isSiteCategory(value: string | undefined): value is SiteCategory {
	return (SITE_CATEGORIES as readonly string[]).includes(value ?? "");
}

export async function loadCategory(request: Request, category: string | undefined) {
	if (!isSiteCategory(category)) throw new Response("Not Found", { status: 404 });
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "catalog");
	const type =
		category === "design" ? parseDesignPageType(new URL(request.url).searchParams.get("type")) : null;
	const requested = requestedPage(request);
	const meta = {
		title: t("category.metaTitle", { category: t(`nav.${category}`, { ns: "common" }) }),
		description: t(`category.metaDescription.${category}`),
	};
	const categories = categoriesShown(category, type);
	let paging: PageInfo;
	let projects: ProjectSummary[];
	try {
		paging = requirePage(await countPublished({ categories }), requested);
		const rows = await listPublishedPage({ categories }, pageSlice(paging));
		projects = rows.map((row) => toProjectSummary(row, language));
	} catch (error) {
		if (error instanceof Response) throw error;
		// The page (and the site around it) still renders with a translated alert; the cause goes to the log,
		// never to the visitor, so the page data carries only that it failed.
		logger.error("loading category projects failed", error, { category });
		const failed: PageInfo = { page: 1, pageCount: 1, total: 0, pageSize: 1 };
		return data({ category, type, projects: [], paging: failed, failed: true, meta }, { status: 500 });
	}
	return { category, type, projects, paging, failed: false, meta };
}

/** The project categories a category page lists: Design holds three, narrowed by its chip; the others one. */
function categoriesShown(category: SiteCategory, type: DesignPageType | null): readonly ProjectCategory[] {
	if (category !== "design") return [category];
	return type ? [DESIGN_PAGE_TYPES[type]] : DESIGN_PAGE_CATEGORIES;
}
