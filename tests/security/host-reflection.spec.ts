import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { BUILD_DIR, prepareSite, runSetup, securityPort } from "./site";

/**
 * Host header reflection: a site that built absolute URLs from a request's Host would point its sitemap,
 * robots.txt and links at an attacker's host (host-reflection.test.ts). The site names its own origin
 * (SITE_URL) instead, so production refuses to start without one: a proof about starting, so a process.
 */
test("host header reflection: production refuses to start without SITE_URL, and says so", () => {
	const { dataDir, env } = prepareSite(securityPort(26), { SITE_URL: undefined });
	try {
		const setup = runSetup(env);
		expect(setup.status).not.toBe(0);
		expect(setup.output).toMatch(/SITE_URL: is required in production/);
		const server = spawnSync("node", [`${BUILD_DIR}/server/server.js`, `${BUILD_DIR}/index.js`], {
			env,
			encoding: "utf8",
			timeout: 30_000,
		});
		expect(server.status).not.toBe(0);
		expect(`${server.stdout}${server.stderr}`).toMatch(/SITE_URL: is required in production/);
	} finally {
		fs.rmSync(dataDir, { recursive: true, force: true });
	}
});
