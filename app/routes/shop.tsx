import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import {
	type ChangeEvent,
	type FormEvent,
	type ReactNode,
	type RefObject,
	useEffect,
	useId,
	useRef,
} from "react";
import { useTranslation } from "react-i18next";
import { ArrowLeftIcon, ArrowRightIcon, ChevronDownIcon } from "~/components/icons";
import { ProjectCard } from "~/components/project-card";
import { PROJECT_CATEGORIES } from "~/lib/categories";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import { useHydrated } from "~/lib/use-hydrated";
import {
	listDesigners,
	SHOP_SORTS,
	type ShopSort,
	searchProjects,
	toProjectSummary,
} from "~/models/projects.server";

const DEFAULT_SORT: ShopSort = "newest";
const MAX_QUERY_LENGTH = 100;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
	seoMeta({
		...rootMetaData(matches),
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		// Filtered and paged views are the same page for search engines.
		path: "/shop",
	});

/**
 * The shop's URL is its state. Anything a visitor (or a stale link) can type is accepted: a value that does
 * not parse falls back to its default instead of failing the page.
 */
async function parseShopQuery(searchParams: URLSearchParams) {
	// Loaded here, not at the top: a static import would make the browser fetch zod's shared chunk for a
	// page that never validates anything in the browser.
	const { z } = await import("zod");
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

export async function loader({ request }: LoaderFunctionArgs) {
	const params = await parseShopQuery(new URL(request.url).searchParams);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "shop");
	const designers = await listDesigners();
	// Only a designer the catalogue knows; matched without regard to case, so hand-typed links still work.
	const designer = designers.find((name) => name.toLowerCase() === params.designer?.toLowerCase());
	const result = await searchProjects({
		category: params.category,
		designer,
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
		designers,
		// The sort options travel with the data: SHOP_SORTS lives in a server-only module.
		sorts: [...SHOP_SORTS],
		projects: result.projects.map((project) => toProjectSummary(project, language)),
		total: result.total,
		page: result.page,
		pageCount: result.pageCount,
		meta: { title: t("metaTitle"), description: t("metaDescription") },
	};
}

type ShopQuery = ReturnType<typeof useLoaderData<typeof loader>>["query"];

/** The shop URL for a state: defaults are left out, so links stay short and the bare /shop is the default. */
function shopHref(query: ShopQuery, page = 1): string {
	const params = new URLSearchParams();
	if (query.q) params.set("q", query.q);
	if (query.category) params.set("category", query.category);
	if (query.designer) params.set("designer", query.designer);
	if (query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
	if (page > 1) params.set("page", String(page));
	const search = params.toString();
	return search ? `/shop?${search}` : "/shop";
}

export default function ShopPage() {
	const { query, designers, sorts, projects, total, page, pageCount } = useLoaderData<typeof loader>();
	const { t } = useTranslation("shop");
	const navigation = useNavigation();
	const updating = navigation.state === "loading" && navigation.location.pathname === "/shop";
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

			<ShopFilters query={query} designers={designers} sorts={sorts} />

			<p aria-live="polite" className="flex flex-wrap items-baseline gap-x-3 pt-10 text-sm">
				<span className="font-semibold">{t("count", { count: total })}</span>
				{pageCount > 1 ? <span className="text-muted">{t("pageOf", { page, pageCount })}</span> : null}
			</p>

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
					</div>
				) : (
					<ul className="mt-6 grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
						{projects.map((project, index) => (
							<li key={project.id}>
								<ProjectCard project={project} showPrice priority={index === 0} />
							</li>
						))}
					</ul>
				)}
				<Pagination query={query} page={page} pageCount={pageCount} />
			</div>
		</div>
	);
}

/**
 * Keeps an uncontrolled field in step with the URL after a navigation (Reset, Back), without touching what
 * the visitor chose or typed before the page hydrated.
 */
function useUrlValue<Field extends HTMLInputElement | HTMLSelectElement>(value: string) {
	const field = useRef<Field>(null);
	const shown = useRef(value);
	useEffect(() => {
		if (shown.current === value) return;
		shown.current = value;
		if (field.current) field.current.value = value;
	}, [value]);
	return field;
}

/**
 * A plain GET form, so filtering works without JavaScript (Apply submits it). With JavaScript, a select
 * submits as soon as it changes, the scroll position stays put and empty fields stay out of the URL
 * (`data-enhanced` tells tests and styles that this is on).
 */
