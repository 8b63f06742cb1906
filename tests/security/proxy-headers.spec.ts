import { expect, test } from "@playwright/test";
import { fetchFormToken } from "../support/form-page-token";
import { type Site, securityPort, startSite } from "./site";

/**
 * Proxy headers (pen test): X-Forwarded-Host and request ids are a proxy's to set. Without TRUST_PROXY a
 * client's own are not believed; from a trusted proxy, a request id is kept only when it looks like one.
 */
test.describe.configure({ mode: "default" });
const PROJECT = "arc-lounge-chair";
const HUGE_ID = "A".repeat(15 * 1024);
let direct: Site;
let proxied: Site;
test.beforeAll(async () => {
	// Request log lines (info) show what would be logged.
	direct = await startSite(securityPort(21), { LOG_LEVEL: "info", TRUST_PROXY: "0" });
	proxied = await startSite(securityPort(22), { LOG_LEVEL: "info", TRUST_PROXY: "1" });
});
test.afterAll(async () => {
	await direct?.stop();
	await proxied?.stop();
});

test("proxy headers: X-Forwarded-Host from a client is not believed, so a foreign Origin stays cross-site", async () => {
	const count = () => direct.query<{ n: number }>("select count(*) as n from purchase_requests")[0]?.n;
	const before = count();
	// A valid one-time token, so that only the cross-site check can refuse it.
	const formToken = await fetchFormToken(`${direct.origin}/project/${PROJECT}/request`);
	const response = await fetch(`${direct.origin}/project/${PROJECT}/request`, {
		method: "POST",
		headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
		body: new URLSearchParams({ email: "victim@example.com", phone: "+79161234567", formToken }),
		redirect: "manual",
	});
	expect(response.status).toBe(403);
	expect(await response.text()).toContain("another site");
	expect(count()).toBe(before);
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
	await expect.poll(() => direct.output()).toContain(id);
	await expect.poll(() => direct.output()).toContain(forgedId);
	expect(direct.output()).not.toContain("A".repeat(100));
	expect(direct.output()).not.toContain("trace-me-123");
});

test("proxy headers: from a trusted proxy a well-formed request id is kept and a 15 KB one replaced", async () => {
	const kept = await fetch(`${proxied.origin}/about`, { headers: { "Fly-Request-Id": "01HXYZ-edge-42" } });
	expect(kept.headers.get("x-request-id")).toBe("01HXYZ-edge-42");
	const huge = await fetch(`${proxied.origin}/about`, { headers: { "X-Request-Id": HUGE_ID } });
	expect(huge.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
	expect(proxied.output()).not.toContain("A".repeat(100));
});
