/**
 * For the security proofs that need a real process (the Playwright specs here: refusing to start, kill -9, a
 * browser): a production server of their own, started from the build on a fresh copy of the e2e template
 * site (playwright.config.ts seeds it once). Each spec file picks its own port offset, so files can run in
 * parallel. The HTTP-level proofs (*.test.ts) serve the app in their own process instead
 * (tests/support/http-site.ts) and share only the HTTP helpers at the end of this file.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { signIn as signInThroughForm } from "../ops/harness";
import { fetchFormToken } from "../support/form-page-token";

export const BUILD_DIR = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const TEMPLATE = path.resolve(`tests/e2e/.data/template-${E2E_PORT}`);

/** The administrator every site here gets (as on the e2e sites). */
export const ADMIN = { username: "curator", password: "e2e-curator-password" };

/** Ports E2E_PORT + 10 … + 39 belong to the security specs: one offset per spec file. */
export function securityPort(offset: number): number {
	if (offset < 10 || offset > 39) throw new Error("security specs use port offsets 10–39");
	return E2E_PORT + offset;
}

export interface Site {
	origin: string;
	port: number;
	dataDir: string;
	databasePath: string;
	uploadsDir: string;
	env: NodeJS.ProcessEnv;
	/** Everything the server printed so far (JSON log lines). */
	output(): string;
	/** Runs SQL against the site's database (a connection of its own, closed after). */
	query<T = unknown>(sql: string, ...params: unknown[]): T[];
	/** kill -9 of the server's process group; its data stays for `restart`. */
	kill(): Promise<void>;
	/** Serves the same data again (after `kill`), with `changes` made to the environment first. */
	restart(changes?: Record<string, string | undefined>): Promise<void>;
	stop(): Promise<void>;
}

/**
 * A fresh data directory (a copy of the seeded template when there is one, unless `fromTemplate` is false:
 * set-up then seeds it anew, e.g. into an S3 bucket) and the environment to run it.
 */
export function prepareSite(
	port: number,
	extraEnv: Record<string, string | undefined> = {},
	{ fromTemplate = true }: { fromTemplate?: boolean } = {},
) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-security-"));
	if (fromTemplate && fs.existsSync(path.join(TEMPLATE, ".ready")))
		fs.cpSync(TEMPLATE, dataDir, { recursive: true });
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: "production",
		PORT: String(port),
		LOG_LEVEL: "warn",
		DATABASE_PATH: path.join(dataDir, "forma.sqlite"),
		UPLOADS_DIR: path.join(dataDir, "uploads"),
		SESSION_SECRET: "security-only-secret-security-only-secret",
		SITE_URL: `http://localhost:${port}`,
		ADMIN_USERNAME: ADMIN.username,
		ADMIN_PASSWORD: ADMIN.password,
		ADMIN_EMAIL: "curator@forma.gallery",
	};
	for (const [name, value] of Object.entries(extraEnv)) {
		if (value === undefined) delete env[name];
		else env[name] = value;
	}
	return { dataDir, env, databasePath: env.DATABASE_PATH as string, uploadsDir: env.UPLOADS_DIR as string };
}

/** Runs the start-up step (migrate, seed, first administrator) and returns its exit code and output. */
export function runSetup(env: NodeJS.ProcessEnv): { status: number | null; output: string } {
	const result = spawnSync("node", [`${BUILD_DIR}/server/setup.js`], { env, encoding: "utf8" });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Set-up, then the production server in its own process group; resolves once /healthz answers 200.
 * `beforeStart` runs between the two (e.g. to plant rows the server must deal with as it starts).
 */
export async function startSite(
	port: number,
	extraEnv: Record<string, string | undefined> = {},
	{
		beforeStart,
		fromTemplate,
	}: { beforeStart?: (prepared: ReturnType<typeof prepareSite>) => void; fromTemplate?: boolean } = {},
): Promise<Site> {
	const prepared = prepareSite(port, extraEnv, { fromTemplate });
	const setup = runSetup(prepared.env);
	if (setup.status !== 0) throw new Error(`set-up failed:\n${setup.output}`);
	beforeStart?.(prepared);
	let server: ChildProcess | undefined;
	let output = "";
	const origin = `http://localhost:${port}`;
	const kill = async () => {
		const running = server;
		if (running?.pid && running.exitCode === null && running.signalCode === null) {
			const exited = new Promise((resolve) => running.once("exit", resolve));
			try {
				process.kill(-running.pid, "SIGKILL");
				await exited;
			} catch {
				// Already gone.
			}
		}
	};
	const stop = async () => {
		await kill();
		fs.rmSync(prepared.dataDir, { recursive: true, force: true });
	};
	const launch = async () => {
		const started = spawn("node", [`${BUILD_DIR}/server/server.js`, `${BUILD_DIR}/index.js`], {
			env: prepared.env,
			detached: true,
			stdio: ["ignore", "pipe", "pipe"],
		});
		server = started;
		started.stdout?.on("data", (chunk) => {
			output += String(chunk);
		});
		started.stderr?.on("data", (chunk) => {
			output += String(chunk);
		});
		const deadline = Date.now() + 60_000;
		for (;;) {
			if (started.exitCode !== null) {
				await stop();
				throw new Error(`the server exited during start-up:\n${output}`);
			}
			const health = await fetch(`${origin}/healthz`).catch(() => null);
			if (health?.ok) break;
			if (Date.now() > deadline) {
				await stop();
				throw new Error(`the server did not become healthy within 60 s:\n${output}`);
			}
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	};
	await launch();
	return {
		...prepared,
		origin,
		port,
		output: () => output,
		query<T>(sql: string, ...params: unknown[]): T[] {
			const sqlite = new SQLite(prepared.databasePath);
			try {
				const statement = sqlite.prepare(sql);
				return (statement.reader ? statement.all(...params) : [statement.run(...params)]) as T[];
			} finally {
				sqlite.close();
			}
		},
		kill,
		async restart(changes = {}) {
			await kill();
			for (const [name, value] of Object.entries(changes)) {
				if (value === undefined) delete prepared.env[name];
				else prepared.env[name] = value;
			}
			await launch();
		},
		stop,
	};
}

/**
 * An administrator adds a home slide through the admin form over HTTP, as the page posts it (with the
 * page's one-time token); `query` goes on the post's address (`?new&lng=ru` answers in Russian).
 */
export async function postSlide(
	site: Pick<Site, "origin">,
	cookie: string,
	{ title, image, query = "" }: { title: string; image: File; query?: string },
): Promise<Response> {
	const form = new FormData();
	form.set("formToken", await fetchFormToken(`${site.origin}/admin/slider?new`, cookie));
	form.set("intent", "save");
	form.set("category", "art");
	form.set("titleEn", title);
	form.set("titleRu", title);
	form.set("subtitleEn", "A drawing");
	form.set("subtitleRu", "Рисунок");
	form.set("image", image);
	return fetch(`${site.origin}/admin/slider${query}`, {
		method: "POST",
		body: form,
		headers: { Cookie: cookie },
		redirect: "manual",
	});
}

/** Signs in through the login form over HTTP; returns the session cookie ("forma_session=…"). */
export function signIn(origin: string, username: string, password: string): Promise<string> {
	return signInThroughForm({ origin }, username, password);
}
