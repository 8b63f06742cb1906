/**
 * Load proof (not a test; `npm run ops:load`): the production build under mixed traffic from many
 * concurrent connections — page views of home, category, project, shop and artist pages, and purchase
 * requests — with a backup taken halfway. Passes when no request failed or got a 4xx/5xx, every
 * acknowledged purchase request is in the database afterwards, and the backup restores into an empty
 * database and folder with the row counts it recorded and readable images.
 *
 *   npm run ops:load -- [seconds] [connections]   one instance on SQLite and the uploads folder (60 s, 50)
 *   npm run ops:load -- --database=postgres       one instance on PostgreSQL and an S3 bucket
 *   npm run ops:load -- --instances=2             two instances on one PostgreSQL and one bucket, behind a
 *                                                 round-robin proxy (tests/ops/round-robin-proxy.ts)
 *   npm run ops:load -- --compare [seconds]       SQLite, then Postgres with one instance, one behind the
 *                                                 proxy and two behind it, each on fresh data; one table
 *
 * PostgreSQL is the tests' throwaway cluster (tests/support/postgres-cluster.ts; Debian's server, installed
 * when missing) and the bucket s3rver on 127.0.0.1 (tests/support/s3rver.ts): the topology of compose.yaml
 * as plain processes. Everything runs on this machine's cores — the load generator, the proxy, the
 * instances, Postgres and s3rver — so two instances share the CPU one had: read the numbers that way.
 */
import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { createDiskImageStore } from "../../app/lib/image-store-disk.server";
import { type BackupManifest, backupTo, restoreFrom } from "../../db/backup";
import { openConfiguredDatabase } from "../../db/connection";
import type { Database } from "../../db/schema";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { type PostgresCluster, postgresBinDir, startPostgresCluster } from "../support/postgres-cluster";
import { type LocalS3, startLocalS3 } from "../support/s3rver";
import {
	brokenImages,
	createSite,
	openSiteDatabase,
	percentile,
	removeSite,
	runProof,
	type Site,
	siteImages,
	startProxy,
	startServer,
	stopServer,
} from "./harness";

