/**
 * What the operations proofs (load.ts, crash.ts) share: a fresh data directory, the production server from
 * `npm run build` started in its own process group, and a few HTTP helpers.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type SQLite from "better-sqlite3";
import sharp from "sharp";

export const ADMIN = { username: "curator", password: "ops-curator-password" };

export interface Site {
	origin: string;
	dataDir: string;
	env: NodeJS.ProcessEnv;
	databasePath: string;
	uploadsDir: string;
}

export function createSite(port: number, extraEnv: Record<string, string> = {}): Site {
	if (!fs.existsSync("build/server/server.js"))
		throw new Error("build/ is missing: run `npm run build` first.");
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
	const setup = spawnSync("node", ["build/server/setup.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
	if (setup.status !== 0) throw new Error("database setup failed");
	return { origin: `http://localhost:${port}`, dataDir, env, databasePath, uploadsDir };
}

export function removeSite(site: Site): void {
	fs.rmSync(site.dataDir, { recursive: true, force: true });
}

/** Starts `node build/server/server.js` in its own process group and waits for /healthz. */
export async function startServer(site: Site): Promise<ChildProcess> {
	const server = spawn("node", ["build/server/server.js", "build/index.js"], {
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

/** Every image key a row points to. */
export function referencedImages(sqlite: SQLite.Database): string[] {
	return sqlite
		.prepare(
			`select image from projects where image is not null
			 union select image_url from project_images
			 union select image_url from hero_slides
			 union select image from artists where image is not null`,
		)
		.pluck()
		.all() as string[];
}

/** Keys whose file is missing or does not decode (a half-written image). */
export async function brokenImages(sqlite: SQLite.Database, uploadsDir: string): Promise<string[]> {
	const broken: string[] = [];
	for (const key of referencedImages(sqlite)) {
		if (key.startsWith("/")) continue; // a static default such as /placeholder.svg
		try {
			const metadata = await sharp(path.join(uploadsDir, key)).metadata();
			if (!metadata.width) broken.push(key);
		} catch {
			broken.push(key);
		}
	}
	return broken;
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

/** Runs a proof, prints its verdict, removes its data directory and exits 0 (passed) or 1. */
export function runProof(site: Site, name: string, proof: () => Promise<boolean>): void {
	proof()
		.then((passed) => {
			console.log(`\n${name}: ${passed ? "PASS" : "FAIL"}`);
			removeSite(site);
			process.exit(passed ? 0 : 1);
		})
		.catch((error: unknown) => {
			console.error(error);
			removeSite(site);
			process.exit(1);
		});
}
