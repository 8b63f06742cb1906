/**
 * The catalogue bench (issue #33; not part of `npm test`): what every public page costs as the catalogue
 * grows. Seeds a database once with the build's own setup, then for each size grows a copy of it
 * (tests/bench/grow-catalogue.ts), serves it with the production server and measures, for every public
 * page type in English and Russian:
 *   - HTML: the bytes of the page as sent before compression, and its status;
 *   - uncached: REQUESTS sequential requests, each with a cookie the page cache does not know (a request
 *     with any cookie but language and theme skips the cache, app/lib/page-cache.server.ts, and the app
 *     renders it as for an anonymous visitor): wall-clock p50/p99, and the server's CPU time per request
 *     (read from /proc before and after: robust on a shared machine, where wall-clock time is not);
 *   - cached: req/s of an autocannon run (10 connections) without that cookie, served from the page cache.
 * Then the admin's project list, search and edit page, and the signed-in pages (10 connections: p50/p99
 * and CPU ms per page). It ends with the summary: each page's numbers by size and the growth from 1,000
 * to the largest size, against the targets (≤ 300 kB, uncached p99 ≤ 150 ms, cached req/s within 10 % of
 * the 18-piece catalogue's, admin ≤ 300 ms).
 *
 *   npm run bench:catalogue -- --pieces=100000          18 / 1,000 / 10,000 / 100,000 pieces
 *   --sizes=18,1000,20000                                 other sizes
 *   --checkout ../old   (with FORMA_BUILD_ID=x: build-x/) bench another checkout's build
 *   --requests=20 --seconds=3                             uncached requests per page; autocannon's run
 *   --only=pages,admin,signed-in                          some parts only
 *   BENCH_PORT=5380                                       the server's port
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "../../db/connection";
import { copySqliteDatabase, growCatalogue } from "./grow-catalogue";
import { BROWSER_HEADERS } from "./measure";
import { formaBuildDir, prepareFormaData, type RunningServer, signInCookie, startForma } from "./servers";

const { values: options } = parseArgs({
	options: {
		checkout: { type: "string", default: "." },
		pieces: { type: "string", default: "100000" },
		sizes: { type: "string" },
		requests: { type: "string", default: "20" },
		seconds: { type: "string", default: "3" },
		only: { type: "string", default: "pages,admin,signed-in" },
	},
});

const PORT = Number(process.env.BENCH_PORT ?? 5380);
const REQUESTS = Number(options.requests);
const SECONDS = Number(options.seconds);
const CONNECTIONS = 10;
/** A page whose uncached series runs longer than this is cut short (it says how many it got). */
const SERIES_BUDGET_MS = 30_000;
/** Pages slower than this uncached get no throughput run: it would only queue timeouts. */
const SLOW_MS = 1_000;
const SIZES = options.sizes
	? options.sizes.split(",").map(Number)
	: [...new Set([18, 1_000, 10_000, Number(options.pieces)])].filter(
			(size) => size <= Number(options.pieces),
		);

const TARGETS = { htmlKb: 300, uncachedP99Ms: 150, cachedShare: 0.9, adminMs: 300 };

