/**
 * The server's CPU time per request through the page cache (issue #31, docs/decisions/0005; not part of
 * `npm test`). Starts the production build on a freshly seeded site in its own session (setsid), sends N
 * requests of each kind one after the other, and reads the server's CPU time (user + system, all its
 * threads: zlib's and argon2's work in the thread pool included) from /proc/<pid>/stat before and after
 * each kind, once the process is idle again (so work it does after answering, such as a compression in the
 * background, is counted too). Prints a table of milliseconds of CPU per request:
 *
 *   hit           `/`, already in the cache
 *   miss          a page nobody asked for yet (the sitemap's pages, each once)
 *   second visit  the same pages again (a copy asked for again is compressed now)
 *   random param  `/shop?utm_source=<random>`
 *   random path   `/no-such-page-<random>` (a 404)
 *
 *   npx tsx tests/bench/page-cache-cpu.ts                 bench build/
 *   FORMA_BUILD_ID=x npx tsx tests/bench/page-cache-cpu.ts    bench build-x/ (e.g. the code before a change)
 *   BENCH_REQUESTS=60 BENCH_PORT=3297                      requests per kind, the server's port
 *
 * CPU time is counted in clock ticks (usually 10 ms), so the totals over N requests are what count; on a
 * machine busy with other work CPU time stays comparable where wall time would not.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createSite, removeSite, startServer, stopServer } from "../ops/harness";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3297);
/** Clock ticks per second (getconf CLK_TCK): 100 on Linux. */
const TICKS_PER_SECOND = 100;
const HEADERS = { "Accept-Encoding": "br, gzip", "User-Agent": "page-cache-cpu bench" };

function cpuMs(pid: number): number {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
	// Fields after the command name (which may hold spaces) in parentheses: utime is the 14th, stime the 15th.
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server has used no CPU for half a second (its background work is done). */
async function idle(pid: number): Promise<number> {
	let last = cpuMs(pid);
	for (let round = 0; round < 60; round++) {
		await sleep(500);
		const now = cpuMs(pid);
		if (now - last < 1) return now;
		last = now;
	}
	return last;
}

async function get(url: string): Promise<number> {
	const response = await fetch(url, { headers: HEADERS });
	await response.arrayBuffer();
	return response.status;
}

async function measure(pid: number, urls: string[]): Promise<{ msPerRequest: number; statuses: string }> {
	const before = await idle(pid);
	const statuses = new Map<number, number>();
	for (const url of urls) {
		const status = await get(url);
		statuses.set(status, (statuses.get(status) ?? 0) + 1);
	}
	const after = await idle(pid);
	return {
		msPerRequest: Math.round(((after - before) / urls.length) * 10) / 10,
		statuses: [...statuses].map(([status, count]) => `${count}×${status}`).join(" "),
	};
}

const site = createSite(PORT, { LOG_LEVEL: "warn" });
const server = await startServer(site);
try {
	const pid = server.pid ?? 0;
	const origin = site.origin;
	const random = () => randomBytes(6).toString("hex");
	const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
	const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
		.map((match) => new URL(match[1] ?? "").pathname)
		.filter((path) => path !== "/" && path !== "/shop");
	const fresh = [...new Set(pages)].slice(0, REQUESTS).map((path) => `${origin}${path}`);
	// The home page and the shop in the cache (asked for twice, so compressed where the cache does that).
	for (const path of ["/", "/", "/", "/shop", "/shop", "/shop"]) await get(`${origin}${path}`);
	const rows: Array<[string, { msPerRequest: number; statuses: string }]> = [
		[
			"hit",
			await measure(
				pid,
				Array.from({ length: REQUESTS }, () => `${origin}/`),
			),
		],
		["miss", await measure(pid, fresh)],
		["second visit", await measure(pid, fresh)],
		[
			"random param",
			await measure(
				pid,
				Array.from({ length: REQUESTS }, () => `${origin}/shop?utm_source=${random()}`),
			),
		],
		[
			"random path",
			await measure(
				pid,
				Array.from({ length: REQUESTS }, () => `${origin}/no-such-page-${random()}`),
			),
		],
	];
	console.log(`build: ${process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build"}`);
	console.log("| request | CPU ms per request | requests |");
	console.log("| --- | ---: | --- |");
	for (const [kind, result] of rows) console.log(`| ${kind} | ${result.msPerRequest} | ${result.statuses} |`);
} finally {
	await stopServer(server);
	removeSite(site);
}
