/**
 * The site over real HTTP inside the test's own process (docs/decisions/0011): the production build's app
 * (`createApp` from the build's entry, the very code `npm start` serves) on an ephemeral port of
 * 127.0.0.1, on the test file's database (tests/support/per-test-database.ts). No browser, no process of
 * its own: an HTTP-level proof costs a request, not a server start.
 *
 * Each site imports its own instance of the build, so its caches, rate limits and environment start fresh;
 * the database is the file's, put back before each test like every integration test's. Needs a build
 * (`npm run build`; `npm test` builds before the integration tests).
 */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeEach } from "vitest";
import { db } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { hashPassword } from "~/lib/password.server";
import type { createApp, createHttpServer } from "~/server/app";

export const BUILD_DIR = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";

/** The administrator every test site has (put back before each test, like the seeded rows). */
export const ADMIN = {
	username: "curator",
	password: "e2e-curator-password",
	email: "curator@forma.gallery",
};

/** The integration project's secret (vitest.config.ts): the test's own modules sign with it too. */
export const SESSION_SECRET = process.env.SESSION_SECRET ?? "http-tests-only-secret-http-tests-only-secret";

interface BuildEntry {
	createApp: typeof createApp;
	createHttpServer: typeof createHttpServer;
}

export interface HttpSite {
	/** `http://localhost:<port>`, the site's SITE_URL. */
	origin: string;
	port: number;
	/** The environment the site runs under (its SITE_URL, secrets, and what the test added). */
	env: NodeJS.ProcessEnv;
	/** Everything the site logged so far (JSON lines). */
	output(): string;
	/** Forgets every stored page (the file's database is put back before each test; the copies must go too). */
	clearPageCache(): void;
	/**
	 * Resolves once the site has taken in every change committed before the call (its maintenance mode and
	 * content version): at once on SQLite, where it reads them after each commit; on Postgres once it has
	 * heard the change notifications. Call it after writing to the database behind the site's back.
	 */
	caughtUp(): Promise<void>;
	/** Stops the site and serves the same database again as a new instance, with `changes` to its environment. */
	restart(changes?: Record<string, string | undefined>): Promise<void>;
	stop(): Promise<void>;
}

let instances = 0;
const running = new Set<HttpSite>();

let adminPasswordHash: Promise<string> | undefined;

/** The administrator, as `npm start` makes it from ADMIN_USERNAME (the template has none). */
async function putBackAdministrator(): Promise<void> {
	adminPasswordHash ??= hashPassword(ADMIN.password);
	const exists = await db
		.selectFrom("users")
		.select("id")
		.where("username", "=", ADMIN.username)
		.executeTakeFirst();
	if (exists) return;
	await db
		.insertInto("users")
		.values({
			username: ADMIN.username,
			email: ADMIN.email,
			password_hash: await adminPasswordHash,
			role: "admin",
			email_verified_at: new Date().toISOString(),
		})
		.execute();
}

beforeEach(async () => {
	if (running.size === 0) return;
	await putBackAdministrator();
	// The database was put back behind the sites' backs (on Postgres they hear of it a moment later).
	for (const site of running) await site.caughtUp();
	for (const site of running) site.clearPageCache();
});
afterAll(async () => {
	await Promise.all([...running].map((site) => site.stop()));
});

/**
 * Starts the site; `extraEnv` adds to (or, with undefined, removes from) its environment. The environment
 * is the process's while the site's build loads, so sites of one file run one after the other.
 */
export async function startHttpSite(extraEnv: Record<string, string | undefined> = {}): Promise<HttpSite> {
	const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "forma-http-log-")), "site.log");
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: "production",
		LOG_LEVEL: "warn",
		LOG_FILE: logFile,
		SESSION_SECRET,
		ADMIN_USERNAME: ADMIN.username,
		ADMIN_PASSWORD: ADMIN.password,
		ADMIN_EMAIL: ADMIN.email,
	};
	for (const [name, value] of Object.entries(extraEnv)) {
		if (value === undefined) delete env[name];
		else env[name] = value;
	}
	let current: { server: http.Server; close: () => Promise<void> } | undefined;
	let port = 0;

	const launch = async () => {
		const listening = await new Promise<http.Server>((resolve, reject) => {
			// A placeholder until the app exists: the port must be known first (it is in SITE_URL).
			import("node:http").then(({ createServer }) => {
				const server = createServer();
				server.once("error", reject);
				server.listen(port, "127.0.0.1", () => resolve(server));
			}, reject);
		});
		port = (listening.address() as AddressInfo).port;
		env.PORT = String(port);
		env.SITE_URL = `http://localhost:${port}`;
		for (const [name, value] of Object.entries(env)) process.env[name] = value;
		for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
		instances += 1;
		// Node's own import, not Vitest's transform (vitest.config.ts names the build external): the build runs
		// exactly as under `npm start`.
		const build = (await import(
			/* @vite-ignore */ `${pathToFileURL(path.resolve(BUILD_DIR, "index.js")).href}?site=${instances}`
		)) as ServerBuild;
		const entry = build.entry.module as unknown as BuildEntry;
		const parsed = parseEnv(env);
		const siteApp = await entry.createApp(parsed, build);
		// The real server's timeouts and options, with the app in place of the placeholder.
		const server = entry.createHttpServer(parsed, siteApp.app);
		listening.close();
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(port, "127.0.0.1", () => resolve());
		});
		current = { server, close: siteApp.close };
		site.clearPageCache = () => siteApp.pageCache.clear();
		site.caughtUp = () => siteApp.site.caughtUp();
	};

	const shutdown = async () => {
		const stopping = current;
		current = undefined;
		if (!stopping) return;
		stopping.server.closeAllConnections();
		await new Promise<void>((resolve) => stopping.server.close(() => resolve()));
		await stopping.close();
	};

	const site: HttpSite = {
		get origin() {
			return `http://localhost:${port}`;
		},
		get port() {
			return port;
		},
		env,
		output: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
		clearPageCache: () => {},
		caughtUp: async () => {},
		async restart(changes = {}) {
			await shutdown();
			for (const [name, value] of Object.entries(changes)) {
				if (value === undefined) delete env[name];
				else env[name] = value;
			}
			await launch();
		},
		async stop() {
			running.delete(site);
			await shutdown();
			fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
		},
	};
	await putBackAdministrator();
	await launch();
	running.add(site);
	return site;
}
