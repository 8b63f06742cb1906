/**
 * Which shared page a request is for, worked out before the app runs (docs/decisions/0005): the build's
 * routes are matched as Remix matches them (the router's own `matchRoutes`: letter case, trailing slashes
 * and %-encoding do not matter), and the deepest matched route's `handle.pageCache` (app/lib/
 * page-cache-policy.ts) says whether its pages are shared and what they read. The answer is the page's
 * canonical address — the route's own spelling of the path, and only the query parameters the matched
 * routes read, sorted — under which the copy is rendered and kept. So `/Shop/?utm_source=x` is `/shop`,
 * every unknown path is the one not-found page, and a route that declares nothing is never shared.
 */
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import type { PageCacheHandle, PageCachePolicy } from "~/lib/page-cache-policy";

export interface SharedPage {
	/** Path and query the copy is rendered for and stored under (`/shop?sort=newest`, `/not-found.data`). */
	canonical: string;
	/** The not-found page that stands for every unknown path of its route. */
	notFound: boolean;
}

/** A route as the router's matchRoutes takes it. */
type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** What a route says about its pages, with its whole path pattern, parents included ("/project/:id"). */
interface PageRoute {
	pattern: string;
	policy: PageCachePolicy | undefined;
}

/** Query parameters that change what Remix itself answers: a request that has one is not a shared page. */
const REMIX_PARAMS = ["_data", "index"];
/** Remix's own address (lazy route discovery): answered by Remix, never a page. */
const REMIX_PATHS = new Set(["/__manifest"]);

/** The routes as the router matches them (id, path, index, children), and what each says about its pages. */
function routeTree(build: Pick<ServerBuild, "routes">): {
	tree: RouteObject[];
	pages: Map<string, PageRoute>;
} {
	const children = new Map<string | undefined, RouteObject[]>();
	const pages = new Map<string, PageRoute>();
	const manifest = Object.values(build.routes).flatMap((route) => (route ? [route] : []));
	for (const route of manifest) {
		const object = route.index
			? { id: route.id, index: true as const, caseSensitive: route.caseSensitive }
			: { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] as RouteObject[] };
		const siblings = children.get(route.parentId) ?? [];
		siblings.push(object);
		children.set(route.parentId, siblings);
	}
	const link = (objects: RouteObject[], parentPattern: string) => {
		for (const object of objects) {
			const route = build.routes[object.id ?? ""];
			const pattern = route?.path ? `${parentPattern.replace(/\/$/, "")}/${route.path}` : parentPattern;
			const handle = (route?.module as { handle?: PageCacheHandle } | undefined)?.handle;
			pages.set(object.id ?? "", { pattern, policy: handle?.pageCache });
			if (!object.index) {
				object.children = children.get(object.id) ?? [];
				link(object.children, pattern);
			}
		}
	};
	const tree = children.get(undefined) ?? [];
	link(tree, "/");
	return { tree, pages };
}

/** The route's own spelling of a matched path: its pattern with the matched values put back, encoded. */
function pathOf(pattern: string, params: Record<string, string | undefined>): string {
	return pattern
		.split("/")
		.map((segment) => {
			if (segment === "*") return (params["*"] ?? "").split("/").map(encodeURIComponent).join("/");
			if (segment.startsWith(":")) return encodeURIComponent(params[segment.slice(1)] ?? "");
			return segment;
		})
		.join("/");
}

/** The page a request is for, when its route shares its pages; null when it must reach the app as it is. */
export function sharedPages(build: Pick<ServerBuild, "routes">): (url: URL) => SharedPage | null {
	const { tree, pages } = routeTree(build);
	// The router flattens and ranks every route on each call (0.4 ms here, a third of a cache hit's cost):
	// the pages people visit are matched once.
	const matched = new LRUCache<string, { matches: ReturnType<typeof matchRoutes> }>({ max: 1000 });
	const match = (pathname: string) => {
		let known = matched.get(pathname);
		if (!known) {
			known = { matches: matchRoutes(tree, pathname) };
			matched.set(pathname, known);
		}
		return known.matches;
	};
	return (url) => {
		if (REMIX_PATHS.has(url.pathname) || REMIX_PARAMS.some((name) => url.searchParams.has(name))) return null;
		// Single fetch: `/x.data` is the page `/x`'s data, `/_root.data` the home page's (as Remix reads it).
		const data = url.pathname.endsWith(".data");
		const pathname = data ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;
		const matches = match(pathname);
		const leaf = matches?.at(-1);
		const page = pages.get(leaf?.route.id ?? "");
		const policy = page?.policy;
		if (!matches || !leaf || !page || !policy?.shared) return null;
		const query = new Set(matches.flatMap((match) => pages.get(match.route.id ?? "")?.policy?.query ?? []));
		const outside = Object.entries(policy.params ?? {}).some(
			([name, values]) => !values.includes(leaf.params[name] ?? ""),
		);
		const notFound = policy.notFound !== undefined && (policy.notFound.everyPath === true || outside);
		if (outside && !notFound) return null;
		const path = notFound ? (policy.notFound?.path ?? "/") : pathOf(page.pattern, leaf.params);
		const kept = new URLSearchParams();
		for (const name of [...query].sort())
			for (const value of url.searchParams.getAll(name)) kept.append(name, value);
		if (data) for (const value of url.searchParams.getAll("_routes")) kept.append("_routes", value);
		const search = kept.size > 0 ? `?${kept}` : "";
		const dataPath = path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
		return { canonical: `${data ? dataPath : path}${search}`, notFound };
	};
}