/** The Russian visitor: the language cookie as the site sets it (base64 of the JSON string, URL-encoded). */
const RUSSIAN = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("ru")).toString("base64"))}`;
const USER = {
	username: "bench-visitor",
	email: "bench-visitor@forma.test",
	password: "bench-visitor-password",
};
const ADMIN = {
	username: "bench-curator",
	email: "bench-curator@forma.test",
	password: "bench-curator-password",
	admin: true,
};

interface PageCase {
	page: string;
	path: string;
	/** The same in both languages (the sitemap): measured once. */
	languageFree?: boolean;
}

/** Every public page type; `deep` and `sitemapFile` are filled in per size. */
function publicPages(deepShopPage: number, sitemapFile: string): PageCase[] {
	return [
		{ page: "home", path: "/" },
		{ page: "branding", path: "/branding" },
		{ page: "design", path: "/design" },
		{ page: "design type", path: "/design?type=furniture" },
		{ page: "art", path: "/art" },
		{ page: "creative", path: "/creative" },
		{ page: "category page 2", path: "/art?page=2" },
		{ page: "shop", path: "/shop" },
		{ page: "shop query", path: "/shop?q=oak" },
		{ page: "shop query ru", path: `/shop?q=${encodeURIComponent("дуб")}` },
		{ page: "shop no match", path: "/shop?q=zzzz" },
		{ page: "shop filter", path: "/shop?category=furniture&designer=owl&sort=price-asc" },
		{ page: "shop deep", path: `/shop?page=${deepShopPage}` },
		{ page: "artists", path: "/artists" },
		{ page: "artist", path: "/artist/corpus-studio" },
		{ page: "project", path: "/project/arc-lounge-chair" },
		{ page: "sitemap index", path: "/sitemap.xml", languageFree: true },
		{ page: "sitemap file", path: sitemapFile, languageFree: true },
	];
}

const SIGNED_IN_PAGES: PageCase[] = [
	{ page: "home", path: "/" },
	{ page: "design", path: "/design" },
	{ page: "shop", path: "/shop" },
	{ page: "artist", path: "/artist/corpus-studio" },
	{ page: "project", path: "/project/arc-lounge-chair" },
	{ page: "account", path: "/account" },
];

interface PageResult {
	status: number;
	bytes: number;
	p50Ms: number;
	p99Ms: number;
	cpuMs: number;
	/** Requests in the uncached series (fewer than REQUESTS when it ran out of time). */
	samples: number;
	cachedRps: number | null;
}

const checkout = path.resolve(options.checkout);
const buildDir = formaBuildDir(process.env.FORMA_BUILD_ID);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-catalogue-bench-"));
let server: RunningServer | undefined;

async function cleanUp(): Promise<void> {
	await server?.stop();
	fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const [signal, code] of [
	["SIGINT", 130],
	["SIGTERM", 143],
] as const) {
	process.on(signal, () => void cleanUp().finally(() => process.exit(code)));
}

/** User and system CPU time of a process so far, in milliseconds (Linux /proc). */
function cpuMs(pid: number): number {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	// utime and stime are fields 14 and 15 of stat; after the ")" they are the 12th and 13th.
	const ticks = Number(fields[11]) + Number(fields[12]);
	return (ticks * 1000) / 100; // USER_HZ is 100 on Linux.
}

function percentile(sorted: number[], share: number): number {
	if (sorted.length === 0) return Number.NaN;
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const round = (value: number, digits = 0): number => Math.round(value * 10 ** digits) / 10 ** digits;
const kb = (bytes: number): number => round(bytes / 1024, 1);
const loadAverage = (): string =>
	os
		.loadavg()
		.map((value) => value.toFixed(1))
		.join(" ");

/** One uncached request: status, body bytes, wall-clock milliseconds. */
async function timedGet(url: string, cookie: string): Promise<{ status: number; bytes: number; ms: number }> {
	const started = performance.now();
	const response = await fetch(url, { headers: { ...BROWSER_HEADERS, cookie }, redirect: "manual" });
	const body = new Uint8Array(await response.arrayBuffer());
	return { status: response.status, bytes: body.byteLength, ms: performance.now() - started };
}

let uncachedSerial = 0;

async function measurePage(
	origin: string,
	pid: number,
	item: PageCase,
	language: "en" | "ru",
): Promise<PageResult> {
	const url = `${origin}${item.path}`;
	const languageCookie = language === "ru" ? `${RUSSIAN}; ` : "";
	const times: number[] = [];
	let status = 0;
	let bytes = 0;
	const cpuBefore = cpuMs(pid);
	const started = performance.now();
	for (let n = 0; n < REQUESTS; n++) {
		uncachedSerial += 1;
		const answer = await timedGet(url, `${languageCookie}bench-uncached=${uncachedSerial}`);
		status = answer.status;
		bytes = answer.bytes;
		times.push(answer.ms);
		if (performance.now() - started > SERIES_BUDGET_MS) break;
	}
	const cpu = (cpuMs(pid) - cpuBefore) / times.length;
	times.sort((a, b) => a - b);
	const p50 = percentile(times, 0.5);
	let cachedRps: number | null = null;
	if (p50 < SLOW_MS && status < 500) {
		const headers: Record<string, string> = { ...BROWSER_HEADERS };
		if (language === "ru") headers.cookie = RUSSIAN;
		await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
		const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
		cachedRps = Math.round(result.requests.average);
	}
	return {
		status,
		bytes,
		p50Ms: round(p50),
		p99Ms: round(percentile(times, 0.99)),
		cpuMs: round(cpu, 1),
		samples: times.length,
		cachedRps,
	};
}

/** The first file a sitemap index names, or the sitemap itself when it is one file (before issue #33). */
async function firstSitemapFile(origin: string): Promise<string> {
	const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
	if (!xml.includes("<sitemapindex")) return "/sitemap.xml";
	const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
		(match) => new URL(match[1] ?? "").pathname,
	);
	// A file of pieces, the largest kind.
	return locations.find((location) => /project/.test(location)) ?? locations[0] ?? "/sitemap.xml";
}

function publishedCount(database: string): number {
	const handle = openDatabase(database);
	try {
		const row = handle.sqlite
			.prepare("select count(*) as n from projects where status = 'published'")
			.get() as {
			n: number;
		};
		return row.n;
	} finally {
		handle.sqlite.close();
	}
}

type Row = Record<string, string | number>;

/** A Markdown table (pasted into decisions and closing notes as it is). */
function printTable(rows: Row[]): void {
	const first = rows[0];
	if (!first) return;
	const columns = Object.keys(first);
	const line = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;
	console.log(line(columns));
	console.log(line(columns.map(() => "---")));
	for (const row of rows) console.log(line(columns.map((column) => row[column] ?? "")));
}

const results = new Map<string, Map<number, PageResult>>();
function keep(key: string, size: number, result: PageResult): void {
	if (!results.has(key)) results.set(key, new Map());
	results.get(key)?.set(size, result);
}

async function benchSize(size: number, baseDatabase: string, env: NodeJS.ProcessEnv, parts: Set<string>) {
	const database = path.join(dataDir, `forma-${size}.sqlite`);
	await copySqliteDatabase(baseDatabase, database);
	const grown = openDatabase(database);
	const growth = await growCatalogue(grown.db, size).finally(() => grown.db.destroy());
	const published = publishedCount(database);
	console.log(
		`\n## ${size.toLocaleString("en")} pieces (${published} published; grown in ${growth.milliseconds} ms) · load ${loadAverage()}`,
	);
	server = await startForma({ checkout, buildDir, env: { ...env, DATABASE_PATH: database } });
	try {
		const { origin, pid } = server;
		if (parts.has("pages")) {
			const deep = Math.max(1, Math.floor((published / 24) * 0.9));
			const pages = publicPages(deep, await firstSitemapFile(origin));
			const rows: Row[] = [];
			for (const item of pages) {
				for (const language of item.languageFree ? (["en"] as const) : (["en", "ru"] as const)) {
					const result = await measurePage(origin, pid, item, language);
					keep(`${item.page}\t${item.languageFree ? "—" : language}`, size, result);
					rows.push({
						page: item.page,
						path: item.path,
						lng: item.languageFree ? "—" : language,
						status: result.status,
						kB: kb(result.bytes),
						"p50 ms": result.p50Ms,
						"p99 ms": result.p99Ms,
						"CPU ms": result.cpuMs,
						n: result.samples,
						"cached req/s": result.cachedRps ?? "—",
					});
				}
			}
			printTable(rows);
		}
		if (parts.has("admin")) await adminTable(origin, size);
		if (parts.has("signed-in")) await signedInTable(origin, pid, size);
	} finally {
		await server.stop();
		server = undefined;
		fs.rmSync(database, { force: true });
		for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${database}${suffix}`, { force: true });
	}
	console.log(`load after: ${loadAverage()}`);
}

async function adminTable(origin: string, size: number): Promise<void> {
	const cookie = await signInCookie(origin, ADMIN.username, ADMIN.password);
	const pages = [
		{ page: "admin list", path: "/admin/projects", target: true },
		{ page: "admin search", path: "/admin/projects?q=oak", target: true },
		{ page: "admin list by name", path: "/admin/projects?sort=name&dir=asc", target: false },
		{ page: "admin edit", path: "/admin/projects/edit/arc-lounge-chair", target: true },
	];
	const rows: Row[] = [];
	for (const item of pages) {
		const times: number[] = [];
		let status = 0;
		const started = performance.now();
		for (let n = 0; n < REQUESTS; n++) {
			const answer = await timedGet(`${origin}${item.path}`, cookie);
			status = answer.status;
			times.push(answer.ms);
			if (performance.now() - started > SERIES_BUDGET_MS) break;
		}
		times.sort((a, b) => a - b);
		const p99 = round(percentile(times, 0.99));
		keep(`${item.page}\t${item.target ? "admin" : "admin (info)"}`, size, {
			status,
			bytes: 0,
			p50Ms: round(percentile(times, 0.5)),
			p99Ms: p99,
			cpuMs: 0,
			samples: times.length,
			cachedRps: null,
		});
		rows.push({
			page: item.page,
			path: item.path,
			status,
			"p50 ms": round(percentile(times, 0.5)),
			"p99 ms": p99,
			n: times.length,
			target: item.target ? `≤ ${TARGETS.adminMs} ms` : "—",
			result: item.target ? (p99 <= TARGETS.adminMs && status === 200 ? "PASS" : "FAIL") : "info",
		});
	}
	console.log("\nAdmin (signed in as an administrator, sequential requests):");
	printTable(rows);
}

async function signedInTable(origin: string, pid: number, size: number): Promise<void> {
	const cookie = await signInCookie(origin, USER.username, USER.password);
	const rows: Row[] = [];
	for (const item of SIGNED_IN_PAGES) {
		const url = `${origin}${item.path}`;
		const headers = { ...BROWSER_HEADERS, cookie };
		await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
		const before = cpuMs(pid);
		const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
		const cpu = result.requests.total > 0 ? (cpuMs(pid) - before) / result.requests.total : Number.NaN;
		const failures = result.non2xx + result.errors + result.timeouts;
		keep(`${item.page}\tsigned in`, size, {
			status: failures > 0 ? 500 : 200,
			bytes: 0,
			p50Ms: result.latency.p50,
			p99Ms: result.latency.p99,
			cpuMs: round(cpu, 1),
			samples: result.requests.total,
			cachedRps: null,
		});
		rows.push({
			page: item.page,
			path: item.path,
			"req/s": Math.round(result.requests.average),
			"p50 ms": result.latency.p50,
			"p99 ms": result.latency.p99,
			"CPU ms/page": round(cpu, 1),
			failures,
		});
	}
	console.log(
		`\nSigned in (an ordinary account, ${CONNECTIONS} connections, ${SECONDS} s after 1 s of warm-up):`,
	);
	printTable(rows);
}

function summary(): boolean {
	const largest = Math.max(...SIZES);
	const smallest = Math.min(...SIZES);
	const growthBase = SIZES.includes(1_000) ? 1_000 : smallest;
	console.log(
		`\n## Summary at ${largest.toLocaleString("en")} pieces (growth: CPU ms at ${largest.toLocaleString("en")} ÷ CPU ms at ${growthBase.toLocaleString("en")})`,
	);
	const rows: Row[] = [];
	let pass = true;
	for (const [key, bySize] of results) {
		const [page, kind] = key.split("\t");
		const top = bySize.get(largest);
		const base = bySize.get(growthBase);
		const small = bySize.get(smallest);
		if (!top) continue;
		const row: Row = { page: page ?? "", lng: kind ?? "" };
		if (kind === "admin (info)") {
			Object.assign(row, { "p99 ms": top.p99Ms, result: "info" });
		} else if (kind === "admin") {
			const ok = top.status === 200 && top.p99Ms <= TARGETS.adminMs;
			pass &&= ok;
			Object.assign(row, { "p99 ms": top.p99Ms, result: ok ? "PASS" : "FAIL" });
		} else if (kind === "signed in") {
			Object.assign(row, {
				"p50 ms": top.p50Ms,
				"p99 ms": top.p99Ms,
				"CPU ms": top.cpuMs,
				growth: base ? round(top.cpuMs / base.cpuMs, 2) : "—",
			});
		} else {
			const share =
				top.cachedRps !== null && small?.cachedRps ? round(top.cachedRps / small.cachedRps, 2) : null;
			const ok =
				top.status < 500 &&
				(page?.startsWith("sitemap") || kb(top.bytes) <= TARGETS.htmlKb) &&
				top.p99Ms <= TARGETS.uncachedP99Ms &&
				(share === null || share >= TARGETS.cachedShare);
			pass &&= ok;
			Object.assign(row, {
				status: top.status,
				kB: kb(top.bytes),
				"p50 ms": top.p50Ms,
				"p99 ms": top.p99Ms,
				"CPU ms": top.cpuMs,
				growth: base ? round(top.cpuMs / base.cpuMs, 2) : "—",
				"cached req/s": top.cachedRps ?? "—",
				"× 18 pieces": share ?? "—",
				result: ok ? "PASS" : "FAIL",
			});
		}
		rows.push(row);
	}
	printTable(rows);
	console.log(
		`\nTargets: HTML ≤ ${TARGETS.htmlKb} kB (sitemap files excepted), uncached p99 ≤ ${TARGETS.uncachedP99Ms} ms, cached req/s ≥ ${TARGETS.cachedShare * 100} % of the ${smallest}-piece catalogue's, admin p99 ≤ ${TARGETS.adminMs} ms.`,
	);
	return pass;
}

async function main(): Promise<boolean> {
	console.log(
		`FORMA: ${path.join(checkout, buildDir)} · sizes ${SIZES.join(", ")} · ${REQUESTS} uncached requests per page · cached: ${CONNECTIONS} connections for ${SECONDS} s · ${os.cpus().length} cores, load ${loadAverage()}`,
	);
	const env = prepareFormaData({ checkout, buildDir, dataDir, port: PORT, user: USER, users: [ADMIN] });
	const baseDatabase = env.DATABASE_PATH ?? "";
	const parts = new Set(options.only.split(","));
	for (const size of SIZES) await benchSize(size, baseDatabase, env, parts);
	return summary();
}

main()
	.then(async (passed) => {
		await cleanUp();
		console.log(passed ? "\nEvery target met." : "\nSome targets were missed.");
		process.exit(passed ? 0 : 1);
	})
	.catch(async (error: unknown) => {
		await cleanUp();
		console.error(
			`\nThe bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
		);
		process.exit(1);
	});
