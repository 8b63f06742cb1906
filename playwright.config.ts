import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { MAIL_FROM, MAIL_PORT } from "./tests/e2e/mailbox";
import {
	ADMIN,
	ARTIST_WRITES_PORT,
	CATALOGUE_WRITES_PORT,
	dataDirFor,
	FIRST_PORT,
	SESSION_SECRET,
} from "./tests/e2e/servers";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium";

/**
 * End-to-end tests against the production build, in Debian's Chromium, each spec run twice: with
 * JavaScript and without it. The server runs on its own port with a fresh database in tests/e2e/.data.
 */
const PORT = FIRST_PORT;
// The build to serve: `build/` unless FORMA_BUILD_ID names another (see remix.config.js).
const buildDir = process.env.FORMA_BUILD_ID ? `build-${process.env.FORMA_BUILD_ID}` : "build";

/**
 * A freshly seeded site: the first server migrates and seeds a template database and uploads folder;
 * each server starts from its own copy (seeding resizes every catalogue image, so once is enough), runs
 * setup (migrations; a seed of its own if there was no finished template to copy), then serves.
 */
const template = path.resolve(`tests/e2e/.data/template-${PORT}`);
function serverOn(port: number) {
	const dataDir = dataDirFor(port);
	const makeTemplate =
		port === PORT
			? `rm -rf "${template}" && DATABASE_PATH="${template}/forma.sqlite" UPLOADS_DIR="${template}/uploads" node ${buildDir}/server/setup.js && touch "${template}/.ready" && `
			: "";
	const copyTemplate = `{ if [ -f "${template}/.ready" ]; then cp -R "${template}" "${dataDir}"; fi; }`;
	return {
		command: `${makeTemplate}rm -rf "${dataDir}" && ${copyTemplate} && node ${buildDir}/server/setup.js && node ${buildDir}/server/server.js ${buildDir}/index.js`,
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
			SESSION_SECRET,
			SITE_URL: `http://localhost:${port}`,
			ADMIN_USERNAME: ADMIN.username,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_EMAIL: ADMIN.email,
			// The run's own mail server (tests/e2e/mail-setup.ts): specs read what the site sent.
			SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
			MAIL_FROM,
		},
	};
}

export default defineConfig({
	testDir: "tests/e2e",
	globalSetup: "./tests/e2e/mail-setup.ts",
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
		// Recording a trace for every test doubled the suite's time on a 2-core machine, and CI shows only
		// the printed output; E2E_TRACE=retain-on-failure brings traces back when debugging locally.
		trace: (process.env.E2E_TRACE ?? "off") as "off" | "on" | "retain-on-failure",
		screenshot: "only-on-failure",
		// Visitors who ask for less motion get a still site (spec: respect prefers-reduced-motion). Most
		// journeys run that way: looping animations cost CPU the other tests need. The specs about motion
		// itself (home hero, project gallery autoplay) switch it back on.
		reducedMotion: "reduce",
		// One browser context per worker, reset between tests by Playwright (cookies, storage, cache, extra
		// pages, routes, emulation): a fresh context and renderer per test cost a fifth of the suite's time.
		// Every visitor state our tests build lives in cookies; journeys with several people open their own
		// contexts. E2E_FRESH_CONTEXTS=1 brings back a new context per test.
		reuseContext: !process.env.E2E_FRESH_CONTEXTS,
		launchOptions: {
			executablePath: CHROMIUM_PATH,
			args: CHROMIUM_FLAGS,
		},
	},
	projects: [
		{ name: "js", use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: true } },
		{ name: "no-js", use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false } },
		// Attacker journeys (tests/security): HTTP-level, so one run; most start a server of their own.
		{
			name: "security",
			testDir: "tests/security",
			// The *.test.ts files beside the specs are vitest's (rules proven against the database in process).
			testMatch: "**/*.spec.ts",
			use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: true },
		},
	],
	// The site every spec uses; one for the fuzz spec (its random admin writes must not disturb the
	// others); two for the settings spec, whose site-wide switches (maintenance) would (one per project);
	// one for the specs that add projects and slides, which the shop, artist and home specs count; one for
	// the admin-artists spec, which renames seeded artists.
	// E2E_SERVERS=1 starts only the first (enough for most single specs and the security suite).
	webServer: [
		serverOn(PORT),
		serverOn(PORT + 1),
		serverOn(PORT + 2),
		serverOn(PORT + 3),
		serverOn(CATALOGUE_WRITES_PORT),
		serverOn(ARTIST_WRITES_PORT),
	].slice(0, Number(process.env.E2E_SERVERS ?? 6)),
});
