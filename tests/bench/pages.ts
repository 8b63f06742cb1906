/**
 * Performance bench (issue #14; not part of `npm test`). Builds and serves, beside FORMA's production
 * build, the floor (./floor: a bare Remix 2.17 app listing 24 items, served by remix-serve), measures both
 * in one run with the headers browsers send, and prints:
 *   - throughput: req/s and p99 for anonymous and signed-in home, category, project and shop pages, each
 *     beside the floor's, measured in alternating order;
 *   - the JavaScript each public page loads up front (gzipped), beside the floor's;
 *   - Lighthouse mobile performance (median of several runs) for home, shop, a project and an artist page
 *     in English and Russian.
 * It exits non-zero when a target is missed.
 *
 *   npm run bench                                   build, then bench this checkout
 *   npx tsx tests/bench/pages.ts --checkout ../old  bench another checkout's build (e.g. before a change)
 *   --only throughput,javascript,lighthouse,images   some parts only (default: all)
 *   BENCH_LIGHTHOUSE_RUNS=3   Lighthouse runs per page and language (the median counts)
 *   FORMA_BUILD_ID=x    use build-x/ (as `FORMA_BUILD_ID=x npm run build` made it)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { timeImagePipeline } from "../support/image-pipeline-timing";
import {
	type LighthouseResult,
	lighthouse,
	medianRun,
	type PageScripts,
	pageScripts,
	type Throughput,
	throughput,
} from "./measure";
import {
	buildFloor,
	formaBuildDir,
	prepareFormaData,
	type RunningServer,
	signInCookie,
	startFloor,
	startForma,
} from "./servers";

const { values: options } = parseArgs({
	options: {
		checkout: { type: "string", default: "." },
		only: { type: "string", default: "throughput,javascript,lighthouse,images" },
	},
});

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const FLOOR_PORT = PORT - 1;
const CONNECTIONS = 10;
const SECONDS = 6;
const WARM_UP_SECONDS = 2;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** A seeded project with its own pictures and a seeded artist (db/seed/seed-data.ts). */
const PROJECT = "/project/arc-lounge-chair";
const ARTIST = "/artist/corpus-studio";
/** The Russian visitor: the language cookie as the site sets it (base64 of the JSON string, URL-encoded). */
const RUSSIAN = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("ru")).toString("base64"))}`;
const USER = {
	username: "bench-visitor",
	email: "bench-visitor@forma.test",
	password: "bench-visitor-password",
};

const TARGETS = {
	/** Cached anonymous pages, against the floor's req/s. */
	cachedRatio: 3,
	/** Rendered for a signed-in visitor (no cache), against the floor's req/s. */
	renderedRatio: 0.5,
	/** JavaScript a public page loads up front, gzipped, absolute and against the floor's. */
	javascriptKb: 100,
	javascriptRatio: 1.2,
	lighthouseScore: 98,
	/** A 12-megapixel JPEG upload to its stored variants. */
	imagePipelineMs: 1500,
};

interface ThroughputCase {
	page: string;
	path: string;
	signedIn: boolean;
	/** The least FORMA/floor ratio that passes; null: reported only. */
	target: number | null;
}

const THROUGHPUT_CASES: ThroughputCase[] = [
	{ page: "home", path: "/", signedIn: false, target: TARGETS.cachedRatio },
	{ page: "category", path: "/art", signedIn: false, target: TARGETS.cachedRatio },
	{ page: "project", path: PROJECT, signedIn: false, target: TARGETS.cachedRatio },
	{ page: "shop", path: "/shop?q=chair", signedIn: false, target: TARGETS.cachedRatio },
	{ page: "home", path: "/", signedIn: true, target: TARGETS.renderedRatio },
	{ page: "project", path: PROJECT, signedIn: true, target: TARGETS.renderedRatio },
	{ page: "category", path: "/art", signedIn: true, target: null },
	{ page: "shop", path: "/shop?q=chair", signedIn: true, target: null },
];

const JAVASCRIPT_PAGES = [
	{ page: "home", path: "/" },
	{ page: "category", path: "/art" },
	{ page: "project", path: PROJECT },
	{ page: "shop", path: "/shop" },
	{ page: "artist", path: ARTIST },
	{ page: "about", path: "/about" },
	{ page: "contact", path: "/contact" },
	{ page: "login", path: "/login" },
	{ page: "register", path: "/register" },
];

const LIGHTHOUSE_PAGES = [
	{ page: "home", path: "/" },
	{ page: "shop", path: "/shop" },
	{ page: "project", path: PROJECT },
	{ page: "artist", path: ARTIST },
];

const checkout = path.resolve(options.checkout);
const buildDir = formaBuildDir(process.env.FORMA_BUILD_ID);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-bench-"));
const servers: RunningServer[] = [];

async function cleanUp(): Promise<void> {
	await Promise.all(servers.map((server) => server.stop()));
	fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const [signal, code] of [
	["SIGINT", 130],
	["SIGTERM", 143],
] as const) {
	process.on(signal, () => void cleanUp().finally(() => process.exit(code)));
}

const kb = (bytes: number): number => Math.round(bytes / 102.4) / 10;
const ratio = (value: number, floor: number): number => Math.round((value / floor) * 100) / 100;
const verdict = (pass: boolean | null): string => (pass === null ? "info" : pass ? "PASS" : "FAIL");

async function main(): Promise<boolean> {
	console.log(`FORMA: ${path.join(checkout, buildDir)} · floor: tests/bench/floor · data: ${dataDir}`);
	buildFloor();
	const env = prepareFormaData({ checkout, buildDir, dataDir, port: PORT, user: USER });
	const forma = await startForma({ checkout, buildDir, env });
	servers.push(forma);
	const floor = await startFloor(FLOOR_PORT);
	servers.push(floor);
	const cookie = await signInCookie(forma.origin, USER.username, USER.password);

	const parts = new Set(options.only.split(","));
	const passes: boolean[] = [];
	if (parts.has("throughput")) passes.push(...(await throughputTable(forma, floor, cookie)));
	if (parts.has("javascript")) passes.push(...(await javascriptTable(forma, floor)));
	if (parts.has("lighthouse")) passes.push(...lighthouseTable(forma));
	if (parts.has("images")) passes.push(await imagePipeline());
	return passes.every(Boolean);
}

async function throughputTable(
	forma: RunningServer,
	floor: RunningServer,
	cookie: string,
): Promise<boolean[]> {
	console.log(
		`\nThroughput: ${CONNECTIONS} connections, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, headers as a browser sends (Accept-Encoding: br, gzip); the floor's one page measured beside each, order alternating`,
	);
	const rows: Record<string, string | number>[] = [];
	const passes: boolean[] = [];
	const load = { connections: CONNECTIONS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS };
	for (const [index, item] of THROUGHPUT_CASES.entries()) {
		const measureForma = () =>
			throughput(`${forma.origin}${item.path}`, { ...load, cookie: item.signedIn ? cookie : undefined });
		const measureFloor = () => throughput(`${floor.origin}/`, load);
		let ours: Throughput;
		let theirs: Throughput;
		if (index % 2 === 0) {
			ours = await measureForma();
			theirs = await measureFloor();
		} else {
			theirs = await measureFloor();
			ours = await measureForma();
		}
		const measured = ratio(ours.requestsPerSecond, theirs.requestsPerSecond);
		const pass = item.target === null ? null : measured >= item.target && ours.failures === 0;
		if (pass !== null) passes.push(pass);
		rows.push({
			page: `${item.page} ${item.path}`,
			visitor: item.signedIn ? "signed in" : "anonymous",
			"FORMA req/s": ours.requestsPerSecond,
			"floor req/s": theirs.requestsPerSecond,
			ratio: measured,
			"FORMA p99 ms": ours.p99Ms,
			"floor p99 ms": theirs.p99Ms,
			failures: ours.failures,
			target: item.target === null ? "—" : `≥ ${item.target}×`,
			result: verdict(pass),
		});
	}
	console.table(rows);
	return passes;
}

