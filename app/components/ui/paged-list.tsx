import { Link, useLocation, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { formatCount } from "~/lib/format";
import { type PageInfo, pageHref } from "~/lib/paging";
import { useTranslation } from "~/lib/translations";
import { Pagination } from "./pagination";

/**
 * A list read a page at a time (docs/decisions/0029). Without JavaScript it is one page with links to the
 * others (`?page=N`, rel=next/prev). With JavaScript "Show more" is the same link to the next page,
 * followed as a navigation that keeps the scroll position: the new page's items are appended to the ones
 * already shown, and the history entry remembers the whole run, so Back from a piece opened further down
 * comes back to the same run of pages and the router puts the scroll where it was.
 */

interface Run<Item> {
	list: string;
	firstPage: number;
	lastPage: number;
	/** The items of the pages before the last, as they were shown. */
	earlier: Item[];
	/** The last page's items, as its loader read them (newer after a revalidation). */
	last: Item[];
	/** What is shown: `earlier`, then `last` without what `earlier` already shows. */
	items: Item[];
}

/** A run ending in `last`: a piece that moved a page on meanwhile is shown once. */
function runOf<Item extends { id: string | number }>(
	list: string,
	firstPage: number,
	lastPage: number,
	earlier: Item[],
	last: Item[],
): Run<Item> {
	const shown = new Set(earlier.map((item) => item.id));
	const items = earlier.length === 0 ? last : [...earlier, ...last.filter((item) => !shown.has(item.id))];
	return { list, firstPage, lastPage, earlier, last, items };
}

/** The runs of pages shown, by history entry (location.key) and list; the oldest are forgotten. */
const runs = new Map<string, Run<unknown>>();
const REMEMBERED_RUNS = 100;

/** What a "Show more" navigation carries: the history entry whose run it continues. */
interface ShowMoreState {
	continues: string;
}

function continuedEntry(state: unknown): string | null {
	if (typeof state !== "object" || state === null || !("continues" in state)) return null;
	return typeof state.continues === "string" ? state.continues : null;
}

/** Whether a navigation is a "Show more" (the page stays as it is while the next page loads). */
export function isShowMore(location: { state: unknown } | undefined): boolean {
	return continuedEntry(location?.state) !== null;
}

/**
 * The items this history entry shows of a list: its own page, or, after "Show more" (or Back to an entry
 * that had it), the run of pages that ended there. Worked out while rendering, so the server and the
 * first render agree (a fresh page has no run yet) and Back renders the whole run before the router
 * restores the scroll position.
 */
function useRun<Item extends { id: string | number }>(list: string, page: number, items: Item[]): Run<Item> {
	const location = useLocation();
	// On the server every request's location is "default": a run kept there would be shown to the next
	// visitor (another language, another moment). Runs live only in the browser.
	if (typeof document === "undefined") return runOf(list, page, page, [], items);
	const key = `${location.key}\n${list}`;
	const saved = runs.get(key) as Run<Item> | undefined;
	if (saved?.lastPage === page && saved.last === items) return saved;
	const from = continuedEntry(location.state);
	const previous = from ? (runs.get(`${from}\n${list}`) as Run<Item> | undefined) : undefined;
	let run = runOf(list, page, page, [], items);
	if (saved?.lastPage === page) {
		// The same entry again (Back to it, or its data read anew): the run it showed, its last page as read now.
		run = runOf(list, saved.firstPage, page, saved.earlier, items);
	} else if (previous?.lastPage === page) {
		// Another list of the page showed more: this one stays as it was.
		run = runOf(list, previous.firstPage, page, previous.earlier, items);
	} else if (previous && previous.lastPage === page - 1) {
		run = runOf(list, previous.firstPage, page, previous.items, items);
	}
	runs.set(key, run);
	if (runs.size > REMEMBERED_RUNS) {
		const oldest = runs.keys().next().value;
		if (oldest !== undefined) runs.delete(oldest);
	}
	return run;
}

interface PagedProps<Item> {
	/** One page of the list, as the loader read it. */
	items: Item[];
	paging: PageInfo;
	/** Which list this is (its address without the page): pages of another list are never joined to it. */
	list: string;
	/** The URL parameter that holds the page (two lists on one page need two). */
	param?: string;
	/** The list's address at a page; by default the current one with the page parameter set. */
	hrefFor?: (page: number) => string;
}

/**
 * A paged list with any markup (a table's rows): `children` renders the items shown, each item's element
 * marked `data-paged-item`, so the keyboard can go on from the first new one after "Show more".
 */
export function PagedItems<Item extends { id: string | number }>({
	items,
	paging,
	list,
	param = "page",
	hrefFor,
	children,
}: PagedProps<Item> & { children: (items: Item[]) => ReactNode }) {
	const location = useLocation();
	const run = useRun(list, paging.page, items);
	const href = hrefFor ?? ((page: number) => pageHref(location, page, param));
	const container = useRef<HTMLDivElement>(null);
	const firstNew = run.firstPage < run.lastPage ? (run.lastPage - run.firstPage) * paging.pageSize : -1;

	// After "Show more", the keyboard goes on from the first new item (the link that was pressed is gone).
	const focusedRun = useRef<string | null>(null);
	useEffect(() => {
		if (firstNew < 0 || !isShowMore(location) || focusedRun.current === location.key) return;
		focusedRun.current = location.key;
		const item = container.current?.querySelectorAll("[data-paged-item]")[firstNew];
		item?.querySelector<HTMLElement>("a[href], button")?.focus({ preventScroll: true });
	}, [firstNew, location]);

	return (
		<div ref={container}>
			{children(run.items)}
			<PagedListFooter run={run} paging={paging} hrefFor={href} />
		</div>
	);
}

/** A paged grid or list of cards: `renderItem` draws one item. */
export function PagedList<Item extends { id: string | number }>({
	renderItem,
	className,
	itemClassName,
	labelledBy,
	...props
}: PagedProps<Item> & {
	renderItem: (item: Item, index: number) => ReactNode;
	className?: string;
	itemClassName?: string;
	/** The id of the heading that names the list. */
	labelledBy?: string;
}) {
	return (
		<PagedItems {...props}>
			{(items) => (
				<ul className={className} aria-labelledby={labelledBy}>
					{items.map((item, index) => (
						<li key={item.id} className={itemClassName} data-paged-item="">
							{renderItem(item, index)}
						</li>
					))}
				</ul>
			)}
		</PagedItems>
	);
}

function PagedListFooter<Item>({
	run,
	paging,
	hrefFor,
}: {
	run: Run<Item>;
	paging: PageInfo;
	hrefFor: (page: number) => string;
}) {
	const { t, i18n } = useTranslation();
	const location = useLocation();
	const navigation = useNavigation();
	if (paging.pageCount <= 1) return null;
	const next = hrefFor(paging.page + 1);
	const loading =
		navigation.state === "loading" &&
		`${navigation.location.pathname}${navigation.location.search}` === next &&
		continuedEntry(navigation.location.state) === location.key;
	const from = (run.firstPage - 1) * paging.pageSize + 1;
	const to = Math.min(paging.total, run.lastPage * paging.pageSize);
	const count = (value: number) => formatCount(value, i18n.language);
	return (
		<div className="mt-14 flex flex-col items-center gap-6">
			<p aria-live="polite" className="text-sm text-muted">
				{t("paging.shown", { from: count(from), to: count(to), total: count(paging.total) })}
			</p>
			{paging.page < paging.pageCount ? (
				<Link
					to={next}
					rel="next"
					preventScrollReset
					state={{ continues: location.key } satisfies ShowMoreState}
					aria-disabled={loading || undefined}
					className="button-primary aria-disabled:opacity-60"
				>
					{loading ? t("paging.loading") : t("paging.showMore")}
				</Link>
			) : null}
			<Pagination page={paging.page} pageCount={paging.pageCount} hrefFor={hrefFor} className="" />
		</div>
	);
}
