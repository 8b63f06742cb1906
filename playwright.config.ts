import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build, in Debian's Chromium, each spec run twice: with
 * JavaScript and without it. The server runs on its own port with a fresh database in tests/e2e/.data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The build to serve: `build/` unless FORMA_BUILD_ID names another (see remix.config.js).
const buildDir = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";

/** A fresh database and uploads folder per port, migrated and seeded, then the production server. */
function serverOn(port: number) {
	const dataDir = path.resolve(`tests/e2e/.data/${port}`);
	return {
		command: `rm -rf "${dataDir}" && node ${buildDir}/server/setup.js && node ${buildDir}/server/server.js ${buildDir}/index.js`,
		url: `http://localhost:${port}/`,
		timeout: 120_000,
		reuseExistingServer: false,
		// Errors only (LOG_LEVEL below): a failing test shows what the server logged.
		stdout: "pipe" as const,
		stderr: "pipe" as const,
		env: {
			PORT: String(port),
			NODE_ENV: "production",
			LOG_LEVEL: "error",
			DATABASE_PATH: path.join(dataDir, "forma.sqlite"),
			UPLOADS_DIR: path.join(dataDir, "uploads"),
			SESSION_SECRET: "e2e-only-secret-e2e-only-secret-e2e-only",
			ADMIN_USERNAME: "curator",
			ADMIN_PASSWORD: "e2e-curator-password",
			ADMIN_EMAIL: "curator@forma.gallery",
		},
	};
}

export default defineConfig({
	testDir: "tests/e2e",
	// Separate folders per port, so parallel runs never delete each other's traces.
	outputDir: `test-results/artifacts-${PORT}`,
	timeout: 60_000,
	expect: { timeout: 15_000 },
	fullyParallel: true,
	workers: 2,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: "retain-on-failure",
		screenshot: "only-on-failure",
		launchOptions: {
			executablePath: "/usr/bin/chromium",
			args: [
				"--no-sandbox",
				"--disable-gpu",
				"--disable-background-networking",
				"--disable-component-update",
				"--disable-sync",
				"--no-first-run",
				"--disable-quic",
			],
		},
	},
	projects: [
		{ name: "js", use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: true } },
		{ name: "no-js", use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false } },
	],
	// The site every spec uses; one for the fuzz spec (its random admin writes must not disturb the
	// others); two for the settings spec, whose site-wide switches (maintenance) would (one per project).
	webServer: [serverOn(PORT), serverOn(PORT + 1), serverOn(PORT + 2), serverOn(PORT + 3)],
});
