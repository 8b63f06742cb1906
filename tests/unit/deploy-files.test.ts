import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The deployment files agree with each other. What the container does is checked by running its runtime
 * stage as written: tests/e2e/container.spec.ts.
 */
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const flyToml = fs.readFileSync("fly.toml", "utf8");
const dockerignore = fs.readFileSync(".dockerignore", "utf8").split("\n");
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
	scripts: Record<string, string>;
};

describe(".dockerignore", () => {
	it("leaves local data, secrets and dependencies out of the build context", () => {
		for (const entry of ["node_modules", "uploads/*", "db/*.sqlite*", "db/.session-secret", ".env", ".git"]) {
			expect(dockerignore).toContain(entry);
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

	it("holds no secrets: the session secret, the admin password and the mail server's URL are fly secrets", () => {
		for (const file of [flyToml, dockerfile]) {
			const settings = file.split("\n").filter((line) => !line.trim().startsWith("#"));
			expect(settings.join("\n")).not.toMatch(/\b(SESSION_SECRET|ADMIN_PASSWORD|SMTP_URL)\s*=/);
		}
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
