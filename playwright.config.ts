import { defineConfig, devices } from "@playwright/test";
import type { TestOptions, WorkerOptions } from "./tests/e2e/fixtures";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium";

/**
 * End-to-end tests against the production build, in Debian's Chromium (docs/decisions/0011). Each worker
 * starts a production server of its own from a copy of one seeded template (tests/e2e/fixtures.ts,
 * servers.ts), so the servers need no port map and no spec shares a server with a test running meanwhile.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const chrome = { ...devices["Desktop Chrome"], channel: undefined };
/** Specs that start, stop and kill production processes of their own. */
const PROCESS_SPECS = /\/(shutdown|container|instances)\.spec\.ts$/;

export default defineConfig<TestOptions, WorkerOptions>({
	testDir: "tests/e2e",
	globalSetup: "./tests/e2e/global-setup.ts",
	// Separate folders per run, so parallel runs never delete each other's traces.
	outputDir: `test-results/artifacts-${E2E_PORT}`,
	timeout: 60_000,
	expect: { timeout: 15_000 },
	fullyParallel: true,
	workers: 2,
	forbidOnly: Boolean(process.env.CI),
	// A test that fails once is run again, with a trace; if it then passes it is flaky, and the run still
	// fails: a flake is a bug to fix, and the trace of its first failure shows where.
	retries: 1,
	failOnFlakyTests: true,
	reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
	use: {
		// Recording a trace for every test doubled the suite's time on a 2-core machine: only the retry of a
		// failed test records one. E2E_TRACE=retain-on-failure records them all when debugging locally.
		trace: (process.env.E2E_TRACE ?? "on-first-retry") as "on-first-retry" | "on" | "retain-on-failure",
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
		// Every journey, with JavaScript; `npm test` holds each script back 300 ms (E2E_SLOW_SCRIPTS).
		{ name: "js", testIgnore: PROCESS_SPECS, use: { ...chrome, javaScriptEnabled: true } },
		// The journeys whose behaviour differs without JavaScript, tagged @no-js.
		{
			name: "no-js",
			testIgnore: PROCESS_SPECS,
			grep: /@no-js/,
			use: { ...chrome, javaScriptEnabled: false },
		},
		// Proofs that need real processes of their own (SIGTERM, the container's CMD, two instances).
		{ name: "process", testMatch: PROCESS_SPECS, use: { ...chrome, serveSite: false } },
		// The security proofs that need a process or a browser (tests/security/*.spec.ts): each starts the
		// servers it attacks (tests/security/site.ts).
		{
			name: "security",
			testDir: "tests/security",
			// The HTTP-level proofs beside them (*.test.ts) are vitest's (docs/decisions/0011).
			testMatch: "**/*.spec.ts",
			use: { ...chrome, javaScriptEnabled: true },
		},
	],
});
