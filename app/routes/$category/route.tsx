import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { CategoryBanner } from "~/components/catalog/category-banner";
import { CategoryProjects } from "~/components/catalog/category-projects";
import { DesignTypeChips } from "~/components/catalog/design-type-chips";
import { afterIdle } from "~/lib/after-idle";
import {
	DESIGN_PAGE_CATEGORIES,
	DESIGN_PAGE_TYPES,
	type DesignPageType,
	type ProjectCategory,
	parseDesignPageType,
	SITE_CATEGORIES,
	type SiteCategory,
} from "~/lib/categories";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import type { ProjectSummary } from "~/lib/project-summary";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { listProjectsByCategory, toProjectSummary } from "~/models/projects.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
/**
 * The art page's collections carousel loads when the browser is idle after the first view (and only on
 * that page): until then the server's HTML is a scrollable, snapping row, as without JavaScript.
 */
const ArtCollections = lazy(() =>
	afterIdle(() => import("~/components/catalog/art-collections")).then((module) => ({
		default: module.ArtCollections,
	})),
);

export const handle = { i18n: ["catalog"] } satisfies I18nHandle;

/**
 * /branding, /design, /art and /creative. Any other single-segment path that no static route claims
 * (/about, /shop … are their own routes and win over this one), /not-found among them, is a 404.
 * /design also holds furniture and clothing; its ?type= chips narrow it (an unknown type shows all).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	if (!data) return [];
	const { language, origin } = rootMetaData(matches);
	return seoMeta({ ...data.meta, path: `/${data.category}`, origin, language });
};

function isSiteCategory(value: string | undefined): value is SiteCategory {
	return (SITE_CATEGORIES as readonly string[]).includes(value ?? "");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { category } = params;
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

export default function CategoryPage() {
	const { category, type, projects, failed } = useLoaderData<typeof loader>();
	return (
		<>
			<CategoryBanner category={category} count={projects.length} />
			<CategoryProjects
				projects={projects}
				failed={failed}
				filters={category === "design" ? <DesignTypeChips current={type} /> : null}
			/>
			{category === "art" ? (
				<Suspense fallback={null}>
					<ArtCollections />
				</Suspense>
			) : null}
		</>
	);
}
