/**
 * Which pages the page cache may share among anonymous visitors, as their routes declare it (docs/
 * decisions/0005). A page is shared only when its route opts in: a new route is personal until it says
 * otherwise, whatever its path. The declaration also says what a copy depends on besides the route and
 * its path parameters — the query parameters the page reads (its loader or its components) — so that a
 * `?utm_source=…`, another letter case or a trailing slash is the same copy, not a new render.
 *
 *   export const handle = { i18n: ["shop"], pageCache: { shared: true, query: ["sort", "page"] } }
 *     satisfies I18nHandle & PageCacheHandle;
 *
 * A layout route (the root) may list the query parameters it reads; only the deepest matched route's
 * `shared` counts. Safe for the browser: route handles travel with the page.
 */
export interface PageCachePolicy {
	/** This route's pages are the same for every anonymous visitor of one language and theme. */
	shared?: boolean;
	/** The query parameters this route reads; any other is left out of the copy's key. */
	query?: readonly string[];
	/** Dynamic segments whose values are a fixed list: any other value is the not-found page. */
	params?: Readonly<Record<string, readonly string[]>>;
	/**
	 * The not-found page: `path` is rendered, once per language and theme, for every path of this route that
	 * is not found — all of them for a catch-all (`everyPath`), else those outside `params`. Rendering one
	 * fixed path keeps what a visitor typed out of the copy everyone else gets.
	 */
	notFound?: { path: string; everyPath?: boolean };
}

export interface PageCacheHandle {
	pageCache?: PageCachePolicy;
}