function ShopFilters({
	query,
	designers,
	sorts,
}: {
	query: ShopQuery;
	designers: string[];
	sorts: ShopSort[];
}) {
	const { t } = useTranslation("shop");
	const submit = useSubmit();
	const hydrated = useHydrated();
	const textField = useUrlValue<HTMLInputElement>(query.q);
	const categoryField = useUrlValue<HTMLSelectElement>(query.category);
	const designerField = useUrlValue<HTMLSelectElement>(query.designer);
	const sortField = useUrlValue<HTMLSelectElement>(query.sort);

	function submitForm(form: HTMLFormElement) {
		const values = new FormData(form);
		const next: ShopQuery = {
			q: String(values.get("q") ?? "").trim(),
			category: String(values.get("category") ?? ""),
			designer: String(values.get("designer") ?? ""),
			sort: sorts.find((value) => value === values.get("sort")) ?? DEFAULT_SORT,
		};
		submit(new URL(shopHref(next), window.location.origin).searchParams, {
			method: "get",
			action: "/shop",
			preventScrollReset: true,
		});
	}

	function onSelect(event: ChangeEvent<HTMLSelectElement>) {
		if (event.currentTarget.form) submitForm(event.currentTarget.form);
	}

	return (
		<Form
			method="get"
			action="/shop"
			role="search"
			aria-label={t("filters.label")}
			preventScrollReset
			data-enhanced={hydrated || undefined}
			onSubmit={(event: FormEvent<HTMLFormElement>) => {
				event.preventDefault();
				submitForm(event.currentTarget);
			}}
			className="grid gap-4 border-b border-line py-8 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] lg:items-end xl:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))_auto]"
		>
			<Field label={t("filters.search")} className="sm:col-span-2 lg:col-span-1">
				{(id) => (
					<input
						id={id}
						type="search"
						name="q"
						ref={textField}
						defaultValue={query.q}
						maxLength={MAX_QUERY_LENGTH}
						placeholder={t("filters.searchPlaceholder")}
						autoComplete="off"
						enterKeyHint="search"
						className="h-12 w-full rounded-full border border-line bg-card px-5 text-sm placeholder:text-muted focus:border-ink"
					/>
				)}
			</Field>
			<SelectField
				label={t("filters.category")}
				name="category"
				field={categoryField}
				defaultValue={query.category}
				onChange={onSelect}
			>
				<option value="">{t("filters.allCategories")}</option>
				{PROJECT_CATEGORIES.map((value) => (
					<option key={value} value={value}>
						{t(`categories.${value}`, { ns: "common" })}
					</option>
				))}
			</SelectField>
			<SelectField
				label={t("filters.designer")}
				name="designer"
				field={designerField}
				defaultValue={query.designer}
				onChange={onSelect}
			>
				<option value="">{t("filters.allDesigners")}</option>
				{designers.map((name) => (
					<option key={name} value={name}>
						{name}
					</option>
				))}
			</SelectField>
			<SelectField
				label={t("filters.sort")}
				name="sort"
				field={sortField}
				defaultValue={query.sort}
				onChange={onSelect}
			>
				{sorts.map((value) => (
					<option key={value} value={value}>
						{t(`sorts.${value}`)}
					</option>
				))}
			</SelectField>
			<div className="flex items-center gap-5 sm:col-span-2 lg:col-span-4 xl:col-span-1">
				<button type="submit" className="button-primary h-12">
					{t("filters.apply")}
				</button>
				<Link
					to="/shop"
					preventScrollReset
					className="link-underline text-sm font-semibold text-muted hover:text-ink"
				>
					{t("filters.reset")}
				</Link>
			</div>
		</Form>
	);
}

function Field({
	label,
	className,
	children,
}: {
	label: string;
	className?: string;
	children: (id: string) => ReactNode;
}) {
	const id = useId();
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-2 block text-xs font-semibold tracking-[0.14em] text-muted uppercase">
				{label}
			</label>
			{children(id)}
		</div>
	);
}

function SelectField({
	label,
	name,
	field,
	defaultValue,
	onChange,
	children,
}: {
	label: string;
	name: string;
	field: RefObject<HTMLSelectElement>;
	defaultValue: string;
	onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
	children: ReactNode;
}) {
	return (
		<Field label={label}>
			{(id) => (
				<div className="relative">
					<select
						id={id}
						ref={field}
						name={name}
						defaultValue={defaultValue}
						onChange={onChange}
						className="h-12 w-full cursor-pointer appearance-none truncate rounded-full border border-line bg-card pr-11 pl-5 text-sm focus:border-ink"
					>
						{children}
					</select>
					<ChevronDownIcon
						width={16}
						height={16}
						className="pointer-events-none absolute top-1/2 right-5 -translate-y-1/2 text-muted"
					/>
				</div>
			)}
		</Field>
	);
}

/** Page numbers to show: the first, the last and the current one with its neighbours; null marks a gap. */
function visiblePages(page: number, pageCount: number): Array<number | null> {
	const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])]
		.filter((number) => number >= 1 && number <= pageCount)
		.sort((a, b) => a - b);
	return wanted.flatMap((number, index) => {
		const previous = wanted[index - 1];
		return previous !== undefined && number - previous > 1 ? [null, number] : [number];
	});
}

/** Previous / numbered / Next links that keep the filters; only when there is more than one page. */
function Pagination({ query, page, pageCount }: { query: ShopQuery; page: number; pageCount: number }) {
	const { t } = useTranslation("shop");
	if (pageCount <= 1) return null;
	const step =
		"inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold";
	return (
		<nav aria-label={t("pagination.label")} className="mt-16 flex items-center justify-center gap-1 sm:gap-3">
			{page > 1 ? (
				<Link to={shopHref(query, page - 1)} rel="prev" className={cx(step, "px-3 hover:bg-card sm:px-4")}>
					<ArrowLeftIcon width={16} height={16} />
					<span className="max-sm:sr-only">{t("pagination.previous")}</span>
				</Link>
			) : null}
			<ol className="flex items-center gap-1">
				{visiblePages(page, pageCount).map((number, index) =>
					number === null ? (
						// biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
						<li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
							…
						</li>
					) : (
						<li key={number}>
							<Link
								to={shopHref(query, number)}
								aria-label={t("pagination.page", { page: number })}
								aria-current={number === page ? "page" : undefined}
								className={cx(
									step,
									number === page ? "bg-ink text-paper" : "border border-line hover:border-ink",
								)}
							>
								{number}
							</Link>
						</li>
					),
				)}
			</ol>
			{page < pageCount ? (
				<Link to={shopHref(query, page + 1)} rel="next" className={cx(step, "px-3 hover:bg-card sm:px-4")}>
					<span className="max-sm:sr-only">{t("pagination.next")}</span>
					<ArrowRightIcon width={16} height={16} />
				</Link>
			) : null}
		</nav>
	);
}
