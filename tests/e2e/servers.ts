import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * The production servers the browser tests talk to (docs/decisions/0011): one per Playwright worker
 * (tests/e2e/fixtures.ts), each started from the build on a free port with a copy of the run's seeded
 * template (made once by tests/e2e/global-setup.ts), the run's mail server and the administrator below.
 */
export const ADMIN = {
	username: "curator",
	password: "e2e-curator-password",
	email: "curator@forma.gallery",
};
export const SESSION_SECRET = "e2e-only-secret-e2e-only-secret-e2e-only";
/** Replies by e-mail are on (issue #37): specs post raw replies to /hooks/inbound-mail with this secret. */
export const INBOUND_MAIL_ADDRESS = "replies@forma.test";
export const INBOUND_MAIL_SECRET = "e2e-only-inbound-secret-e2e-only-inbound";
/** The build to serve: `build/` unless FORMA_BUILD_ID names another (see remix.config.js). */
export const BUILD_DIR = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";
/** Names this run's folders, so runs side by side (E2E_PORT differs) never touch each other's. */
export const RUN_ID = process.env.E2E_PORT ?? "3100";
const DATA = path.resolve("tests/e2e/.data");
/**
 * The seeded site every server starts from (migrated, seeded, with the administrator). The security
 * project's sites copy it too (tests/security/site.ts).
 */
export const TEMPLATE_DIR = path.join(DATA, `template-${RUN_ID}`);
/** Process groups of the servers this run started, one file each, so the run's end can stop any left. */
const PID_DIR = path.join(DATA, `servers-${RUN_ID}`);

/** The data folder of the server on `port`: its database is forma.sqlite, its uploads uploads/. */
export function dataDirFor(port: number | string): string {
	return path.join(DATA, String(port));
}

/** A TCP port nothing listens on now, chosen by the system. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
		});
	});
}

/** The environment every e2e server runs with, on `port` with its data in `dataDir`. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
	return {
		...process.env,
		PORT: String(port),
		NODE_ENV: "production",
		// Errors only: a failing test shows what the server logged (the fixture passes it on).
		LOG_LEVEL: "error",
		DATABASE_PATH: path.join(dataDir, "forma.sqlite"),
		UPLOADS_DIR: path.join(dataDir, "uploads"),
		SESSION_SECRET,
		SITE_URL: `http://localhost:${port}`,
		ADMIN_USERNAME: ADMIN.username,
		ADMIN_PASSWORD: ADMIN.password,
		ADMIN_EMAIL: ADMIN.email,
		// One proxy hop is believed, as on the real deployment (fly.toml): the fixture sends each test's
		// pages from an address of their own, so rate limits per address (ten registrations in 15 minutes)
		// count one test's requests, not the whole worker's.
		TRUST_PROXY: "1",
		// The run's own mail server (tests/e2e/global-setup.ts): specs read what the site sent.
		SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_MAIL_PORT ?? ""}`,
		MAIL_FROM: "gallery@forma.test",
		INBOUND_MAIL_ADDRESS,
		INBOUND_MAIL_SECRET,
	};
}

export interface E2eServer {
	origin: string;
	port: number;
	dataDir: string;
	databasePath: string;
	/** Runs SQL against the server's database (a connection of its own, closed after). */
	query<T = unknown>(sql: string, ...params: unknown[]): T[];
	/** Runs `work` with a connection of its own to the server's database (closed after). */
	withDatabase<T>(work: (sqlite: SQLite.Database) => T): T;
	stop(): Promise<void>;
}

/** Copies a tree, hard-linking its files (the template's images are read-only: nothing rewrites them). */
function linkTree(from: string, to: string): void {
	fs.mkdirSync(to, { recursive: true });
	for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
		const source = path.join(from, entry.name);
		const target = path.join(to, entry.name);
		if (entry.isDirectory()) linkTree(source, target);
		else {
			try {
				fs.linkSync(source, target);
			} catch {
				// Another file system (a temporary folder elsewhere): a copy.
				fs.copyFileSync(source, target);
			}
		}
	}
}

