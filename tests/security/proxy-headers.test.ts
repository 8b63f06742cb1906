import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { type HttpSite, startHttpSite } from "../support/http-site";

/**
 * Proxy headers (pen test): X-Forwarded-Host and request ids are a proxy's to set. Without TRUST_PROXY a
 * client's own are not believed; from a trusted proxy, a request id is kept only when it looks like one.
 */
const PROJECT = "arc-lounge-chair";
const HUGE_ID = "A".repeat(15 * 1024);

// Two sites, one after the other (a site's environment is the process's while it loads).
describe("reached directly", () => {
	let direct: HttpSite;
	beforeAll(async () => {
		// Request log lines (info) show what would be logged.
		direct = await startHttpSite({ LOG_LEVEL: "info", TRUST_PROXY: "0" });
	});
	afterAll(async () => {
		await direct?.stop();
	});

	test("proxy headers: X-Forwarded-Host from a client is not believed, so a foreign Origin stays cross-site", async () => {
		const count = async () => (await db.selectFrom("purchase_requests").select("id").execute()).length;
		const before = await count();
		// A valid one-time token, so that only the cross-site check can refuse it.
		const formToken = await fetchFormToken(`${direct.origin}/project/${PROJECT}/request`);
		const response = await fetch(`${direct.origin}/project/${PROJECT}/request`, {
			method: "POST",
			headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
			body: new URLSearchParams({
				...GIVEN_CONSENT,
				email: "victim@example.com",
				phone: "+79161234567",
				formToken,
			}),
			redirect: "manual",
		});
		expect(response.status).toBe(403);
		expect(await response.text()).toContain("another site");
		expect(await count()).toBe(before);
	});

	test("proxy headers: a client's 15 KB X-Request-Id is neither echoed nor logged", async () => {
		const response = await fetch(`${direct.origin}/about`, {
			headers: { "X-Request-Id": HUGE_ID },
		});
		expect(response.status).toBe(200);
		const id = response.headers.get("x-request-id") ?? "";
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		// A short, well-formed one is not believed from a client either.
		const forged = await fetch(`${direct.origin}/about`, { headers: { "X-Request-Id": "trace-me-123" } });
		const forgedId = forged.headers.get("x-request-id") ?? "";
		expect(forgedId).toMatch(/^[0-9a-f-]{36}$/);
		// Both requests' log lines, which come a moment after the answers.
		await expect.poll(() => direct.output(), { timeout: 15_000 }).toContain(id);
		await expect.poll(() => direct.output(), { timeout: 15_000 }).toContain(forgedId);
		expect(direct.output()).not.toContain("A".repeat(100));
		expect(direct.output()).not.toContain("trace-me-123");
	});
});

describe("behind a trusted proxy", () => {
	let proxied: HttpSite;
	beforeAll(async () => {
		proxied = await startHttpSite({ LOG_LEVEL: "info", TRUST_PROXY: "1" });
	});
	afterAll(async () => {
		await proxied?.stop();
	});

	test("proxy headers: from a trusted proxy a well-formed request id is kept and a 15 KB one replaced", async () => {
		const kept = await fetch(`${proxied.origin}/about`, { headers: { "Fly-Request-Id": "01HXYZ-edge-42" } });
		expect(kept.headers.get("x-request-id")).toBe("01HXYZ-edge-42");
		const huge = await fetch(`${proxied.origin}/about`, { headers: { "X-Request-Id": HUGE_ID } });
		expect(huge.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
		expect(proxied.output()).not.toContain("A".repeat(100));
	});
});
