/**
 * The production server (docs/decisions/0005): one Node process that serves the Remix build, static files,
 * /healthz and anonymous pages from a cache; refuses cross-site writes; logs every request as JSON; and on
 * SIGTERM/SIGINT stops accepting, finishes what is in flight and closes the database cleanly.
 *
 * `npm run build` bundles it to build/server/server.js:   node build/server/server.js [build/index.js]
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
	createReadableStreamFromReadable,
	createRequestHandler,
	type ServerBuild,
	writeReadableStreamToWritable,
} from "@remix-run/node";
import Database from "better-sqlite3";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { type Env, InvalidEnvironmentError, parseEnv } from "~/lib/env.server";
import { checkHealth } from "~/lib/health.server";
import { logger } from "~/lib/logger.server";
import { isCrossSiteWrite } from "~/lib/origin-check.server";
import { isShareableResponse, PageCache, pageCacheKey, renderCachedPage } from "~/lib/page-cache.server";
import { scheduleBackups } from "~db/backup";
import type { DatabaseHandle } from "~db/connection";

process.env.NODE_ENV ??= "production";

let env: Env;
try {
	env = parseEnv(process.env);
} catch (error) {
	if (error instanceof InvalidEnvironmentError) {
		logger.error(error.message);
		process.exit(1);
	}
	throw error;
}

const SHUTDOWN_TIMEOUT_MS = env.SHUTDOWN_TIMEOUT_MS;
const port = env.PORT;
const host = process.env.HOST;
const buildPath = path.resolve(process.argv[2] ?? "build/index.js");

const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
const handleRemix = createRequestHandler(build, env.NODE_ENV);

// A connection of our own. Triggers (migrations/0005) bump `content_version` on every change to what
// anonymous pages show; `PRAGMA data_version` tells cheaply whether anyone committed anything since the
// last look, so the counter is only read again after a write.
const sqlite = new Database(env.DATABASE_PATH, { fileMustExist: true });
sqlite.pragma("busy_timeout = 5000");
const dataVersion = sqlite.prepare("pragma data_version").pluck();
const contentVersionQuery = sqlite
	.prepare("select value from app_meta where key = 'content_version'")
	.pluck();
let lastDataVersion = -1;
let contentVersion = 0;
function readContentVersion(): number {
	const current = dataVersion.get() as number;
	if (current !== lastDataVersion) {
		lastDataVersion = current;
		contentVersion = Number(contentVersionQuery.get() ?? 0);
	}
	return contentVersion;
}

const pageCache = new PageCache({
	maxEntries: env.PAGE_CACHE_ENTRIES,
	maxBytes: 64 * 1024 * 1024,
	ttlMs: 60_000,
});

/** Pages being rendered for the cache right now, so concurrent misses wait for one render. */
const rendering = new Map<string, Promise<void>>();

let shuttingDown = false;

function toWebRequest(req: Request, res: Response): globalThis.Request {
	const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue;
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
	}
	// The app reads the client's address from X-Forwarded-For (rate limits): give it the one express
	// worked out under the trust-proxy setting, never what the client wrote.
	headers.delete("fly-client-ip");
	headers.set("x-forwarded-for", req.ip ?? "unknown");
	const controller = new AbortController();
	// Abort loaders and actions when the visitor goes away before the response was sent.
	res.on("close", () => {
		if (!res.writableFinished) controller.abort();
	});
	const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
	if (req.method !== "GET" && req.method !== "HEAD") {
		init.body = createReadableStreamFromReadable(req);
		init.duplex = "half";
	}
	return new globalThis.Request(url, init);
}

function writeHead(res: Response, status: number, headers: Iterable<[string, string]>): void {
	// While shutting down, a finished response also ends its keep-alive connection, so the server can stop.
	if (shuttingDown) res.set("Connection", "close");
	res.status(status);
	for (const [name, value] of headers) res.append(name, value);
}

async function sendWebResponse(res: Response, response: globalThis.Response): Promise<void> {
	writeHead(res, response.status, response.headers.entries());
	if (response.body) await writeReadableStreamToWritable(response.body, res);
	else res.end();
}

