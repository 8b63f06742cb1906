/**
 * What the bench measures on a running server: throughput (autocannon), the JavaScript a page loads, and
 * Lighthouse's mobile performance audit (Debian's chromium).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/chromium";

/** What browsers send; the responses they get back are what is measured. */
export const BROWSER_HEADERS = {
	"accept-encoding": "br, gzip",
	accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};

export interface Throughput {
	requestsPerSecond: number;
	p99Ms: number;
	/** Answers that were not 2xx, plus errors and timeouts: a fast 500 is no result. */
	failures: number;
}

export async function throughput(
	url: string,
	options: { cookie?: string; connections: number; seconds: number; warmUpSeconds: number },
): Promise<Throughput> {
	const headers: Record<string, string> = { ...BROWSER_HEADERS };
	if (options.cookie) headers.cookie = options.cookie;
	// Warm-up: JIT, SQLite's page cache, the page cache's first copy.
	await autocannon({ url, headers, connections: options.connections, duration: options.warmUpSeconds });
	const result = await autocannon({
		url,
		headers,
		connections: options.connections,
		duration: options.seconds,
	});
	return {
		requestsPerSecond: Math.round(result.requests.average),
		p99Ms: result.latency.p99,
		failures: result.non2xx + result.errors + result.timeouts,
	};
}

export interface PageScripts {
	files: Array<{ url: string; gzipBytes: number }>;
	gzipBytes: number;
}

/**
 * Every script a page loads up front, gzip -9 each: `<script src>`, `<link rel="modulepreload">` and the
 * modules the inline entry imports. Files loaded later (dynamic imports on interaction) are not counted:
 * they are not paid for on arrival.
 */
export async function pageScripts(origin: string, pagePath: string, cookie?: string): Promise<PageScripts> {
	const response = await fetch(new URL(pagePath, origin), { headers: cookie ? { cookie } : {} });
	if (!response.ok) throw new Error(`${pagePath}: HTTP ${response.status}`);
	const html = await response.text();
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
			const file = await fetch(new URL(url, origin));
			if (!file.ok) throw new Error(`${url}: HTTP ${file.status}`);
			return { url, gzipBytes: gzipSync(Buffer.from(await file.arrayBuffer()), { level: 9 }).length };
		}),
	);
	files.sort((a, b) => b.gzipBytes - a.gzipBytes);
	return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

export interface LighthouseResult {
	score: number;
	fcpMs: number;
	lcpMs: number;
	tbtMs: number;
	cls: number;
}

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/**
 * One Lighthouse run (mobile: its default emulated phone and simulated slow 4G), performance only, through
 * its command line so each run gets a fresh browser profile.
 */
export function lighthouse(url: string, cookie?: string): LighthouseResult {
	const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "forma-lighthouse-")), "report.json");
	try {
		const args = [
			url,
			"--only-categories=performance",
			"--form-factor=mobile",
			"--output=json",
			`--output-path=${output}`,
			`--chrome-path=${CHROMIUM_PATH}`,
			`--chrome-flags=${CHROME_FLAGS.join(" ")}`,
			"--quiet",
		];
		if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
		const run = spawnSync(path.resolve("node_modules/.bin/lighthouse"), args, {
			stdio: ["ignore", "ignore", "pipe"],
			encoding: "utf8",
			timeout: 180_000,
		});
		if (run.status !== 0 || !fs.existsSync(output)) {
			throw new Error(`lighthouse ${url} failed: ${run.stderr.slice(-500)}`);
		}
		const report = JSON.parse(fs.readFileSync(output, "utf8")) as {
			categories: { performance: { score: number | null } };
			audits: Record<string, { numericValue?: number }>;
			runtimeError?: { message: string };
		};
		if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
		const metric = (id: string): number => report.audits[id]?.numericValue ?? Number.NaN;
		return {
			score: Math.round((report.categories.performance.score ?? 0) * 100),
			fcpMs: Math.round(metric("first-contentful-paint")),
			lcpMs: Math.round(metric("largest-contentful-paint")),
			tbtMs: Math.round(metric("total-blocking-time")),
			cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
		};
	} finally {
		fs.rmSync(path.dirname(output), { recursive: true, force: true });
	}
}

/** The run with the median score (Lighthouse's advice for noisy machines: several runs, the median). */
export function medianRun(runs: LighthouseResult[]): LighthouseResult {
	const sorted = [...runs].sort((a, b) => a.score - b.score);
	const median = sorted[Math.floor(sorted.length / 2)];
	if (!median) throw new Error("no Lighthouse runs");
	return median;
}
