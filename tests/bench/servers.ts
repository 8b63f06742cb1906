/**
 * The two servers the bench compares: FORMA's production build served by our own server (app/server.ts,
 * bundled to build/server/server.js) over a freshly seeded database, and the floor (./floor: a bare Remix
 * 2.17 app served by remix-serve). Each runs in its own process group, so stopping it ends everything it
 * started.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface RunningServer {
	origin: string;
	/** The server's process id (its own process group): its CPU time is read from /proc. */
	pid: number;
	stop(): Promise<void>;
}

export interface BenchUser {
	username: string;
	email: string;
	password: string;
	/** An administrator (default: an ordinary user). */
	admin?: boolean;
}

const FLOOR_DIR = path.resolve(import.meta.dirname, "floor");

/** Where a FORMA checkout keeps a build: `build/` or, with FORMA_BUILD_ID, `build-<id>/`. */
export function formaBuildDir(buildId: string | undefined): string {
	return buildId ? `build-${buildId}` : "build";
}

/**
 * The environment for FORMA on `port`, with a database and uploads folder set up by the build's own setup
 * script (migrate and seed) and one ordinary user.
 */
export function prepareFormaData(options: {
	checkout: string;
	buildDir: string;
	dataDir: string;
	port: number;
	user: BenchUser;
	/** More accounts to create. */
	users?: BenchUser[];
}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: "production",
		DATABASE_PATH: path.join(options.dataDir, "forma.sqlite"),
		UPLOADS_DIR: path.join(options.dataDir, "uploads"),
		SESSION_SECRET: randomBytes(32).toString("hex"),
		LOG_LEVEL: "warn",
		PORT: String(options.port),
		SITE_URL: `http://localhost:${options.port}`,
	};
	for (const script of ["setup.js", "user-create.js"]) {
		const file = path.join(options.buildDir, "server", script);
		if (!fs.existsSync(path.join(options.checkout, file))) {
			throw new Error(`${file} is missing in ${options.checkout}: run \`npm run build\` there first.`);
		}
	}
	run("node", [path.join(options.buildDir, "server", "setup.js")], options.checkout, env);
	for (const { username, email, password, admin } of [options.user, ...(options.users ?? [])]) {
		run(
			"node",
			[
				path.join(options.buildDir, "server", "user-create.js"),
				`--username=${username}`,
				`--email=${email}`,
				`--password=${password}`,
				...(admin ? ["--admin"] : []),
			],
			options.checkout,
			env,
		);
	}
	return env;
}

export async function startForma(options: {
	checkout: string;
	buildDir: string;
	env: NodeJS.ProcessEnv;
}): Promise<RunningServer> {
	const origin = options.env.SITE_URL ?? "";
	const child = spawn(
		"node",
		[path.join(options.buildDir, "server", "server.js"), path.join(options.buildDir, "index.js")],
		{
			cwd: options.checkout,
			env: options.env,
			detached: true,
			stdio: ["ignore", "ignore", "inherit"],
		},
	);
	return running(child, origin);
}

/** Builds the floor (a few seconds) with the repository's own Remix compiler. */
export function buildFloor(): void {
	run(path.resolve("node_modules/.bin/remix"), ["build"], FLOOR_DIR, {
		...process.env,
		NODE_ENV: "production",
	});
}

export async function startFloor(port: number): Promise<RunningServer> {
	const origin = `http://localhost:${port}`;
	const child = spawn(path.resolve("node_modules/.bin/remix-serve"), ["build/index.js"], {
		cwd: FLOOR_DIR,
		env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
		detached: true,
		// remix-serve logs every request on stdout.
		stdio: ["ignore", "ignore", "inherit"],
	});
	return running(child, origin);
}

async function running(child: ChildProcess, origin: string): Promise<RunningServer> {
	const stop = async (): Promise<void> => {
		if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((resolve) => child.once("exit", resolve));
		try {
			process.kill(-child.pid, "SIGTERM");
		} catch {
			return; // Already gone.
		}
		await exited;
	};
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`the server for ${origin} exited during start-up`);
		try {
			if ((await fetch(`${origin}/`)).ok) return { origin, pid: child.pid ?? 0, stop };
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	await stop();
	throw new Error(`${origin} did not answer within a minute`);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
	const result = spawnSync(command, args, { cwd, env, stdio: ["ignore", "ignore", "inherit"] });
	if (result.status !== 0) throw new Error(`${path.basename(command)} ${args[0] ?? ""} failed in ${cwd}`);
}

/** Signs in through the login form, as a browser does, and returns the session cookie to send. */
export async function signInCookie(origin: string, username: string, password: string): Promise<string> {
	const response = await fetch(`${origin}/login`, {
		method: "POST",
		body: new URLSearchParams({ username, password }),
		redirect: "manual",
	});
	const session = response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(";")[0] ?? "")
		.find((pair) => pair.startsWith("forma_session=") && pair.length > "forma_session=".length);
	if (response.status !== 302 || !session) {
		throw new Error(`signing in as ${username} failed: HTTP ${response.status}`);
	}
	return session;
}
