/**
 * The production server, put together (docs/decisions/0005). The order of the steps is the design:
 * health, request log, unreadable requests, static files, cross-site writes, maintenance, the upload and
 * sign-in caps, and only then the app (through the page cache).
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Env } from "~/lib/env.server";
import { checkHealth } from "~/lib/health.server";
import { logger } from "~/lib/logger.server";
import { isCrossSiteWrite } from "~/lib/origin-check.server";
import { PageCache } from "~/lib/page-cache.server";
import { scheduleBackups } from "~db/backup";
import type { DatabaseHandle } from "~db/connection";
import { signInLimit, uploadLimit } from "./in-flight-limit";
import { maintenanceGate } from "./maintenance-gate";
import { discardRefusedBody } from "./refusal-pages";
import { remixHandler } from "./remix-handler";
import { readableRequest, refuseMalformed, requestHost, requestIdOf } from "./request-guards";
import { scheduleSessionPurge } from "./session-purge";
import { openSiteState } from "./site-state";
import { serverState } from "./web-adapter";

/** How often Node looks for connections past their header or request timeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export async function startServer(env: Env, buildArgument: string | undefined): Promise<void> {
	const port = env.PORT;
	const host = process.env.HOST;
	const buildPath = path.resolve(buildArgument ?? "build/index.js");
	const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
	const handleRemix = createRequestHandler(build, env.NODE_ENV);
	const site = openSiteState(env.DATABASE_PATH);
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

	app.get("/healthz", async (_req, res) => {
		const report = serverState.shuttingDown
			? { ok: false, database: false, uploads: false }
			: await checkHealth(site.sqlite, env.UPLOADS_DIR);
		if (!report.ok) logger.warn("health check failed", { ...report, shuttingDown: serverState.shuttingDown });
		res
			.status(report.ok ? 200 : 503)
			.set("Cache-Control", "no-store")
			.json(report);
	});

	// Request log: one line per request once the response is done.
	app.use((req, res, next) => {
		const started = process.hrtime.bigint();
		const requestId = requestIdOf(req);
		res.set("X-Request-Id", requestId);
		res.on("finish", () => {
			const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
			logger.info("request", {
				requestId,
				method: req.method,
				// The path only (query strings may hold search terms), and not all of a 16 KB one.
				path: req.path.slice(0, 512),
				status: res.statusCode,
				durationMs: Math.round(durationMs * 10) / 10,
				...(res.locals.cache ? { cache: res.locals.cache } : {}),
			});
		});
		next();
	});

	app.use(readableRequest);
	app.use(compression());
	app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
	app.use(express.static("public", { maxAge: "1h", index: false }));

	app.use((req, res, next) => {
		const crossSite = isCrossSiteWrite({
			method: req.method,
			host: requestHost(req),
			origin: req.get("origin"),
			secFetchSite: req.get("sec-fetch-site"),
			siteUrl: env.SITE_URL,
		});
		if (!crossSite) return next();
		logger.warn("cross-site write refused", {
			method: req.method,
			path: req.path,
			origin: req.get("origin"),
		});
		discardRefusedBody(req);
		res
			.status(403)
			.type("text/plain; charset=utf-8")
			.send(
				"403 Forbidden: this form was sent from another site.\n403 Запрещено: форма отправлена с другого сайта.\n",
			);
	});

	app.use(maintenanceGate(site));
	app.use(uploadLimit());
	app.use(signInLimit());
	app.all("*", remixHandler({ handleRemix, site, pageCache }));

	app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
		if (res.headersSent) {
			logger.error("unhandled request error", error, { method: req.method, path: req.path });
			res.destroy();
			return;
		}
		// A client's mistake that a library noticed (a path `send` cannot decode, a body it cannot read).
		const status = (error as { status?: unknown } | null)?.status;
		if (typeof status === "number" && status >= 400 && status < 500) {
			refuseMalformed(req, res, error instanceof Error ? error.message : String(error));
			return;
		}
		logger.error("unhandled request error", error, { method: req.method, path: req.path });
		res.status(500).type("text/plain; charset=utf-8").send("500 Internal Server Error\n");
	});

	// A client gets this long to send its headers, and to send its whole request (an upload included).
	const requestTimeout = env.REQUEST_TIMEOUT_MS;
	const server = http.createServer(
		{
			headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, requestTimeout),
			requestTimeout,
			connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
			keepAliveTimeout: 65_000,
		},
		app,
	);
	server.on("error", (error) => {
		// Typically the port is taken: nothing to serve, so stop with the reason.
		logger.error("the server could not start", error, { port });
		process.exit(1);
	});
	server.listen(port, host ?? "0.0.0.0", () => {
		logger.info("listening", {
			url: `http://${host ?? "localhost"}:${port}`,
			build: buildPath,
			pid: process.pid,
		});
	});

	const stopBackups = scheduleBackups(env, (msg, fields) => logger.info(msg, fields));
	const stopSessionPurge = scheduleSessionPurge();

	function closeDatabases(): void {
		const appDatabase = (globalThis as typeof globalThis & { __formaDb?: DatabaseHandle }).__formaDb;
		for (const connection of [appDatabase?.sqlite, site.sqlite]) {
			if (!connection?.open) continue;
			try {
				// Fold the write-ahead log back into the database file, so the volume holds one complete file.
				connection.pragma("wal_checkpoint(TRUNCATE)");
			} catch (error) {
				logger.warn("WAL checkpoint failed", { error: String(error) });
			}
			connection.close();
		}
	}

	function shutdown(signal: string): void {
		if (serverState.shuttingDown) return;
		serverState.shuttingDown = true;
		logger.info("shutting down", { signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
		stopBackups();
		stopSessionPurge();
		const finish = (reason: string) => {
			closeDatabases();
			logger.info("stopped", { reason });
			process.exit();
		};
		// Stop accepting; idle keep-alive connections close now, busy ones after their response.
		server.close(() => finish("all requests finished"));
		server.closeIdleConnections();
		setTimeout(() => {
			server.closeAllConnections();
			finish("timeout: remaining connections closed");
		}, env.SHUTDOWN_TIMEOUT_MS).unref();
	}

	process.on("SIGTERM", () => shutdown("SIGTERM"));
	process.on("SIGINT", () => shutdown("SIGINT"));
	process.on("uncaughtException", (error) => {
		logger.error("uncaught exception", error);
		process.exitCode = 1;
		shutdown("uncaughtException");
	});
	process.on("unhandledRejection", (reason) => {
		logger.error("unhandled rejection", reason);
	});
}
