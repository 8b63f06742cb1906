import { test as teardown } from "@playwright/test";
import { stopServerOn } from "./servers";

/** Stops the security project's shared site (security-site.setup.ts). */
teardown("stop the security project's shared site", () => {
	stopServerOn(process.env.E2E_PORT ?? 3100);
});
