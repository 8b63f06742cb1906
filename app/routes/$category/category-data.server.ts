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
import type { ProjectSummary } from "~/lib/project-summary";
import { listProjectsByCategory, toProjectSummary } from "~/models/projects.server";

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
	const meta = {
		title: t("category.metaTitle", { category: t(`nav.${category}`, { ns: "common" }) }),
		description: t(`category.metaDescription.${category}`),
	};
	try {
		const rows = await listProjectsByCategory(categoriesShown(category, type));
		const projects = rows.map((row) => toProjectSummary(row, language));
		return { category, type, projects, failed: false, meta };
	} catch (error) {
		// The page (and the site around it) still renders with a translated alert; the cause goes to the log,
		// never to the visitor, so the page data carries only that it failed.
		logger.error("loading category projects failed", error, { category });
		const projects: ProjectSummary[] = [];
		return data({ category, type, projects, failed: true, meta }, { status: 500 });
	}
}

/** The project categories a category page lists: Design holds three, narrowed by its chip; the others one. */
function categoriesShown(category: SiteCategory, type: DesignPageType | null): readonly ProjectCategory[] {
	if (category !== "design") return [category];
	return type ? [DESIGN_PAGE_TYPES[type]] : DESIGN_PAGE_CATEGORIES;
}
