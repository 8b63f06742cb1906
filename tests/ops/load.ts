/**
 * Load proof (not a test; `npm run ops:load`): the production build under 60 s of mixed traffic from 50
 * concurrent connections — page views of home, category, project, shop and artist pages, and purchase
 * requests — with a backup taken halfway. Passes when no request failed or got a 4xx/5xx, every
 * acknowledged purchase request is in the database afterwards, and the backup restores into a fresh
 * directory with the row counts it recorded and readable images.
 *
 *   npm run build && npx tsx tests/ops/load.ts [seconds] [connections]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { backupTo, countRows, restoreFrom } from "../../db/backup";
import { fetchFormToken } from "../support/form-page-token";
import { brokenImages, createSite, percentile, runProof, startServer, stopServer } from "./harness";

const DURATION_S = Number(process.argv[2] ?? 60);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const PORT = 3297;

// Many visitors behind one proxy: TRUST_PROXY lets each request carry its own client address, as Fly's
// proxy would, so per-address rate limits see many people rather than one.
const site = createSite(PORT, { TRUST_PROXY: "1", LOG_LEVEL: "error" });

const sqlite = new SQLite(site.databasePath, { readonly: true });
const projects = sqlite.prepare("select id, category from projects order by id").all() as Array<{
	id: string;
	category: string;
}>;
const artists = sqlite.prepare("select id from artists").pluck().all() as string[];
sqlite.close();

type Kind = "home" | "category" | "project" | "shop" | "artist" | "purchase";
/** The mix: mostly browsing, one request in ten a purchase. */
const MIX: Array<[Kind, number]> = [
	["home", 20],
	["category", 20],
	["project", 25],
	["shop", 10],
	["artist", 15],
	["purchase", 10],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function pickKind(): Kind {
	let roll = Math.random() * TOTAL_WEIGHT;
	for (const [kind, weight] of MIX) {
		roll -= weight;
		if (roll < 0) return kind;
	}
	return "home";
}

function pick<T>(items: readonly T[]): T {
	return items[Math.floor(Math.random() * items.length)] as T;
}

interface Stats {
	latencies: number[];
	statuses: Map<number, number>;
	errors: string[];
}
const stats = new Map<Kind, Stats>();
const acknowledged: string[] = [];
let sequence = 0;

async function one(kind: Kind): Promise<void> {
	let started = performance.now();
	const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
	const headers: Record<string, string> = { "X-Forwarded-For": address };
	let url: string;
	let init: RequestInit = { headers, redirect: "manual" };
	let email: string | undefined;
	switch (kind) {
		case "home":
			url = "/";
			break;
		case "category":
			url = `/${pick(["art", "design", "branding", "creative"])}`;
			break;
		case "project":
			url = `/project/${pick(projects).id}`;
			break;
		case "shop":
			url = pick(["/shop", "/shop?sort=price-asc", "/shop?q=chair", "/shop?category=furniture&page=1"]);
			break;
		case "artist":
			url = pick(["/artists", `/artist/${pick(artists)}`]);
			break;
		case "purchase": {
			sequence += 1;
			email = `load-${process.pid}-${sequence}@example.com`;
			url = `/project/${pick(projects).id}/request`;
			// The form's one-time token comes with its page (docs/decisions/0022); the post is what is timed.
			const formToken = await fetchFormToken(`${site.origin}${url}`).catch(() => "");
			started = performance.now();
			init = {
				...init,
				method: "POST",
				headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
				body: new URLSearchParams({ email, phone: "+79161234567", formToken }).toString(),
			};
			break;
		}
	}
	const entry: Stats = stats.get(kind) ?? { latencies: [], statuses: new Map<number, number>(), errors: [] };
	stats.set(kind, entry);
	try {
		const response = await fetch(`${site.origin}${url}`, init);
		await response.arrayBuffer();
		entry.latencies.push(performance.now() - started);
		entry.statuses.set(response.status, (entry.statuses.get(response.status) ?? 0) + 1);
		// No-JS purchase form: success is a redirect back to the project with a toast.
		if (kind === "purchase" && email && (response.status === 302 || response.status === 303)) {
			acknowledged.push(email);
		}
	} catch (error) {
		entry.errors.push(`${url}: ${String(error)}`);
	}
}

async function main(): Promise<boolean> {
	console.log(
		`Load: ${CONNECTIONS} connections for ${DURATION_S} s against the production build (${site.dataDir})`,
	);
	const server = await startServer(site);
	const backupDir = path.join(site.dataDir, "backup-under-load");
	let backupPromise: Promise<unknown> | undefined;
	const deadline = Date.now() + DURATION_S * 1000;
	const backupAt = Date.now() + (DURATION_S * 1000) / 2;
	try {
		await Promise.all(
			Array.from({ length: CONNECTIONS }, async () => {
				while (Date.now() < deadline) {
					if (!backupPromise && Date.now() >= backupAt) {
						console.log("Taking a backup while the load runs …");
						const started = performance.now();
						backupPromise = backupTo(backupDir, site).then((manifest) => {
							console.log(`  backup done in ${Math.round(performance.now() - started)} ms`);
							return manifest;
						});
					}
					await one(pickKind());
				}
			}),
		);
	} finally {
		await backupPromise?.catch(() => undefined);
		await stopServer(server);
	}

	const rows = [...stats].map(([kind, entry]) => {
		const count = entry.latencies.length + entry.errors.length;
		const bad = [...entry.statuses].filter(([status]) => status >= 400).reduce((sum, [, n]) => sum + n, 0);
		return {
			kind,
			requests: count,
			"req/s": Math.round(count / DURATION_S),
			"p50 ms": Math.round(percentile(entry.latencies, 50)),
			"p99 ms": Math.round(percentile(entry.latencies, 99)),
			statuses: [...entry.statuses].map(([status, n]) => `${status}×${n}`).join(" "),
			"failed/4xx/5xx": entry.errors.length + bad,
		};
	});
	const all = [...stats.values()].flatMap((entry) => entry.latencies);
	console.table(rows);
	const total = all.length + [...stats.values()].reduce((sum, entry) => sum + entry.errors.length, 0);
	console.log(
		`All: ${total} requests, ${Math.round(total / DURATION_S)} req/s, p50 ${Math.round(percentile(all, 50))} ms, p99 ${Math.round(percentile(all, 99))} ms`,
	);
	for (const entry of stats.values())
		for (const error of entry.errors.slice(0, 5)) console.log(`  error: ${error}`);
	const failures = rows.reduce((sum, row) => sum + row["failed/4xx/5xx"], 0);

	const database = new SQLite(site.databasePath, { readonly: true });
	const stored = new Set(
		database
			.prepare("select email from purchase_requests where email like 'load-%'")
			.pluck()
			.all() as string[],
	);
	database.close();
	const missing = acknowledged.filter((email) => !stored.has(email));
	console.log(
		`Purchase requests acknowledged: ${acknowledged.length}; missing from the database: ${missing.length}`,
	);

	let backupOk = false;
	if (backupPromise) {
		const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-restore-"));
		try {
			const target = {
				databasePath: path.join(restoredDir, "forma.sqlite"),
				uploadsDir: path.join(restoredDir, "uploads"),
			};
			const manifest = await restoreFrom(backupDir, target);
			const restored = new SQLite(target.databasePath, { readonly: true });
			const counts = countRows(restored);
			const integrity = restored.pragma("integrity_check", { simple: true });
			const broken = await brokenImages(restored, target.uploadsDir);
			restored.close();
			const countsMatch = JSON.stringify(counts) === JSON.stringify(manifest.rowCounts);
			console.log(
				`Backup under load: restored ${JSON.stringify(counts)}; matches its manifest: ${countsMatch}; ` +
					`integrity ${String(integrity)}; unreadable images: ${broken.length}`,
			);
			backupOk = countsMatch && integrity === "ok" && broken.length === 0;
		} finally {
			fs.rmSync(restoredDir, { recursive: true, force: true });
		}
	}
	const passed = failures === 0 && missing.length === 0 && acknowledged.length > 0 && backupOk;
	return passed;
}

runProof(site, "Load proof", main);
