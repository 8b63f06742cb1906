import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { seedPicturesDir } from "~db/seed/seed";

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

describe("Dockerfile", () => {
	it("gives the image the seed's pictures, where the first start's seed reads them", () => {
		const runtime = dockerfile.split(/^FROM /m).at(-1) ?? "";
		const pictures = path.relative(process.cwd(), seedPicturesDir());
		expect(runtime).toMatch(/^WORKDIR \/app$/m);
		expect(runtime.split("\n")).toContain(`COPY --from=build /app/${pictures} ./${pictures}`);
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

describe("compose.yaml", () => {
	const compose = fs.readFileSync("compose.yaml", "utf8");
	/** Compose's ${NAME:-default} read as its default; ${NAME:?message} as what the person would set. */
	const required: Record<string, string> = {
		SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
		ADMIN_PASSWORD: "a-long-password",
	};
	const resolve = (value: string) =>
		value
			.replace(/^"(.*)"$/, "$1")
			.replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name: string, fallback: string) => fallback)
			.replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) => required[name] ?? "");
	/** The replicas' environment (the x-app block both share). */
	const block = /^x-app:[\s\S]*?^ {2}environment:\n([\s\S]*?)^ {2}depends_on:/m.exec(compose)?.[1] ?? "";
	const appEnv = Object.fromEntries(
		[...block.matchAll(/^ {4}([A-Z0-9_]+): (.+)$/gm)].map(([, name = "", value = ""]) => [
			name,
			resolve(value),
		]),
	);
	const serviceBlock = (name: string) =>
		new RegExp(`^ {2}${name}:\\n([\\s\\S]*?)(?=^ {2}[\\w-]+:\\n|^\\S)`, "m").exec(compose)?.[1] ?? "";

	it("gives the replicas only variables the app reads, and a configuration it accepts", () => {
		expect(Object.keys(appEnv).length).toBeGreaterThan(10);
		const parsed: Record<string, unknown> = parseEnv(appEnv);
		for (const [name, value] of Object.entries(appEnv)) {
			// A name the app does not know would be dropped by the parser (a typo, a renamed variable).
			if (value !== "") expect(parsed[name], name).toBeDefined();
		}
		expect(parsed.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
		expect(parsed.S3_FORCE_PATH_STYLE).toBe(true);
		expect(parsed.TRUST_PROXY).toBe(1);
	});

	it("shares one database, one bucket and one key pair, behind the proxy alone", () => {
		const dockerPort = /PORT=(\d+)/.exec(dockerfile)?.[1];
		expect(appEnv.PORT).toBe(dockerPort);
		const postgres = serviceBlock("postgres");
		const password = /POSTGRES_PASSWORD: (.+)/.exec(postgres)?.[1] ?? "";
		expect(appEnv.DATABASE_URL).toContain(`forma:${resolve(password)}@`);
		// The store's account, the bucket job's and the replicas' are one.
		expect(compose).toContain(`"accessKey": "${appEnv.S3_ACCESS_KEY_ID}"`);
		expect(resolve(/"secretKey": "([^"]+)"/.exec(compose)?.[1] ?? "")).toBe(appEnv.S3_SECRET_ACCESS_KEY);
		const bucketJob = serviceBlock("bucket");
		expect(resolve(/AWS_ACCESS_KEY_ID: (.+)/.exec(bucketJob)?.[1] ?? "")).toBe(appEnv.S3_ACCESS_KEY_ID);
		expect(resolve(/AWS_SECRET_ACCESS_KEY: (.+)/.exec(bucketJob)?.[1] ?? "")).toBe(
			appEnv.S3_SECRET_ACCESS_KEY,
		);
		expect(/AWS_ENDPOINT_URL: (.+)/.exec(bucketJob)?.[1]).toBe(appEnv.S3_ENDPOINT);
		expect(bucketJob).toContain(`create-bucket --bucket ${appEnv.S3_BUCKET}`);
		// Only the proxy publishes a port (TRUST_PROXY=1 believes whoever reaches a replica), and it sends
		// to both replicas on the app's port, checking /healthz.
		expect(compose.match(/^ {4}ports:/gm)).toHaveLength(1);
		expect(serviceBlock("proxy")).toContain("ports:");
		expect(compose).toContain(`reverse_proxy app-1:${appEnv.PORT} app-2:${appEnv.PORT}`);
		expect(compose).toMatch(/health_uri \/healthz/);
	});
});
