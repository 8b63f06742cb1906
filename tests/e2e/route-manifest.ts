import fs from "node:fs";
import path from "node:path";

/** The build the e2e servers serve: `build/` unless FORMA_BUILD_ID names another (remix.config.js). */
const buildDir = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";

interface ManifestRoute {
	id: string;
	parentId?: string;
	path?: string;
	index?: boolean;
	hasAction: boolean;
}

/**
 * The routes of the build under test, from the Remix manifest it ships to browsers (the server build names
 * its file): what Remix itself routes, folder routes included, rather than a guess from file names.
 */
export function manifestRoutes(): ManifestRoute[] {
	const serverBuild = fs.readFileSync(path.join(buildDir, "index.js"), "utf8");
	const url = serverBuild.match(/url: "(\/[^"]+\/manifest-[\w-]+\.js)"/)?.[1];
	if (!url) throw new Error(`no manifest URL in ${buildDir}/index.js: build first (npm run build)`);
	const script = fs.readFileSync(path.join("public", url), "utf8");
	const manifest = JSON.parse(script.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
		routes: Record<string, ManifestRoute>;
	};
	return Object.values(manifest.routes);
}

/**
 * Every route with an action, as a URL with real values for its parameters, and its source files (a flat
 * route's file, or every file of a folder route: its forms may sit beside it), for the field names used.
 */
export function actionRoutes(params: Record<string, string>): { id: string; url: string; files: string[] }[] {
	const routes = manifestRoutes();
	const byId = new Map(routes.map((route) => [route.id, route]));
	const fullPath = (route: ManifestRoute | undefined): string[] =>
		route ? [...fullPath(route.parentId ? byId.get(route.parentId) : undefined), route.path ?? ""] : [];
	return routes
		.filter((route) => route.hasAction)
		.map((route) => {
			const segments = fullPath(route)
				.join("/")
				.split("/")
				.filter(Boolean)
				.map((segment) => (segment.startsWith(":") ? (params[segment.slice(1)] ?? segment) : segment));
			const base = path.join("app", route.id);
			const files = fs.existsSync(base)
				? fs.readdirSync(base).map((name) => path.join(base, name))
				: [`${base}.tsx`, `${base}.ts`].filter((candidate) => fs.existsSync(candidate));
			return { id: route.id, url: `/${segments.join("/")}`, files };
		});
}
