import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { signIn } from "./site";

/**
 * Signed-in pages in shared caches (pen test): every answer to a signed-in visitor is `private, no-store`,
 * and every page and page data varies by cookie. (That expired sessions do not pile up — purged when the
 * server starts and every hour — is tests/integration/expired-sessions.test.ts.)
 */
const PROJECT = "arc-lounge-chair";
let site: HttpSite;
beforeAll(async () => {
	site = await startHttpSite();
});
afterAll(async () => {
	await site?.stop();
});

const PAGES = ["/", "/art", `/project/${PROJECT}`, "/_root.data", `/project/${PROJECT}.data`, "/account"];

test("private pages: a signed-in visitor's pages and page data are private, no-store and vary by cookie", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	for (const path of PAGES) {
		const response = await fetch(`${site.origin}${path}`, {
			headers: { Cookie: cookie },
			redirect: "manual",
		});
		expect(response.status, path).toBe(200);
		expect(response.headers.get("cache-control"), path).toBe("private, no-store");
		expect(response.headers.get("vary") ?? "", path).toMatch(/\bcookie\b/i);
	}
});

test("private pages: anonymous pages may be shared but still vary by cookie", async () => {
	for (const path of PAGES.filter((page) => page !== "/account")) {
		const response = await fetch(`${site.origin}${path}`);
		expect(response.status, path).toBe(200);
		expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/private/);
		expect(response.headers.get("vary") ?? "", path).toMatch(/\bcookie\b/i);
	}
});
