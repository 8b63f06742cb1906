import fs from "node:fs";
import { describe, expect, it } from "vitest";

/** No Docker engine runs here, so the container's promises are checked line by line. */
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const flyToml = fs.readFileSync("fly.toml", "utf8");
const dockerignore = fs.readFileSync(".dockerignore", "utf8").split("\n");
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
	scripts: Record<string, string>;
	dependencies: Record<string, string>;
};

/** The instructions of the last stage (the image that runs). */
function runtimeStage(): string {
	const stages = dockerfile.split(/^FROM /m);
	return stages[stages.length - 1] ?? "";
}

describe("Dockerfile", () => {
	it("builds in one node:22-bookworm-slim stage and runs in another", () => {
		const froms = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)].map((match) => match[1]);
		expect(froms).toEqual(["node:22-bookworm-slim", "node:22-bookworm-slim"]);
		expect(dockerfile).toMatch(/apt-get install[^\n]*python3 make g\+\+/);
		expect(dockerfile).toMatch(/RUN npm run build && npm prune --omit=dev/);
	});

	it("runs as a non-root user with only production dependencies, the build and public files", () => {
		const runtime = runtimeStage();
		expect(runtime).toMatch(/^USER forma$/m);
		const copied = [...runtime.matchAll(/^COPY --from=build \/app\/(\S+)/gm)].map((match) => match[1]);
		expect(copied.sort()).toEqual(["build", "node_modules", "package.json", "public"]);
		expect(runtime).not.toMatch(/apt-get install/);
	});

	it("keeps data on the /data volume, checks health, and migrates before serving", () => {
		const runtime = runtimeStage();
		expect(runtime).toMatch(/DATABASE_PATH=\/data\/forma\.sqlite/);
		expect(runtime).toMatch(/UPLOADS_DIR=\/data\/uploads/);
		expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
		expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
		expect(runtime).toMatch(
			/CMD \["sh", "-c", "node build\/server\/setup\.js && exec node build\/server\/server\.js build\/index\.js"\]/,
		);
		// The files the CMD runs are what `npm run build` produces.
		expect(packageJson.scripts.build).toContain("build:server");
		expect(packageJson.scripts["build:server"]).toMatch(/app\/server\.ts db\/cli\/setup\.ts/);
	});

	it("leaves local data, secrets and dependencies out of the build context", () => {
		for (const entry of ["node_modules", "uploads/*", "db/*.sqlite*", "db/.session-secret", ".env", ".git"]) {
			expect(dockerignore).toContain(entry);
		}
	});

	it("needs no development tool at run time", () => {
		for (const tool of ["tsx", "@remix-run/dev", "@remix-run/serve", "vitest"]) {
			expect(packageJson.dependencies[tool]).toBeUndefined();
		}
	});
});

describe("fly.toml", () => {
	it("mounts the data volume, serves the container's port and checks /healthz", () => {
		expect(flyToml).toMatch(/\[mounts\][\s\S]*destination = "\/data"/);
		const port = /^\s*PORT = "(\d+)"/m.exec(flyToml)?.[1];
		expect(port).toBe(/PORT=(\d+)/.exec(dockerfile)?.[1]);
		expect(flyToml).toMatch(new RegExp(`internal_port = ${port}`));
		expect(flyToml).toMatch(/path = "\/healthz"/);
		expect(flyToml).toMatch(/auto_stop_machines = "stop"/);
		expect(flyToml).toMatch(/kill_signal = "SIGTERM"/);
	});

	it("names the public origin (production refuses to start without SITE_URL)", () => {
		expect(flyToml).toMatch(/^\s*SITE_URL = "https:\/\/[^"/]+"$/m);
	});
});

describe("npm start", () => {
	it("runs the production server with a local SITE_URL unless one is set", () => {
		expect(packageJson.scripts.start).toContain(`SITE_URL="\${SITE_URL:-http://localhost:\${PORT:-3000}}"`);
	});
});
