import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { PageCachePolicy } from "~/lib/page-cache-policy";
import { sharedPages } from "../../app/server/page-routes";

/** Routes as the build lists them, shaped like ours (app/routes): who opts in, and what each reads. */
function route(
	id: string,
	options: { parentId?: string; path?: string; index?: true; pageCache?: PageCachePolicy },
) {
	const { pageCache, ...rest } = options;
	return [id, { id, ...rest, module: pageCache ? { handle: { pageCache } } : {} }] as const;
}
const build = {
	routes: Object.fromEntries([
		route("root", { path: "", pageCache: { query: ["lng"] } }),
		route("routes/_index", { parentId: "root", index: true, pageCache: { shared: true } }),
		route("routes/shop", {
			parentId: "root",
			path: "shop",
			pageCache: { shared: true, query: ["sort", "page"] },
		}),
		route("routes/$category", {
			parentId: "root",
			path: ":category",
			pageCache: {
				shared: true,
				query: ["type"],
				params: { category: ["art", "design"] },
				notFound: { path: "/not-found" },
			},
		}),
		route("routes/project.$id", { parentId: "root", path: "project/:id", pageCache: { shared: true } }),
		route("routes/project.$id_.request", { parentId: "root", path: "project/:id/request" }),
		route("routes/register", { parentId: "root", path: "register" }),
		route("routes/admin", { parentId: "root", path: "admin" }),
		route("routes/admin.projects", { parentId: "routes/admin", path: "projects" }),
		route("routes/$", {
			parentId: "root",
			path: "*",
			pageCache: { shared: true, notFound: { path: "/not-found/page", everyPath: true } },
		}),
	]),
} as unknown as ServerBuild;

const pageOf = sharedPages(build);
const canonical = (path: string) => pageOf(new URL(path, "http://localhost"))?.canonical ?? null;

describe("sharedPages", () => {
	it("shares only what a route opts in to: forms, accounts and the admin are never shared, however spelled", () => {
		for (const path of [
			"/register",
			"/Register",
			"/REGISTER/",
			"/regist%65r",
			"/register.data",
			"/admin/projects",
			"/Admin/Projects",
			"/project/arc/request",
			"/Project/arc/Request/",
		]) {
			expect(canonical(path), path).toBeNull();
		}
	});

	it("cache flooding: another letter case, a trailing slash or %-encoding is the same page", () => {
		for (const path of ["/shop", "/Shop", "/SHOP/", "/sh%6Fp"]) expect(canonical(path), path).toBe("/shop");
		expect(canonical("/")).toBe("/");
		expect(canonical("/_root.data")).toBe("/_root.data");
		expect(canonical("/Shop.data")).toBe("/shop.data");
	});

	it("cache flooding: only the query parameters the page reads are kept, sorted; the rest are left out", () => {
		expect(canonical("/shop?utm_source=x&fbclid=y")).toBe("/shop");
		expect(canonical("/shop?page=2&utm=x&sort=newest&lng=ru")).toBe("/shop?lng=ru&page=2&sort=newest");
		expect(canonical("/?lng=ru&x=1")).toBe("/?lng=ru");
		expect(canonical("/design?type=furniture&ref=mail")).toBe("/design?type=furniture");
		// Single fetch names the routes it wants: part of the data's address.
		expect(canonical("/shop.data?_routes=routes%2Fshop&x=1")).toBe("/shop.data?_routes=routes%2Fshop");
		// Remix's own switches and addresses change what it answers: not a shared page.
		expect(canonical("/shop?_data=root")).toBeNull();
		expect(canonical("/__manifest?p=%2Fshop&version=abc")).toBeNull();
	});

	it("path values keep their spelling (a piece's id is case-sensitive), in the route's own path", () => {
		expect(canonical("/Project/Arc-Chair/")).toBe("/project/Arc-Chair");
		expect(canonical("/project/a%20b")).toBe("/project/a%20b");
	});

	it("cache flooding: every unknown path is one not-found page per route, whatever was typed", () => {
		for (const path of ["/no-such-page", "/NOT-FOUND", "/x%3Cscript%3E", "/Art"]) {
			expect(pageOf(new URL(path, "http://localhost")), path).toEqual({
				canonical: "/not-found",
				notFound: true,
			});
		}
		for (const path of ["/a/b", "/some/deep/path/", "/%E2%9C%93/x"]) {
			expect(canonical(path), path).toBe("/not-found/page");
		}
		expect(canonical("/a/b.data?lng=ru&q=1")).toBe("/not-found/page.data?lng=ru");
		expect(canonical("/art?type=x")).toBe("/art?type=x");
	});
});