async function javascriptTable(forma: RunningServer, floor: RunningServer): Promise<boolean[]> {
	const floorScripts = await pageScripts(floor.origin, "/");
	console.log(
		`\nJavaScript loaded up front (gzip -9; dynamic imports on interaction not counted). Floor: ${kb(floorScripts.gzipBytes)} kB in ${floorScripts.files.length} files; target ≤ ${TARGETS.javascriptKb} kB and ≤ ${TARGETS.javascriptRatio}× the floor`,
	);
	const rows: Record<string, string | number>[] = [];
	const passes: boolean[] = [];
	const measured: Array<{ page: string; scripts: PageScripts }> = [];
	for (const item of JAVASCRIPT_PAGES) {
		const scripts = await pageScripts(forma.origin, item.path);
		measured.push({ page: item.page, scripts });
		const share = ratio(scripts.gzipBytes, floorScripts.gzipBytes);
		const pass = kb(scripts.gzipBytes) <= TARGETS.javascriptKb && share <= TARGETS.javascriptRatio;
		passes.push(pass);
		rows.push({
			page: `${item.page} ${item.path}`,
			files: scripts.files.length,
			"kB gzip": kb(scripts.gzipBytes),
			"× floor": share,
			largest: scripts.files
				.slice(0, 3)
				.map((file) => `${path.basename(file.url)} ${kb(file.gzipBytes)}`)
				.join(", "),
			result: verdict(pass),
		});
	}
	console.table(rows);
	return passes;
}

