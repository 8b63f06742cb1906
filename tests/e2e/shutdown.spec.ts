import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { expect, test } from "./fixtures";
import { BUILD_DIR, copyTemplate, freePort } from "./servers";

/**
 * Graceful shutdown, on a server of its own (started here, so it can be stopped): SIGTERM in the middle of
 * a request lets that request finish and land in the database, refuses new connections, and leaves a
 * checkpointed database (no write-ahead log left behind) and a process that exited cleanly.
 */
test.setTimeout(120_000);

const buildDir = BUILD_DIR;

test("SIGTERM finishes the request in flight, then closes the database cleanly", async () => {
	const PORT = await freePort();
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-shutdown-"));
	// The run's seeded site (set-up below then has nothing to seed).
	copyTemplate(dataDir);
	const databasePath = path.join(dataDir, "forma.sqlite");
	const env = {
		...process.env,
		NODE_ENV: "production",
		PORT: String(PORT),
		LOG_LEVEL: "info",
		DATABASE_PATH: databasePath,
		UPLOADS_DIR: path.join(dataDir, "uploads"),
		SESSION_SECRET: "shutdown-only-secret-shutdown-only-secret",
		SITE_URL: `http://localhost:${PORT}`,
	} as NodeJS.ProcessEnv;
	let server: ChildProcess | undefined;
	try {
		expect(spawnSync("node", [`${buildDir}/server/setup.js`], { env, stdio: "ignore" }).status).toBe(0);
		server = spawn("node", [`${buildDir}/server/server.js`, `${buildDir}/index.js`], { env });
		let output = "";
		server.stdout?.on("data", (chunk) => {
			output += String(chunk);
		});
		const exited = new Promise<number | null>((resolve) => server?.once("exit", (code) => resolve(code)));
		await expect
			.poll(async () => (await fetch(`http://localhost:${PORT}/healthz`).catch(() => null))?.status, {
				timeout: 30_000,
			})
			.toBe(200);

		// A purchase request whose body arrives slowly: half now, the rest after the signal.
		const formToken = await fetchFormToken(`http://localhost:${PORT}/project/arc-lounge-chair/request`);
		const body = new URLSearchParams({
			...GIVEN_CONSENT,
			email: "in-flight@example.com",
			phone: "+79161234567",
			formToken,
		}).toString();
		// Expect: 100-continue makes the server say when it has the request in hand (Node answers 100 and
		// hands the request to the app in the same step), so the signal below lands mid-request, not before.
		const request = http.request({
			port: PORT,
			method: "POST",
			path: "/project/arc-lounge-chair/request",
			headers: {
				"Content-Type": "application/x-www-form-urlencoded",
				"Content-Length": Buffer.byteLength(body),
				Expect: "100-continue",
			},
		});
		const accepted = new Promise<void>((resolve) => request.once("continue", () => resolve()));
		const response = new Promise<number>((resolve, reject) => {
			request.on("response", (res) => {
				res.resume();
				resolve(res.statusCode ?? 0);
			});
			request.on("error", reject);
		});
		request.flushHeaders();
		await accepted;
		request.write(body.slice(0, 10));

		server.kill("SIGTERM");
		await expect.poll(() => output.includes('"msg":"shutting down"')).toBe(true);
		// No new visitors once shutting down.
		await expect(fetch(`http://localhost:${PORT}/`)).rejects.toThrow();

		request.end(body.slice(10));
		expect(await response).toBe(200);
		expect(await exited).toBe(0);
		// Promptly: the finished response closed its connection, so no timeout was needed.
		expect(output).toContain('"reason":"all requests finished"');

		const sqlite = new SQLite(databasePath, { readonly: true });
		try {
			expect(
				sqlite
					.prepare("select count(*) from purchase_requests where email = 'in-flight@example.com'")
					.pluck()
					.get(),
			).toBe(1);
		} finally {
			sqlite.close();
		}
		// Checkpointed and closed: the write-ahead log is gone or empty.
		const wal = `${databasePath}-wal`;
		expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
	} finally {
		if (server && server.exitCode === null) server.kill("SIGKILL");
		fs.rmSync(dataDir, { recursive: true, force: true });
	}
});
