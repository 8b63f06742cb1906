/**
 * What the operations proofs (load.ts, crash.ts) share: a fresh data directory, the production server from
 * `npm run build` (the FORMA_BUILD_ID build, if named) started in its own process group, the round-robin
 * proxy for several instances, the site's database and image store as the server's environment names
 * them (SQLite or Postgres, a folder or a bucket), and a few HTTP helpers.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { parseEnv } from "../../app/lib/env.server";
import { type ImageStore, imageStoreFromEnv, readImage } from "../../app/lib/image-store.server";
import { type DatabaseHandle, openConfiguredDatabase } from "../../db/connection";
import type { Database } from "../../db/schema";
import { portOpen } from "../support/port-open";

const BUILD_DIR = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";

export const ADMIN = { username: "curator", password: "ops-curator-password" };

export interface Site {
	origin: string;
	dataDir: string;
	env: NodeJS.ProcessEnv;
	databasePath: string;
	uploadsDir: string;
}

export function createSite(port: number, extraEnv: Record<string, string> = {}): Site {
	if (!fs.existsSync(`${BUILD_DIR}/server/server.js`))
		throw new Error(`${BUILD_DIR}/ is missing: run \`npm run build\` first.`);
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-ops-"));
	const databasePath = path.join(dataDir, "forma.sqlite");
	const uploadsDir = path.join(dataDir, "uploads");
	const env = {
		...process.env,
		NODE_ENV: "production",
		PORT: String(port),
		LOG_LEVEL: "warn",
		DATABASE_PATH: databasePath,
		UPLOADS_DIR: uploadsDir,
		SESSION_SECRET: "ops-only-secret-ops-only-secret-ops-only",
		SITE_URL: `http://localhost:${port}`,
		ADMIN_USERNAME: ADMIN.username,
		ADMIN_PASSWORD: ADMIN.password,
		...extraEnv,
	} as NodeJS.ProcessEnv;
	const setup = spawnSync("node", [`${BUILD_DIR}/server/setup.js`], {
		env,
		stdio: ["ignore", "ignore", "inherit"],
	});
	if (setup.status !== 0) throw new Error("database setup failed");
	return { origin: `http://localhost:${port}`, dataDir, env, databasePath, uploadsDir };
}

export function removeSite(site: Site): void {
	fs.rmSync(site.dataDir, { recursive: true, force: true });
}

/** Starts `node build/server/server.js` in its own process group and waits for /healthz. */
export async function startServer(site: Site): Promise<ChildProcess> {
	const server = spawn("node", [`${BUILD_DIR}/server/server.js`, `${BUILD_DIR}/index.js`], {
		env: site.env,
		detached: true,
		stdio: ["ignore", "inherit", "inherit"],
	});
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (server.exitCode !== null) throw new Error("the server exited during start-up");
		try {
			if ((await fetch(`${site.origin}/healthz`)).ok) return server;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error("the server did not become healthy within 60 s");
}

/** Sends `signal` to the server's process group and waits for it to exit. */
export async function stopServer(server: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
	if (!server.pid || server.exitCode !== null || server.signalCode !== null) return;
	const exited = new Promise((resolve) => server.once("exit", resolve));
	try {
		process.kill(-server.pid, signal);
	} catch {
		return;
	}
	await exited;
}

/** Signs in through the login form; returns the session cookie. */
export async function signIn(
	site: Pick<Site, "origin">,
	username: string,
	password: string,
): Promise<string> {
	const response = await fetch(`${site.origin}/login`, {
		method: "POST",
		body: new URLSearchParams({ username, password }),
		redirect: "manual",
	});
	const cookie = response.headers
		.getSetCookie()
		.map((header) => header.split(";")[0])
		.find((pair) => pair?.startsWith("forma_session="));
	if (response.status !== 302 || !cookie) throw new Error(`signing in failed: HTTP ${response.status}`);
	return cookie;
}

/** The site's database, whichever its environment names: the SQLite file, or Postgres at DATABASE_URL. */
export function openSiteDatabase(site: Pick<Site, "env">): DatabaseHandle {
	return openConfiguredDatabase(parseEnv(site.env));
}

/** The site's image store, as its environment names it: the uploads folder or an S3 bucket. */
export function siteImages(site: Pick<Site, "env">): ImageStore {
	return imageStoreFromEnv(parseEnv(site.env));
}

/** Every image key a row points to. */
export async function referencedImages(db: Kysely<Database>): Promise<string[]> {
	const keys = await db
		.selectFrom("projects")
		.select("image as key")
		.union(db.selectFrom("project_images").select("image_url as key"))
		.union(db.selectFrom("hero_slides").select("image_url as key"))
		.union(db.selectFrom("artists").select("image as key"))
		.execute();
	return keys.flatMap(({ key }) => (key === null ? [] : [key]));
}

/** Keys whose image is missing from the store or does not decode (a half-written image). */
export async function brokenImages(db: Kysely<Database>, images: ImageStore): Promise<string[]> {
	const broken: string[] = [];
	for (const key of await referencedImages(db)) {
		if (key.startsWith("/")) continue; // a static default such as /placeholder.svg
		try {
			const data = await readImage(images, key);
			const metadata = data ? await sharp(data).metadata() : undefined;
			if (!metadata?.width) broken.push(key);
		} catch {
			broken.push(key);
		}
	}
	return broken;
}

/** Waits until something accepts connections on the port (127.0.0.1). */
async function listening(port: number, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (await portOpen(port)) return;
		if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/**
 * The round-robin proxy (round-robin-proxy.ts) on `port` in front of the instances on `instancePorts`, in
 * a process group of its own; stop it with stopServer.
 */
export async function startProxy(port: number, instancePorts: number[]): Promise<ChildProcess> {
	const proxy = spawn(
		process.execPath,
		["--import", "tsx", "tests/ops/round-robin-proxy.ts", String(port), ...instancePorts.map(String)],
		{ detached: true, stdio: ["ignore", "ignore", "inherit"] },
	);
	try {
		await listening(port);
	} catch (error) {
		await stopServer(proxy, "SIGKILL");
		throw error;
	}
	return proxy;
}

/** A small random PNG, so every upload is a new file. */
export async function randomPng(seed: number): Promise<Buffer> {
	return sharp({
		create: {
			width: 640,
			height: 400,
			channels: 3,
			background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
		},
	})
		.composite([
			{
				input: Buffer.from(
					`<svg width="640" height="400"><text x="40" y="200" font-size="64">${seed}</text></svg>`,
				),
			},
		])
		.png()
		.toBuffer();
}

export function percentile(values: number[], p: number): number {
	if (values.length === 0) return 0;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs a proof, prints its verdict, cleans up (data directories, servers) and exits 0 (passed) or 1. */
export function runProof(
	name: string,
	proof: () => Promise<boolean>,
	cleanUp: () => Promise<void> | void,
): void {
	const finish = async (passed: boolean) => {
		await cleanUp();
		process.exit(passed ? 0 : 1);
	};
	proof()
		.then((passed) => {
			console.log(`\n${name}: ${passed ? "PASS" : "FAIL"}`);
			return finish(passed);
		})
		.catch((error: unknown) => {
			console.error(error);
			return finish(false);
		});
}