/** How often one Lighthouse run is tried: chromium now and then fails to start a trace (NO_NAVSTART). */
const LIGHTHOUSE_ATTEMPTS = 3;

/** A run's result, or why its last attempt failed (a miss in the table, never the end of the bench). */
function lighthouseAttempts(url: string, cookie?: string): LighthouseResult | string {
	for (let attempt = 1; ; attempt++) {
		try {
			return lighthouse(url, cookie);
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			if (attempt >= LIGHTHOUSE_ATTEMPTS) return message.slice(0, 120);
			console.warn(`${message.slice(0, 200)} — trying again`);
		}
	}
}

function lighthouseTable(forma: RunningServer): boolean[] {
	console.log(
		`\nLighthouse ${LIGHTHOUSE_RUNS}× per page (mobile, simulated slow 4G, Debian chromium), the median run; target ≥ ${TARGETS.lighthouseScore}`,
	);
	const rows: Record<string, string | number>[] = [];
	const passes: boolean[] = [];
	for (const item of LIGHTHOUSE_PAGES) {
		for (const language of ["en", "ru"] as const) {
			const runs: LighthouseResult[] = [];
			const failures: string[] = [];
			for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
				const result = lighthouseAttempts(
					`${forma.origin}${item.path}`,
					language === "ru" ? RUSSIAN : undefined,
				);
				if (typeof result === "string") failures.push(result);
				else runs.push(result);
			}
			if (runs.length === 0) {
				passes.push(false);
				rows.push({
					page: `${item.page} ${item.path}`,
					language,
					score: "error",
					scores: failures[0] ?? "",
					result: verdict(false),
				});
				continue;
			}
			const median = medianRun(runs);
			const pass = median.score >= TARGETS.lighthouseScore;
			passes.push(pass);
			rows.push({
				page: `${item.page} ${item.path}`,
				language,
				score: median.score,
				scores: runs.map((run) => run.score).join(" "),
				"FCP ms": median.fcpMs,
				"LCP ms": median.lcpMs,
				"TBT ms": median.tbtMs,
				CLS: median.cls,
				result: verdict(pass),
			});
		}
	}
	console.table(rows);
	return passes;
}

async function imagePipeline(): Promise<boolean> {
	// In this process, on the code of this checkout (the upload's own path, app/lib/images.server.ts).
	const milliseconds = Math.round(await timeImagePipeline());
	const pass = milliseconds <= TARGETS.imagePipelineMs;
	console.log(
		`\nImage pipeline: a 12-megapixel JPEG to its stored variants in ${milliseconds} ms (best of 3 after a warm-up; target ≤ ${TARGETS.imagePipelineMs} ms) — ${verdict(pass)}`,
	);
	return pass;
}

main()
	.then(async (passed) => {
		await cleanUp();
		console.log(passed ? "\nEvery target met." : "\nSome targets were missed.");
		process.exit(passed ? 0 : 1);
	})
	.catch(async (error: unknown) => {
		await cleanUp();
		console.error(`\nThe bench failed: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	});