const flags = new Map(
	process.argv
		.slice(2)
		.filter((arg) => arg.startsWith("--"))
		.map((arg) => {
			const [name = "", value = "true"] = arg.slice(2).split("=");
			return [name, value] as const;
		}),
);
const [secondsArg, connectionsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const COMPARE = flags.has("compare");
const DURATION_S = Number(secondsArg ?? (COMPARE ? 30 : 60));
const CONNECTIONS = Number(connectionsArg ?? 50);
const INSTANCE_PORTS = [3297, 3298];
const PROXY_PORT = 3293;

interface Deployment {
	label: string;
	database: "sqlite" | "postgres";
	instances: number;
	/** Behind the round-robin proxy (always with more than one instance). */
	proxy: boolean;
}

function chosenDeployments(): Deployment[] {
	if (COMPARE) {
		return [
			{ label: "SQLite, 1 instance", database: "sqlite", instances: 1, proxy: false },
			{ label: "Postgres, 1 instance", database: "postgres", instances: 1, proxy: false },
			{ label: "Postgres, 1 instance behind the proxy", database: "postgres", instances: 1, proxy: true },
			{ label: "Postgres, 2 instances behind the proxy", database: "postgres", instances: 2, proxy: true },
		];
	}
	const instances = Number(flags.get("instances") ?? 1);
	if (!Number.isInteger(instances) || instances < 1 || instances > INSTANCE_PORTS.length)
		throw new Error(`--instances must be 1 … ${INSTANCE_PORTS.length}`);
	const database = instances > 1 || flags.get("database") === "postgres" ? "postgres" : "sqlite";
	const proxy = instances > 1 || flags.has("proxy");
	return [
		{
			label: `${database}, ${instances} instance(s)${proxy ? " behind the proxy" : ""}`,
			database,
			instances,
			proxy,
		},
	];
}

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

interface Result {
	label: string;
	requests: number;
	latencies: number[];
	failures: number;
	acknowledged: number;
	missing: number;
	backupOk: boolean;
}

/** One deployment running: its sites (one per instance), their servers, the proxy, where to send load. */
interface Running {
	origin: string;
	sites: Site[];
	databaseUrl: string | undefined;
	stop(): Promise<void>;
}

let cluster: PostgresCluster | undefined;
let databases = 0;

async function postgresDatabase(): Promise<{ url: string; cluster: PostgresCluster }> {
	if (!cluster) {
		if (!postgresBinDir()) {
			const install = spawnSync("sh", ["tests/support/ensure-postgres.sh"], { stdio: "inherit" });
			if (install.status !== 0) throw new Error("PostgreSQL could not be installed");
		}
		cluster = await startPostgresCluster();
	}
	databases += 1;
	const name = `forma_load_${databases}`;
	const admin = new pg.Client({ connectionString: cluster.url("postgres") });
	await admin.connect();
	try {
		await admin.query(`create database ${name}`);
	} finally {
		await admin.end();
	}
	return { url: cluster.url(name), cluster };
}

async function deploy(deployment: Deployment): Promise<Running> {
	const sites: Site[] = [];
	const servers: ChildProcess[] = [];
	let proxy: ChildProcess | undefined;
	let s3: LocalS3 | undefined;
	const stop = async () => {
		if (proxy) await stopServer(proxy);
		for (const server of servers) await stopServer(server);
		for (const site of sites) removeSite(site);
		await s3?.stop();
	};
	try {
		// Many visitors: each request names its own client address in X-Forwarded-For, as an edge proxy
		// would, so per-address rate limits see many people; behind our proxy that is one hop further.
		const env: Record<string, string> = { LOG_LEVEL: "error", TRUST_PROXY: deployment.proxy ? "2" : "1" };
		let databaseUrl: string | undefined;
		if (deployment.database === "postgres") {
			databaseUrl = (await postgresDatabase()).url;
			// Set-up blocks this process while it seeds the bucket: s3rver in a process of its own.
			s3 = await startLocalS3(["forma-load"], { ownProcess: true });
			Object.assign(env, { DATABASE_URL: databaseUrl, ...s3.env("forma-load") });
		}
		const ports = INSTANCE_PORTS.slice(0, deployment.instances);
		// The first set-up migrates and seeds; the others find it done (docs/decisions/0024).
		for (const port of ports) sites.push(createSite(port, env));
		for (const site of sites) servers.push(await startServer(site));
		if (deployment.proxy) proxy = await startProxy(PROXY_PORT, ports);
		return {
			origin: deployment.proxy ? `http://localhost:${PROXY_PORT}` : (sites[0] as Site).origin,
			sites,
			databaseUrl,
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

async function countRows(db: Kysely<Database>, tables: string[]): Promise<Record<string, number>> {
	const counts: Record<string, number> = {};
	for (const table of tables) {
		const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
		counts[table] = Number(rows[0]?.n ?? 0);
	}
	return counts;
}

/** Restores the backup into an empty database and folder, and checks its rows and images. */
async function restoreAndCheck(
	backupDir: string,
	manifest: BackupManifest,
	postgres: boolean,
): Promise<boolean> {
	const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-restore-"));
	const target = {
		databasePath: path.join(restoredDir, "forma.sqlite"),
		databaseUrl: postgres ? (await postgresDatabase()).url : undefined,
		uploadsDir: path.join(restoredDir, "uploads"),
	};
	const images = createDiskImageStore(target.uploadsDir);
	try {
		await restoreFrom(backupDir, target);
		const restored = openConfiguredDatabase({
			DATABASE_URL: target.databaseUrl,
			DATABASE_PATH: target.databasePath,
		});
		const integrity =
			restored.kind === "sqlite" ? String(restored.sqlite.pragma("integrity_check", { simple: true })) : "ok";
		const db = restored.db;
		const counts = await countRows(db, Object.keys(manifest.rowCounts));
		const broken = await brokenImages(db, images);
		await db.destroy();
		const countsMatch = JSON.stringify(counts) === JSON.stringify(manifest.rowCounts);
		console.log(
			`Backup under load: restored ${JSON.stringify(counts)}; matches its manifest: ${countsMatch}; ` +
				`integrity ${integrity}; unreadable images: ${broken.length}`,
		);
		return countsMatch && integrity === "ok" && broken.length === 0;
	} finally {
		images.close();
		fs.rmSync(restoredDir, { recursive: true, force: true });
	}
}

async function loadOne(deployment: Deployment): Promise<Result> {
	console.log(
		`\n${deployment.label}: ${CONNECTIONS} connections for ${DURATION_S} s against the production build`,
	);
	const running = await deploy(deployment);
	try {
		return await measure(deployment, running);
	} finally {
		await running.stop();
	}
}

async function measure(deployment: Deployment, running: Running): Promise<Result> {
	const first = running.sites[0] as Site;
	const handle = openSiteDatabase(first);
	const projects = await handle.db
		.selectFrom("projects")
		.select(["id", "availability"])
		.orderBy("id")
		.execute();
	// A sold piece's request form answers 409 ("already sold"), as it should: buyers ask for the others.
	const forSale = projects.filter((project) => project.availability !== "sold");
	const artists = (await handle.db.selectFrom("artists").select("id").execute()).map((row) => row.id);

	const stats = new Map<Kind, Stats>();
	const acknowledged: string[] = [];
	let sequence = 0;
	const origin = running.origin;

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
				url = `/project/${pick(forSale).id}/request`;
				// The form's one-time token comes with its page (docs/decisions/0022); the post is what is timed.
				const formToken = await fetchFormToken(`${origin}${url}`).catch(() => "");
				started = performance.now();
				init = {
					...init,
					method: "POST",
					headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
					body: new URLSearchParams({ ...GIVEN_CONSENT, email, phone: "+79161234567", formToken }).toString(),
				};
				break;
			}
		}
		const entry: Stats = stats.get(kind) ?? {
			latencies: [],
			statuses: new Map<number, number>(),
			errors: [],
		};
		stats.set(kind, entry);
		try {
			const response = await fetch(`${origin}${url}`, init);
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

	const backupDir = path.join(first.dataDir, "backup-under-load");
	const images = siteImages(first);
	let backupPromise: Promise<BackupManifest> | undefined;
	const deadline = Date.now() + DURATION_S * 1000;
	const backupAt = Date.now() + (DURATION_S * 1000) / 2;
	try {
		await Promise.all(
			Array.from({ length: CONNECTIONS }, async () => {
				while (Date.now() < deadline) {
					if (!backupPromise && Date.now() >= backupAt) {
						console.log("Taking a backup while the load runs …");
						const started = performance.now();
						backupPromise = backupTo(backupDir, {
							databasePath: first.databasePath,
							databaseUrl: running.databaseUrl,
							uploadsDir: first.uploadsDir,
							images,
						}).then((manifest) => {
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

	const stored = new Set(
		(
			await handle.db
				.selectFrom("purchase_requests")
				.select("email")
				.where("email", "like", "load-%")
				.execute()
		).map((row) => row.email),
	);
	await handle.db.destroy();
	const missing = acknowledged.filter((email) => !stored.has(email));
	console.log(
		`Purchase requests acknowledged: ${acknowledged.length}; missing from the database: ${missing.length}`,
	);

	let backupOk = false;
	const manifest = await backupPromise?.catch((error: unknown) => {
		console.error("The backup under load failed:", error);
		return undefined;
	});
	if (manifest) backupOk = await restoreAndCheck(backupDir, manifest, deployment.database === "postgres");
	images.close();
	return {
		label: deployment.label,
		requests: total,
		latencies: all,
		failures,
		acknowledged: acknowledged.length,
		missing: missing.length,
		backupOk,
	};
}

async function main(): Promise<boolean> {
	const results: Result[] = [];
	for (const deployment of chosenDeployments()) results.push(await loadOne(deployment));
	if (results.length > 1) {
		console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, on ${os.cpus().length} cores:`);
		console.table(
			results.map((result) => ({
				deployment: result.label,
				"req/s": Math.round(result.requests / DURATION_S),
				"p50 ms": Math.round(percentile(result.latencies, 50)),
				"p99 ms": Math.round(percentile(result.latencies, 99)),
				"failed/4xx/5xx": result.failures,
				"purchases acknowledged": result.acknowledged,
				missing: result.missing,
				"backup restored": result.backupOk,
			})),
		);
	}
	return results.every(
		(result) => result.failures === 0 && result.missing === 0 && result.acknowledged > 0 && result.backupOk,
	);
}

runProof("Load proof", main, async () => {
	await cluster?.stop();
});
