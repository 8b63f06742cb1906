/**
 * Performance benchmark (not a test): serves the production build (`build/`, from `npm run build`) with
 * our server (app/server.ts, bundled to build/server/server.js) on port 3299 with a freshly seeded temporary database, load-tests three kinds of pages and weighs the home
 * page's JavaScript. Exits non-zero when a bar is missed.
 *
 *   npm run build && npx tsx tests/bench/pages.ts
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = 3299;
const ORIGIN = `http://localhost:${PORT}`;
const SERVER_BUILD = "build/index.js";
/** A seeded project with its own image (db/seed/seed-data.ts), so the page renders its gallery. */
const PROJECT_WITH_IMAGE = "arc-lounge-chair";
const TARGETS = [
	{ name: "home", path: "/" },
	{ name: "category", path: "/art" },
	{ name: "project", path: `/project/${PROJECT_WITH_IMAGE}` },
];
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const MIN_REQUESTS_PER_SECOND = 300;
const MAX_P99_MS = 100;
const JS_BUDGET_KB = 150;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-bench-"));
let server: ChildProcess | undefined;

function cleanUp(): void {
	void stopServer();
	fs.rmSync(dataDir, { recursive: true, force: true });
}

process.on("SIGINT", () => {
	cleanUp();
	process.exit(130);
});
process.on("SIGTERM", () => {
	cleanUp();
	process.exit(143);
});

async function main(): Promise<boolean> {
	if (!fs.existsSync(SERVER_BUILD)) {
		throw new Error(`${SERVER_BUILD} is missing: run \`npm run build\` first.`);
	}
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: "production",
		PORT: String(PORT),
		DATABASE_PATH: path.join(dataDir, "forma.sqlite"),
		UPLOADS_DIR: path.join(dataDir, "uploads"),
		SESSION_SECRET: randomBytes(32).toString("hex"),
		SITE_URL: `http://localhost:${PORT}`,
	};

	console.log(`Setting up a fresh database in ${dataDir} …`);
	const setup = spawnSync("node", ["build/server/setup.js"], { env, stdio: "inherit" });
	if (setup.status !== 0) throw new Error("database setup failed");

	// As deployed: anonymous pages come from the page cache (docs/decisions/0005). The second run renders
	// every request (cache off) to show what the cache buys; the bar applies to the first.
	const served = await measureServer(env, "as served (page cache on)");
	const rendered = await measureServer(
		{ ...env, PAGE_CACHE_ENTRIES: "0" },
		"rendering every request (cache off)",
	);
	for (const row of rendered) row.result = "info";
	console.log(
		`\nThroughput: ${CONNECTIONS} connections × ${DURATION_SECONDS} s; bar ≥ ${MIN_REQUESTS_PER_SECOND} req/s, p99 < ${MAX_P99_MS} ms, no errors`,
	);
	console.table([...served, ...rendered]);

	await startServer(env);
	const javascript = await measureHomeJavaScript();
	console.log(`\nHome page JavaScript (gzip -9), ${javascript.files.length} files:`);
	console.table(
		javascript.files.map((file) => ({ file: file.url, "gzip kB": round(file.gzipBytes / 1024) })),
	);
	const jsPass = javascript.totalGzipBytes / 1024 <= JS_BUDGET_KB;
	console.log(
		`Total: ${round(javascript.totalGzipBytes / 1024)} kB gzipped (budget ${JS_BUDGET_KB} kB) — ${jsPass ? "PASS" : "FAIL"}`,
	);

	return served.every((row) => row.result === "PASS") && jsPass;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<void> {
	await stopServer();
	console.log(`Starting the production server on ${ORIGIN} …`);
	server = spawn("node", ["build/server/server.js", SERVER_BUILD], {
		env: { ...env, LOG_LEVEL: "warn" },
		detached: true,
		stdio: ["ignore", "ignore", "inherit"],
	});
	await waitForServer();
}

/** Stops the server and waits until it has exited, so the port is free for the next one. */
async function stopServer(): Promise<void> {
	const running = server;
	server = undefined;
	if (!running?.pid || running.exitCode !== null) return;
	const exited = new Promise((resolve) => running.once("exit", resolve));
	try {
		// Started in its own process group: end the whole group.
		process.kill(-running.pid, "SIGTERM");
	} catch {
		return; // Already gone.
	}
	await exited;
}

interface Row {
	page: string;
	"req/s": number;
	"p50 ms": number;
	"p99 ms": number;
	"non-2xx": number;
	errors: number;
	result: string;
}

async function measureServer(env: NodeJS.ProcessEnv, label: string): Promise<Row[]> {
	await startServer(env);
	const rows: Row[] = [];
	for (const target of TARGETS) {
		const url = `${ORIGIN}${target.path}`;
		// Warm-up: JIT, SQLite page cache, first-render module loading.
		await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
		const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
		const requestsPerSecond = result.requests.average;
		const pass =
			requestsPerSecond >= MIN_REQUESTS_PER_SECOND &&
			result.latency.p99 < MAX_P99_MS &&
			result.non2xx === 0 &&
			result.errors === 0;
		rows.push({
			page: `${target.name} ${target.path} — ${label}`,
			"req/s": Math.round(requestsPerSecond),
			"p50 ms": result.latency.p50,
			"p99 ms": result.latency.p99,
			"non-2xx": result.non2xx,
			errors: result.errors + result.timeouts,
			result: pass ? "PASS" : "FAIL",
		});
	}
	await stopServer();
	return rows;
}

async function waitForServer(timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (server?.exitCode !== null) throw new Error("the server exited during start-up");
		try {
			const response = await fetch(`${ORIGIN}/`);
			if (response.ok) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

/** Every script the home page loads up front: `<script src>`, `<link rel="modulepreload">` and module imports. */
async function measureHomeJavaScript(): Promise<{
	files: Array<{ url: string; gzipBytes: number }>;
	totalGzipBytes: number;
}> {
	const html = await (await fetch(`${ORIGIN}/`)).text();
	const urls = new Set<string>();
	for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) if (match[1]) urls.add(match[1]);
	for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
		const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
		if (href) urls.add(href);
	}
	for (const match of html.matchAll(/\bimport(?:[^"'()]*?from)?\s*["']([^"']+\.js)["']/g)) {
		if (match[1]) urls.add(match[1]);
	}
	const files = await Promise.all(
		[...urls].map(async (url) => {
			const response = await fetch(new URL(url, ORIGIN));
			if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
			const body = Buffer.from(await response.arrayBuffer());
			return { url, gzipBytes: gzipSync(body, { level: 9 }).length };
		}),
	);
	files.sort((a, b) => b.gzipBytes - a.gzipBytes);
	return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

function round(value: number): number {
	return Math.round(value * 10) / 10;
}

main()
	.then((passed) => {
		cleanUp();
		console.log(passed ? "\nAll bars met." : "\nSome bars were missed.");
		process.exit(passed ? 0 : 1);
	})
	.catch((error: unknown) => {
		cleanUp();
		console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	});
