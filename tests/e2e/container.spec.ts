import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { BUILD_DIR, freePort } from "./servers";

/**
 * The container as the Dockerfile describes it, without a Docker engine (there is none here): its runtime
 * stage is read from the Dockerfile itself — the files it copies from the build, its ENV, its CMD and its
 * HEALTHCHECK — and run as written against the build these tests use, with /data in a temporary folder.
 * A Dockerfile whose CMD names a file the build does not make, whose ENV points the database elsewhere than
 * the volume, or whose image lacks a package the server imports fails here.
 */
test.setTimeout(120_000);

const buildDir = BUILD_DIR;
const dockerfile = fs.readFileSync("Dockerfile", "utf8").replace(/\\\n/g, " ");
const runtime = dockerfile.split(/^FROM /m).at(-1) ?? "";
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
	dependencies: Record<string, string>;
};

function instruction(name: string): string {
	const match = new RegExp(`^${name} (.+)$`, "m").exec(runtime);
	if (!match?.[1]) throw new Error(`the Dockerfile's runtime stage has no ${name}`);
	return match[1];
}

/** `ENV A=1 B=2` → { A: "1", B: "2" } */
function runtimeEnv(): Record<string, string> {
	return Object.fromEntries(
		[...instruction("ENV").matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1] as string, match[2] as string]),
	);
}

/** The exec-form command after CMD (or after HEALTHCHECK's options). */
function execForm(line: string): string[] {
	return JSON.parse(line.slice(line.indexOf("["))) as string[];
}

test("the container's CMD migrates, seeds and serves from the /data volume, and its HEALTHCHECK passes", async () => {
	const PORT = await freePort();
	const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-container-app-"));
	const volume = fs.mkdtempSync(path.join(os.tmpdir(), "forma-container-data-"));
	let server: ChildProcess | undefined;
	try {
		// The image holds only what the runtime stage copies from the build stage.
		const copied = [...runtime.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map(
			(match) => match[2] as string,
		);
		expect(copied).toEqual(expect.arrayContaining(["build", "node_modules", "package.json", "public"]));
		for (const entry of copied) {
			const source = path.resolve(entry === "build" ? buildDir : entry);
			expect(fs.existsSync(source), `${entry} exists after npm run build`).toBe(true);
			fs.mkdirSync(path.dirname(path.join(appDir, entry)), { recursive: true });
			fs.symlinkSync(source, path.join(appDir, entry));
		}
		const env: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: process.env.PATH, HOME: os.tmpdir() };
		for (const [key, value] of Object.entries(runtimeEnv()))
			env[key] = value.replace(/^\/data(?=\/|$)/, volume);
		expect(env.DATABASE_PATH?.startsWith(volume)).toBe(true);
		expect(env.UPLOADS_DIR?.startsWith(volume)).toBe(true);
		// What only a deployment knows (fly.toml's [env] and secrets): the Dockerfile has no default for them.
		Object.assign(env, {
			PORT: String(PORT),
			SESSION_SECRET: "container-check-secret-container-check",
			SITE_URL: `http://localhost:${PORT}`,
		});

		const [command, ...args] = execForm(instruction("CMD"));
		server = spawn(command as string, args, { cwd: appDir, env, detached: true, stdio: "ignore" });
		const [healthCommand, ...healthArgs] = execForm(instruction("HEALTHCHECK"));
		await expect
			.poll(() => spawnSync(healthCommand as string, healthArgs, { cwd: appDir, env }).status, {
				timeout: 90_000,
				intervals: [500],
			})
			.toBe(0);

		const home = await fetch(`http://localhost:${PORT}/`);
		expect(home.status).toBe(200);
		expect(await home.text()).toContain("FORMA");
		expect(fs.existsSync(path.join(volume, "forma.sqlite"))).toBe(true);
		expect(fs.readdirSync(path.join(volume, "uploads")).length).toBeGreaterThan(0);

		// CMD execs the server, so the container's SIGTERM reaches it and it stops cleanly.
		const exited = new Promise<number | null>((resolve) => server?.once("exit", resolve));
		process.kill(-(server.pid as number), "SIGTERM");
		expect(await exited).toBe(0);
		server = undefined;
	} finally {
		// A CMD that failed has exited already: its failure, not this kill's, is the test's.
		if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGKILL");
		fs.rmSync(appDir, { recursive: true, force: true });
		fs.rmSync(volume, { recursive: true, force: true });
	}
});

test("every package the production build imports is a production dependency, so npm prune --omit=dev keeps it", () => {
	const bundles = [
		path.join(buildDir, "index.js"),
		...fs.readdirSync(path.join(buildDir, "server")).map((file) => path.join(buildDir, "server", file)),
	].filter((file) => file.endsWith(".js"));
	const imported = new Set<string>();
	for (const bundle of bundles) {
		const source = fs.readFileSync(bundle, "utf8");
		// `from` as a keyword only (not the end of "mail.from"), and a specifier never spans whitespace.
		for (const match of source.matchAll(
			/(?<![\w.$])(?:from\s*|import\s*\(\s*|import\s+)["']([^"'./\s][^"'\s]*)["']/g,
		)) {
			const specifier = match[1] as string;
			if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0] as string))
				continue;
			const name = specifier.startsWith("@")
				? specifier.split("/").slice(0, 2).join("/")
				: specifier.split("/")[0];
			imported.add(name as string);
		}
	}
	expect(imported.size).toBeGreaterThan(5);
	const missing = [...imported].filter((name) => !packageJson.dependencies[name]);
	expect(missing).toEqual([]);
});
