/**
 * The site as an express app, put together (docs/decisions/0005). The order of the steps is the design:
 * security headers, health, request log, unreadable requests, unsupported methods, static files,
 * cross-site writes, maintenance, stored images, the upload, sign-in and password-form caps, and only then
 * the app (through the page cache). start.ts serves it; the
 * HTTP-level tests create it in their own process (tests/support/http-site.ts).
 */
import http from "node:http";
import zlib from "node:zlib";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express } from "express";
import { closeDatabase, databaseReady } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";
import { getImageStore } from "~/lib/image-store.server";
import { IMAGE_ROUTE } from "~/lib/images";
import { logger } from "~/lib/logger.server";
import { PageCache } from "~/lib/page-cache.server";
import { allowedMethods } from "./allowed-methods";
import { refuseCrossSiteWrites } from "./cross-site-writes";
import { handleUnexpectedError } from "./error-handler";
import { healthCheck } from "./health";
import { imageFiles } from "./image-files";
import { passwordFormLimit, signInLimit, uploadLimit } from "./in-flight-limit";
import { maintenanceGate } from "./maintenance-gate";
import { findSiteFonts } from "./refusal-pages";
import { remixHandler } from "./remix-handler";
import { LIVE_BROTLI_QUALITY, LIVE_GZIP_LEVEL } from "./rendered-page";
import { readableRequest } from "./request-guards";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { openSiteState, type SiteState } from "./site-state";
import { filesOnly, precompressedFiles } from "./static-files";

/**
 * Live compression, for what is neither cached nor a rendered page (rendered-page.ts sends those whole):
 * `.data` answers, CSV exports, files without a compressed copy. The cheapest settings that still shrink
 * well: on the 87 kB home page brotli quality 3 gives 17 kB in about 1 ms, smaller than gzip at its
 * default level 6 (17.9 kB, ~2 ms) and far cheaper than brotli's middle qualities; gzip, for the rare
 * client without brotli, at level 1.
 */
const LIVE_COMPRESSION = {
	level: LIVE_GZIP_LEVEL,
	brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } },
};

/** How often Node looks for connections past their header or request timeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export interface SiteApp {
	app: Express;
	site: SiteState;
	pageCache: PageCache;
	/** Closes both database connections (the site state's, then the app's); SQLite checkpoints first. */
	close(): Promise<void>;
}

/** The app for `build` under `env`: the database must be migrated (setup) before it is created. */
export async function createApp(env: Env, build: ServerBuild): Promise<SiteApp> {
	const handleRemix = createRequestHandler(build, env.NODE_ENV);
	// On Postgres, refuse to serve from a database that is behind the code (SQLite checked this on import).
	await databaseReady();
	const site = await openSiteState(env);
	const pageCache = new PageCache({
		maxEntries: env.PAGE_CACHE_ENTRIES,
		maxBytes: 64 * 1024 * 1024,
		ttlMs: 60_000,
	});

	const app = express();
	app.disable("x-powered-by");
	// Behind a proxy (Fly: TRUST_PROXY=1) its X-Forwarded-For/Proto/Host and request id are believed;
	// otherwise a client could claim any address and slip past the per-address limits.
	app.set("trust proxy", env.TRUST_PROXY);

	// Every answer from here on, whichever step makes it, leaves with the site's security headers.
	app.use(securityHeaders({ production: env.NODE_ENV === "production" }));
	app.get("/healthz", healthCheck(site, env));
	app.use(requestLog());
	app.use(readableRequest);
	// From here on every rule about paths reads requestPath(res): the path as the router reads it.
	app.use(allowedMethods);
	// Responses that are compressed already (cached pages, .br/.gz files) pass through untouched.
	app.use(compression(LIVE_COMPRESSION));
	app.use(
		build.publicPath,
		precompressedFiles(build.assetsBuildDirectory, { cacheControl: "public, max-age=31536000, immutable" }),
		express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }),
	);
	app.use(
		precompressedFiles("public", { cacheControl: "public, max-age=3600" }),
		filesOnly(express.static("public", { maxAge: "1h", index: false })),
	);
	app.use(refuseCrossSiteWrites(env.SITE_URL));
	app.use(maintenanceGate(site, findSiteFonts(build.assetsBuildDirectory, build.publicPath)));
	// Images, like pages, are closed during maintenance; they are answered before the app, not by it.
	app.use(
		IMAGE_ROUTE,
		imageFiles(getImageStore(env), () => site.contentVersion()),
	);
	app.use(uploadLimit());
	app.use(signInLimit());
	app.use(passwordFormLimit());
	app.all("*", remixHandler({ build, handleRemix, site, pageCache }));

	app.use(handleUnexpectedError);

	const close = async () => {
		site.close();
		await closeDatabase().catch((error: unknown) =>
			logger.warn("closing the database failed", { error: String(error) }),
		);
	};
	return { app, site, pageCache, close };
}

/** The HTTP server for `app`, with the time a client gets to send its headers and its whole request. */
export function createHttpServer(env: Env, app: Express): http.Server {
	// A client gets this long to send its headers, and to send its whole request (an upload included).
	const requestTimeout = env.REQUEST_TIMEOUT_MS;
	return http.createServer(
		{
			headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, requestTimeout),
			requestTimeout,
			connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
			keepAliveTimeout: 65_000,
		},
		app,
	);
}
