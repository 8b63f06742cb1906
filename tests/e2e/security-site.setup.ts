import { test as setup } from "@playwright/test";
import { startE2eServer } from "./servers";

/**
 * The site the security project's specs reach through `baseURL` (most start servers of their own,
 * tests/security/site.ts): a setup project run before them, on E2E_PORT, stopped by its teardown project
 * (security-site.teardown.ts) or at the run's end.
 */
setup("start the security project's shared site", async () => {
	await startE2eServer({ port: Number(process.env.E2E_PORT ?? 3100) });
});
