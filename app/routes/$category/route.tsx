import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CategoryBanner } from "~/components/catalog/category-banner";
import { CategoryProjects } from "~/components/catalog/category-projects";
import { DesignTypeChips } from "~/components/catalog/design-type-chips";
import { SITE_CATEGORIES } from "~/lib/categories";
import { deferred } from "~/lib/deferred";
import type { I18nHandle } from "~/lib/i18n";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { loadCategory } from "./category-data.server";

/**
 * The art page's collections carousel loads when the browser is idle after the first view (and only on
 * that page): until then the server's HTML is a scrollable, snapping row, as without JavaScript.
 */
const ArtCollections = deferred(() =>
	import("~/components/catalog/art-collections").then((module) => module.ArtCollections),
);

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = {
	i18n: ["catalog"],
	pageCache: {
		shared: true,
		query: ["type"],
		params: { category: SITE_CATEGORIES },
		notFound: { path: "/not-found" },
	},
} satisfies I18nHandle & PageCacheHandle;

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

export const loader = ({ request, params }: LoaderFunctionArgs) => loadCategory(request, params.category);

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
			{category === "art" ? <ArtCollections /> : null}
		</>
	);
}