/** A fresh copy of the template in `dataDir`: the database copied (it is written), the uploads linked. */
export function copyTemplate(dataDir: string): void {
	fs.rmSync(dataDir, { recursive: true, force: true });
	fs.mkdirSync(dataDir, { recursive: true });
	fs.copyFileSync(path.join(TEMPLATE_DIR, "forma.sqlite"), path.join(dataDir, "forma.sqlite"));
	linkTree(path.join(TEMPLATE_DIR, "uploads"), path.join(dataDir, "uploads"));
}

/**
 * The production server from the build, on `port` (by default a free one), with a fresh copy of the
 * template; in its own process group (so stopping it stops everything it started); resolves once /healthz
 * answers. `log` receives what it prints (errors only); without it the output is dropped, so the server
 * may outlive the process that started it.
 */
export async function startE2eServer({
	port: fixedPort,
	log,
}: {
	port?: number;
	log?: (chunk: string) => void;
} = {}): Promise<E2eServer> {
	const port = fixedPort ?? (await freePort());
	const dataDir = dataDirFor(port);
	copyTemplate(dataDir);
	const server: ChildProcess = spawn("node", [`${BUILD_DIR}/server/server.js`, `${BUILD_DIR}/index.js`], {
		env: serverEnv(port, dataDir),
		detached: true,
		stdio: log ? ["ignore", "pipe", "pipe"] : "ignore",
	});
	let output = "";
	const onOutput = (chunk: Buffer) => {
		output += String(chunk);
		log?.(String(chunk));
	};
	server.stdout?.on("data", onOutput);
	server.stderr?.on("data", onOutput);
	const pidFile = path.join(PID_DIR, String(port));
	fs.mkdirSync(PID_DIR, { recursive: true });
	fs.writeFileSync(pidFile, String(server.pid));
	const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
	const stop = async () => {
		if (server.exitCode === null && server.signalCode === null) {
			killGroup(server.pid);
			await exited;
		}
		fs.rmSync(pidFile, { force: true });
		fs.rmSync(dataDir, { recursive: true, force: true });
	};
	const origin = `http://localhost:${port}`;
	const deadline = Date.now() + 60_000;
	for (;;) {
		if (server.exitCode !== null) {
			await stop();
			throw new Error(`the e2e server exited during start-up:\n${output}`);
		}
		if ((await fetch(`${origin}/healthz`).catch(() => null))?.ok) break;
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`the e2e server did not answer /healthz within 60 s:\n${output}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	const databasePath = path.join(dataDir, "forma.sqlite");
	const withDatabase = <T>(work: (sqlite: SQLite.Database) => T): T => {
		const sqlite = new SQLite(databasePath);
		try {
			sqlite.pragma("busy_timeout = 5000");
			return work(sqlite);
		} finally {
			sqlite.close();
		}
	};
	return {
		origin,
		port,
		dataDir,
		databasePath,
		withDatabase,
		query: <T>(sql: string, ...params: unknown[]): T[] =>
			withDatabase((sqlite) => {
				const statement = sqlite.prepare(sql);
				return (statement.reader ? statement.all(...params) : [statement.run(...params)]) as T[];
			}),
		stop,
	};
}

function killGroup(pid: number | undefined): void {
	if (!pid) return;
	try {
		process.kill(-pid, "SIGKILL");
	} catch {
		// Already gone.
	}
}

/** Stops the server this run started on `port` from another process (a teardown), and removes its data. */
export function stopServerOn(port: number | string): void {
	const pidFile = path.join(PID_DIR, String(port));
	if (fs.existsSync(pidFile)) killGroup(Number(fs.readFileSync(pidFile, "utf8")));
	fs.rmSync(pidFile, { force: true });
	fs.rmSync(dataDirFor(port), { recursive: true, force: true });
}

/** Stops the servers a crashed worker could not stop itself (the run's start and end). */
export function stopLeftoverServers(): void {
	if (!fs.existsSync(PID_DIR)) return;
	for (const port of fs.readdirSync(PID_DIR)) stopServerOn(port);
	fs.rmSync(PID_DIR, { recursive: true, force: true });
}