async function remixHandler(req: Request, res: Response, next: NextFunction): Promise<void> {
	try {
		const request = toWebRequest(req, res);
		const key = pageCache.enabled
			? pageCacheKey({ method: req.method, url: request.url, cookieHeader: req.headers.cookie })
			: null;
		if (!key) {
			res.locals.cache = "bypass";
			await sendWebResponse(res, await handleRemix(request));
			return;
		}
		const version = readContentVersion();
		const serveCached = (state: string): boolean => {
			const cached = pageCache.get(key, version);
			if (!cached) return false;
			res.locals.cache = state;
			const page = renderCachedPage(cached);
			writeHead(res, cached.status, page.headers);
			res.set("Content-Length", String(page.length));
			res.cork();
			for (const chunk of page.chunks) res.write(chunk);
			res.end();
			return true;
		};
		if (serveCached("hit")) return;
		// One render per page at a time: after an edit, the visitors who ask at once share it.
		const flightKey = `${version}\n${key}`;
		const leader = rendering.get(flightKey);
		if (leader) {
			await leader;
			if (serveCached("shared")) return;
		}
		let finished: () => void = () => {};
		rendering.set(flightKey, new Promise<void>((resolve) => (finished = resolve)));
		try {
			res.locals.cache = "miss";
			const response = await handleRemix(request);
			if (!isShareableResponse(response.status, response.headers)) {
				await sendWebResponse(res, response);
				return;
			}
			const body = await response.text();
			pageCache.set(key, version, response.status, response.headers, body);
			writeHead(res, response.status, response.headers.entries());
			res.end(body);
		} finally {
			rendering.delete(flightKey);
			finished();
		}
	} catch (error) {
		next(error);
	}
}

const app = express();
app.disable("x-powered-by");
// Behind a proxy (Fly: TRUST_PROXY=1) its X-Forwarded-For/Proto/Host are believed; otherwise a client
// could claim any address and slip past the per-address rate limits.
app.set("trust proxy", env.TRUST_PROXY);

app.get("/healthz", async (_req, res) => {
	const report = shuttingDown
		? { ok: false, database: false, uploads: false }
		: await checkHealth(sqlite, env.UPLOADS_DIR);
	if (!report.ok) logger.warn("health check failed", { ...report, shuttingDown });
	res
		.status(report.ok ? 200 : 503)
		.set("Cache-Control", "no-store")
		.json(report);
});

// Request log: one line per request once the response is done.
app.use((req, res, next) => {
	const started = process.hrtime.bigint();
	const requestId = req.get("fly-request-id") ?? req.get("x-request-id") ?? randomUUID();
	res.set("X-Request-Id", requestId);
	res.on("finish", () => {
		const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
		logger.info("request", {
			requestId,
			method: req.method,
			// The path only: query strings may hold search terms and are not needed to follow a request.
			path: req.path,
			status: res.statusCode,
			durationMs: Math.round(durationMs * 10) / 10,
			...(res.locals.cache ? { cache: res.locals.cache } : {}),
		});
	});
	next();
});

app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h", index: false }));

app.use((req, res, next) => {
	const crossSite = isCrossSiteWrite({
		method: req.method,
		host: req.get("x-forwarded-host") ?? req.get("host"),
		origin: req.get("origin"),
		secFetchSite: req.get("sec-fetch-site"),
		siteUrl: env.SITE_URL,
	});
	if (!crossSite) return next();
	logger.warn("cross-site write refused", { method: req.method, path: req.path, origin: req.get("origin") });
	res
		.status(403)
		.type("text/plain; charset=utf-8")
		.send(
			"403 Forbidden: this form was sent from another site.\n403 Запрещено: форма отправлена с другого сайта.\n",
		);
});

app.all("*", remixHandler);

app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
	logger.error("unhandled request error", error, { method: req.method, path: req.path });
	if (res.headersSent) {
		res.destroy();
		return;
	}
	res.status(500).type("text/plain; charset=utf-8").send("500 Internal Server Error\n");
});

const server: Server = app.listen(port, host ?? "0.0.0.0", () => {
	logger.info("listening", {
		url: `http://${host ?? "localhost"}:${port}`,
		build: buildPath,
		pid: process.pid,
	});
});
server.keepAliveTimeout = 65_000;
server.on("error", (error) => {
	// Typically the port is taken: nothing to serve, so stop with the reason.
	logger.error("the server could not start", error, { port });
	process.exit(1);
});

const stopBackups = scheduleBackups(env, (msg, fields) => logger.info(msg, fields));

function closeDatabases(): void {
	const appDatabase = (globalThis as typeof globalThis & { __formaDb?: DatabaseHandle }).__formaDb;
	for (const connection of [appDatabase?.sqlite, sqlite]) {
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
	if (shuttingDown) return;
	shuttingDown = true;
	logger.info("shutting down", { signal, timeoutMs: SHUTDOWN_TIMEOUT_MS });
	stopBackups();
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
	}, SHUTDOWN_TIMEOUT_MS).unref();
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
