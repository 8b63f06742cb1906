import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { JSDOM } from "jsdom";
import * as entry from "~/entry.server";
import * as root from "~/root";
import * as home from "~/routes/_index/route";
import * as about from "~/routes/about";
import * as artist from "~/routes/artist.$id/route";
import * as contact from "~/routes/contact";
import * as privacy from "~/routes/privacy";
import * as project from "~/routes/project.$id/route";

/**
 * A few public pages rendered whole, in this process, by Remix itself (the document with header and footer,
 * the server's HTML a browser first gets), against the test's database: what `remix build` would give the
 * server for these routes, without a build. The assets manifest names no real files: nothing here loads
 * scripts, the HTML is read as text.
 */
const ROUTES = {
	root: { path: "", module: root },
	"routes/_index": { parentId: "root", index: true, module: home },
	"routes/project.$id": { parentId: "root", path: "project/:id", module: project },
	"routes/artist.$id": { parentId: "root", path: "artist/:id", module: artist },
	"routes/about": { parentId: "root", path: "about", module: about },
	"routes/contact": { parentId: "root", path: "contact", module: contact },
	"routes/privacy": { parentId: "root", path: "privacy", module: privacy },
} as const;

const build = {
	mode: "production",
	entry: { module: entry },
	routes: Object.fromEntries(
		Object.entries(ROUTES).map(([id, route]) => [id, { id, ...route, module: route.module }]),
	),
	assets: {
		entry: { imports: [], module: "/build/entry.client.js" },
		routes: Object.fromEntries(
			Object.entries(ROUTES).map(([id, route]) => [
				id,
				{
					id,
					parentId: "parentId" in route ? route.parentId : undefined,
					path: "path" in route ? route.path : undefined,
					index: "index" in route ? route.index : undefined,
					module: `/build/${id}.js`,
					imports: [],
					css: [],
					hasLoader: "loader" in route.module,
					hasAction: "action" in route.module,
					hasClientLoader: false,
					hasClientAction: false,
					hasErrorBoundary: "ErrorBoundary" in route.module,
				},
			]),
		),
		url: "/build/manifest.js",
		version: "test",
	},
	publicPath: "/build/",
	assetsBuildDirectory: "public/build",
	future: {
		v3_fetcherPersist: true,
		v3_relativeSplatPath: true,
		v3_throwAbortReason: true,
		v3_lazyRouteDiscovery: true,
		v3_singleFetch: true,
	},
	isSpaMode: false,
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");

/** The page at `path` as the server sends it (status and HTML). */
export async function renderPage(path: string, cookie?: string): Promise<{ status: number; html: string }> {
	const response = await handle(
		new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
	);
	return { status: response.status, html: await response.text() };
}

/** What a reader sees of a page: the body's text, without scripts and styles. */
export function visibleText(html: string): string {
	const { document } = new JSDOM(html).window;
	for (const element of document.querySelectorAll("script, style, template, noscript")) element.remove();
	return document.body.textContent ?? "";
}
