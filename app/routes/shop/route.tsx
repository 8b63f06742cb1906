import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ProjectCard } from "~/components/project-card";
import { isShowMore, PagedList } from "~/components/ui/paged-list";
import { deferred } from "~/lib/deferred";
import { formatCount } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { ShopChips } from "./shop-chips";
import { loadShop } from "./shop-data.server";
import { DEFAULT_SORT, defaultSortFor, type ShopQuery, shopHref } from "./shop-href";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = {
	i18n: ["shop"],
	// What parseShopQuery reads (shop-data.server.ts).
	pageCache: {
		shared: true,
		query: ["category", "designer", "q", "sort", "page", "available", "min", "max", "collection"],
	},
} satisfies I18nHandle & PageCacheHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const root = rootMetaData(matches);
	if (!data) return seoMeta({ ...root, title: "FORMA", description: "", path: "/shop" });
	const { query, paging } = data;
	// A category, collection or designer view is a page of its own; a search, another order, availability
	// or a price range is the same list as the plain one (its page 1), and only the plain list's pages are
	// named page by page.
	const plain =
		!query.q && query.sort === DEFAULT_SORT && !query.available && query.min === null && query.max === null;
	return seoMeta({
		...root,
		title: data.meta.title,
		description: data.meta.description,
		path: shopHref({ ...query, q: "", sort: DEFAULT_SORT, available: false, min: null, max: null }),
		paging: plain ? paging : undefined,
	});
};

/** A search that found nothing is not kept in the page cache (its loader says no-store): each one counts. */
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
	const headers = new Headers(parentHeaders);
	const cacheControl = loaderHeaders.get("Cache-Control");
	if (cacheControl) headers.set("Cache-Control", cacheControl);
	return headers;
};

export const loader = ({ request }: LoaderFunctionArgs) => loadShop(request);

/**
 * The filter forms (above the results, and folded below them on a phone) are plain GET forms that work as
 * they are; their code (submit on change, fields kept in step with the URL) loads when the browser is idle
 * after the first view (decision 0018).
 */
const ShopFilters = deferred(() => import("./shop-filters").then((module) => module.ShopFilters));
const ShopFiltersDisclosure = deferred(() =>
	import("./shop-filters").then((module) => module.ShopFiltersDisclosure),
);
export default function ShopPage() {
	const { query, designers, sorts, projects, paging, correction, categories, filterCategories } =
		useLoaderData<typeof loader>();
	const filters = { query, designers, sorts, categories: filterCategories, total: paging.total };
	const { t, i18n } = useTranslation("shop");
	const navigation = useNavigation();
	// A new filter or order fades the old results; "Show more" keeps them as they are.
	const updating =
		navigation.state === "loading" &&
		navigation.location.pathname === "/shop" &&
		!isShowMore(navigation.location);
	return (
		<div className="mx-auto max-w-[1440px] px-5 md:px-10">
			<header className="border-b border-line pt-16 pb-10 md:pt-24 md:pb-14">
				<p className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">{t("eyebrow")}</p>
				<div className="mt-5 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between lg:gap-16">
					<h1 className="font-display text-[clamp(3rem,10vw,8rem)] leading-none font-semibold tracking-[-0.05em]">
						{t("title")}
					</h1>
					<p className="max-w-md text-lg leading-relaxed text-muted lg:pb-3">{t("intro")}</p>
				</div>
			</header>

			{/* On a phone the results come first; the filters open over them from a control that stays in view. */}
			<div className="hidden md:block">
				<ShopFilters {...filters} />
			</div>

			<div className="flex items-baseline justify-between gap-4 pt-10">
				<p aria-live="polite" className="flex flex-wrap items-baseline gap-x-3 text-sm">
					<span className="font-semibold">
						{t("count", { count: paging.total, number: formatCount(paging.total, i18n.language) })}
					</span>
					{paging.pageCount > 1 ? (
						<span className="text-muted">
							{t("pageOf", {
								page: formatCount(paging.page, i18n.language),
								pageCount: formatCount(paging.pageCount, i18n.language),
							})}
						</span>
					) : null}
				</p>
			</div>
			<ShopChips query={query} designers={designers} />

			{correction ? <DidYouMean query={query} correction={correction} /> : null}

			<div
				aria-busy={updating}
				className={cx(
					"pb-16 transition-opacity duration-200 md:pb-24",
					updating && "opacity-50 motion-reduce:opacity-70",
				)}
			>
				{projects.length === 0 ? (
					<div className="mt-6 rounded-2xl border border-dashed border-line px-6 py-16 text-center">
						<h2 className="font-display text-2xl font-medium tracking-[-0.02em]">{t("empty.title")}</h2>
						<p className="mx-auto mt-3 max-w-md text-muted">{t("empty.text")}</p>
						<Link to="/shop" className="button-primary mt-8">
							{t("empty.reset")}
						</Link>
						{query.q ? <EmptySearchOffers designers={designers} categories={categories} /> : null}
					</div>
				) : (
					<PagedList
						items={projects}
						paging={paging}
						list={shopHref(query)}
						hrefFor={(number) => shopHref(query, number)}
						className="mt-6 grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3"
						renderItem={(project, index) => (
							<ProjectCard project={project} opens="project" showPrice priority={index === 0} />
						)}
					/>
				)}
			</div>

			{/* A child of the whole page, so that it stays at the bottom of the screen however far one scrolls. */}
			<ShopFiltersDisclosure {...filters} />
		</div>
	);
}

/**
 * When the words as typed were not found and a correction was (the other keyboard layout, a typo), the
 * results are the correction's: the page says so and links to it.
 */
function DidYouMean({ query, correction }: { query: ShopQuery; correction: string }) {
	const { t } = useTranslation("shop");
	const corrected = { ...query, q: correction, sort: defaultSortFor(correction) };
	return (
		<div className="mt-8 rounded-2xl border border-line px-5 py-4" data-testid="did-you-mean">
			<p className="text-lg">
				{t("search.didYouMean")}{" "}
				<Link to={shopHref(corrected)} className="link-underline font-semibold">
					{correction}
				</Link>
			</p>
			<p className="mt-1 text-sm text-muted">
				{t("search.showingFor", { typed: query.q, shown: correction })}
			</p>
		</div>
	);
}

/** What a search that found nothing offers instead: the artists and the categories the catalogue has. */
function EmptySearchOffers({
	designers,
	categories,
}: {
	designers: Array<{ id: string; name: string }>;
	categories: Array<{ id: string; href: string }>;
}) {
	const { t } = useTranslation("shop");
	const lists = [
		{
			id: "empty-categories",
			title: t("search.categories"),
			links: categories.map((category) => ({
				key: category.id,
				href: category.href,
				label: t(`categories.${category.id}`, { ns: "common" }),
			})),
		},
		{
			id: "empty-artists",
			title: t("search.artists"),
			links: designers.map((artist) => ({
				key: artist.id,
				href: `/artist/${artist.id}`,
				label: artist.name,
			})),
		},
	].filter((list) => list.links.length > 0);
	return (
		<div className="mx-auto mt-12 grid max-w-3xl gap-8 text-left sm:grid-cols-2">
			{lists.map((list) => (
				<section key={list.id} aria-labelledby={list.id}>
					<h3 id={list.id} className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
						{list.title}
					</h3>
					<ul className="mt-3 flex flex-wrap gap-2">
						{list.links.map((link) => (
							<li key={link.key}>
								<Link
									to={link.href}
									className="inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm hover:border-ink"
								>
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</section>
			))}
		</div>
	);
}
