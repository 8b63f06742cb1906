/**
 * `npm test`: every check in order, then one closing line, "N passed, M failed", counted from the test
 * runners' JSON reports (typecheck, lint and the build count as one check each). Exits non-zero if
 * anything failed or a runner did not report. Extra arguments go to Playwright (e.g. a spec file).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "forma-test-reports-"));
let passed = 0;
let failed = 0;

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
	console.log(`\n> ${[command, ...args].join(" ")}`);
	const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
	return result.status === 0;
}

/** A check without a test count: one pass or one failure. */
function check(command: string, args: string[]): boolean {
	const ok = run(command, args);
	if (ok) passed += 1;
	else failed += 1;
	return ok;
}

function readJson<T>(file: string): T | undefined {
	try {
		return JSON.parse(fs.readFileSync(file, "utf8")) as T;
	} catch {
		return undefined;
	}
}

/**
 * Debian's postgresql and chromium, when missing (a fresh CI machine), are installed in the background while
 * the checks below run: downloading and unpacking them is mostly waiting. One shell runs the two scripts one
 * after the other (apt takes one at a time), each into a log and an exit-code file, so it goes on while this
 * process waits synchronously for the checks; what a script printed is shown with its result.
 */
const POSTGRES_INSTALL = "tests/support/ensure-postgres.sh";
const CHROMIUM_INSTALL = "tests/e2e/ensure-chromium.sh";
const installFile = (script: string, ending: string) =>
	path.join(reports, `${path.basename(script)}.${ending}`);
spawn(
	"sh",
	[
		"-c",
		[POSTGRES_INSTALL, CHROMIUM_INSTALL]
			.map(
				(script) =>
					`sh ${script} > "${installFile(script, "log")}" 2>&1; echo $? > "${installFile(script, "code")}"`,
			)
			.join("; "),
	],
	{ stdio: "ignore" },
).unref();

/** Waits for a background install to end and counts it as one check. */
async function installed(script: string): Promise<boolean> {
	console.log(`\n> sh ${script}`);
	// The code file is complete once it ends with its newline (it may be seen a moment before).
	const readCode = () =>
		fs.existsSync(installFile(script, "code")) ? fs.readFileSync(installFile(script, "code"), "utf8") : "";
	let code = readCode();
	while (!code.endsWith("\n")) {
		await new Promise((resolve) => setTimeout(resolve, 200));
		code = readCode();
	}
	process.stdout.write(fs.readFileSync(installFile(script, "log"), "utf8"));
	const ok = code.trim() === "0";
	if (ok) passed += 1;
	else failed += 1;
	return ok;
}

check("npx", ["tsc", "--noEmit"]);
check("npx", ["biome", "check", "--error-on-warnings", "."]);

/** One vitest run, counted from its JSON report. */
function vitest(name: string, env: Record<string, string> = {}): void {
	const report = path.join(reports, `${name}.json`);
	const ok = run(
		"npx",
		["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
		env,
	);
	const results = readJson<{ numPassedTests: number; numFailedTests: number }>(report);
	passed += results?.numPassedTests ?? 0;
	failed += results?.numFailedTests ?? 0;
	// A crash before any test ran (or a failure outside tests, such as a setup error) still fails the run.
	if (!ok && (results?.numFailedTests ?? 0) === 0) failed += 1;
}

// The production build first: the HTTP-level tests serve it in their own process (tests/support/http-site.ts),
// and the browser tests serve it too.
const built = check("npm", ["run", "build"]);

// Unit and integration tests on SQLite, then the integration tests again on a throwaway PostgreSQL
// (installed with apt-get when missing, like chromium below; tests/support/postgres-cluster.ts).
vitest("vitest");
if (await installed(POSTGRES_INSTALL)) vitest("vitest-postgres", { FORMA_TEST_DATABASE: "postgres" });

if ((await installed(CHROMIUM_INSTALL)) && built) {
	const playwrightReport = path.join(reports, "playwright.json");
	const playwrightOk = run("npx", ["playwright", "test", "--reporter=list,json", ...process.argv.slice(2)], {
		PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
		// Each of the site's scripts held back 300 ms (tests/e2e/fixtures.ts): a journey that acts before the
		// page has come to life fails every time, on the change that makes it, not now and then.
		E2E_SLOW_SCRIPTS: process.env.E2E_SLOW_SCRIPTS ?? "300",
	});
	const stats = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
		playwrightReport,
	)?.stats;
	// Flaky (failed, then passed on its retry) counts as failed, as it fails the run (failOnFlakyTests in
	// playwright.config.ts): its first try's trace says why.
	passed += stats?.expected ?? 0;
	failed += (stats?.unexpected ?? 0) + (stats?.flaky ?? 0);
	if (!playwrightOk && (stats?.unexpected ?? 0) + (stats?.flaky ?? 0) === 0) failed += 1;
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
