import { formTokenFrom } from "../support/form-page-token";
import { cspDirectives, inlineCodeHashes } from "../support/inline-code";
import { expect, test } from "./fixtures";
import { actionRoutes } from "./route-manifest";
import type { E2eServer } from "./servers";
import { ADMIN } from "./session";

/**
 * What the production server (app/server.ts) promises operators and visitors, over real HTTP. These
 * don't involve a page's scripts, so they run once, in the JavaScript project (untagged).
 */

const PROJECT = "arc-lounge-chair";

/** The URL of every route that has an action (from the build's Remix manifest), with real parameters. */
function mutatingPaths(): string[] {
	return actionRoutes({ id: PROJECT, category: "art" }).map((route) => route.url);
}

/** Requests from these addresses only: other tests on the worker's site send requests too. */
function countPurchaseRequests(site: E2eServer, ...emails: string[]): number {
	return site.withDatabase(
		(sqlite) =>
			sqlite
				.prepare(
					`select count(*) from purchase_requests where email in (${emails.map(() => "?").join(", ")})`,
				)
				.pluck()
				.get(...emails) as number,
	);
}

test("a form posted from another site is refused with 403 on every route that changes something", async ({
	request,
	baseURL,
	site,
}) => {
	const paths = mutatingPaths();
	expect(paths).toEqual(
		expect.arrayContaining(["/login", "/logout", `/project/${PROJECT}/request`, "/admin/requests"]),
	);
	const senders = ["victim@example.com", "own-origin@example.com"];
	const before = countPurchaseRequests(site, ...senders);
	for (const target of paths) {
		const response = await request.post(target, {
			headers: { Origin: "https://evil.example" },
			form: { email: "victim@example.com", phone: "+79161234567", theme: "dark", intent: "delete" },
			maxRedirects: 0,
		});
		expect(response.status(), target).toBe(403);
		expect(await response.text(), target).toContain("another site");
	}
	// Browsers that send no Origin still say where a request came from.
	const fetchMetadata = await request.post(`/project/${PROJECT}/request`, {
		headers: { "Sec-Fetch-Site": "cross-site" },
		// A valid one-time token, so that only the cross-site check can refuse it.
		form: {
			email: "victim@example.com",
			phone: "+79161234567",
			formToken: await formTokenFrom(request, `/project/${PROJECT}/request`),
		},
		maxRedirects: 0,
	});
	expect(fetchMetadata.status()).toBe(403);
	expect(await fetchMetadata.text()).toContain("another site");
	expect(countPurchaseRequests(site, ...senders)).toBe(before);

	// The same request from our own pages goes through.
	const own = await request.post(`/project/${PROJECT}/request`, {
		headers: { Origin: new URL(baseURL ?? "").origin },
		form: {
			email: "own-origin@example.com",
			phone: "+79161234567",
			formToken: await formTokenFrom(request, `/project/${PROJECT}/request`),
		},
		maxRedirects: 0,
	});
	expect(own.status()).toBeLessThan(400);
	expect(countPurchaseRequests(site, ...senders)).toBe(before + 1);
});

test("/healthz reports the database and uploads as healthy", async ({ request }) => {
	const response = await request.get("/healthz");
	expect(response.status()).toBe(200);
	expect(response.headers()["cache-control"]).toBe("no-store");
	expect(await response.json()).toEqual({ ok: true, database: true, uploads: true });
});

test("every response carries a request id, and each page view gets its own script nonce", async ({
	request,
}) => {
	// A render names its own nonce; a copy from the page cache names none (many visitors share it) and
	// allows exactly its own inline scripts by hash. Either way no two page views share a nonce.
	const nonces: string[] = [];
	for (let view = 0; view < 3; view += 1) {
		const response = await request.get("/art");
		expect(response.status()).toBe(200);
		expect(response.headers()["x-request-id"]).toMatch(/^[\w-]{8,}$/);
		const scriptSrc = cspDirectives(response.headers()["content-security-policy"]).get("script-src") ?? [];
		const body = await response.text();
		const scriptNonces = [...body.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]);
		const nonce = /'nonce-([^']+)'/.exec(scriptSrc.join(" "))?.[1];
		if (nonce) {
			// Every inline script carries this response's nonce and no other.
			expect(scriptNonces.length).toBeGreaterThan(0);
			expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
			nonces.push(nonce);
		} else {
			expect(scriptNonces).toEqual([]);
			expect(new Set(scriptSrc.filter((source) => source !== "'self'"))).toEqual(
				inlineCodeHashes(body).scripts,
			);
		}
	}
	expect(new Set(nonces).size).toBe(nonces.length);
});

test.describe(() => {
	// The browser's cache is off while a route intercepts requests: its scripts are not held back here.
	test.use({ scriptDelay: 0 });

	test("anonymous pages come from the cache compressed, and revalidate with 304", async ({
		request,
		page,
	}) => {
		await request.get("/shop");
		// A browser's request: the stored brotli copy, with a tag to revalidate it by.
		const browser = await request.get("/shop", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
		expect(browser.headers()["content-encoding"]).toBe("br");
		expect(browser.headers().vary).toMatch(/Accept-Encoding/);
		expect(browser.headers()["cache-control"]).toBe("no-cache");
		const etag = browser.headers().etag ?? "";
		expect(etag).toMatch(/^W\/".+"$/);
		expect(await browser.text()).toContain("</html>");
		// The browser asks again before using its copy: unchanged, so 304 and no body.
		const revalidated = await request.get("/shop", {
			headers: { "Accept-Encoding": "gzip, deflate, br", "If-None-Match": etag },
		});
		expect(revalidated.status()).toBe(304);
		expect(revalidated.headers().etag).toBe(etag);
		expect((await revalidated.body()).byteLength).toBe(0);
		// curl without Accept-Encoding: plain HTML, the same page.
		const plain = await request.get("/shop", { headers: { "Accept-Encoding": "" } });
		expect(plain.headers()["content-encoding"]).toBeUndefined();
		expect(plain.headers().etag).toBe(etag);
		expect(Number(plain.headers()["content-length"])).toBe((await plain.body()).byteLength);

		// Chromium gets the same: brotli, and on a reload it revalidates its copy with the tag (the server
		// answers 304; Chromium then reports its own copy's 200).
		const first = await page.goto("/shop");
		expect(await first?.headerValue("content-encoding")).toBe("br");
		const reloaded = page.waitForRequest((request) => new URL(request.url()).pathname === "/shop");
		await page.reload();
		expect(await (await reloaded).headerValue("if-none-match")).toBe(await first?.headerValue("etag"));
		await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
	});
});

test("static files are sent pre-compressed, with their own type", async ({ request }) => {
	// A script the home page names (as sent: once the page runs, React leaves the preload links out).
	const html = await (await request.get("/")).text();
	const src = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1] ?? "";
	expect(src).toMatch(/\.js$/);
	const plain = await request.get(src, { headers: { "Accept-Encoding": "" } });
	const compressed = await request.get(src, { headers: { "Accept-Encoding": "br, gzip" } });
	expect(compressed.headers()["content-encoding"]).toBe("br");
	expect(compressed.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
	expect(compressed.headers()["cache-control"]).toContain("immutable");
	expect(compressed.headers().vary).toMatch(/Accept-Encoding/);
	expect(Number(compressed.headers()["content-length"])).toBeLessThan(
		Number(plain.headers()["content-length"]),
	);
	// Playwright decodes what it was sent: the same file.
	expect((await compressed.body()).equals(await plain.body())).toBe(true);
	const gzip = await request.get(src, { headers: { "Accept-Encoding": "gzip" } });
	expect(gzip.headers()["content-encoding"]).toBe("gzip");
	const icon = await request.get("/favicon.svg", { headers: { "Accept-Encoding": "br" } });
	expect(icon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
});

/** A page cookie as the site sets it (createCookie: base64 of the JSON string, URL-encoded). */
const pageCookie = (name: string, value: string) => ({
	name,
	value: encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64")),
});

test("cached pages hydrate and navigate within their hashed CSP, in English and Russian, light and dark", async ({
	page,
	context,
	baseURL,
}) => {
	// Four visitors' worth of page loads and navigations.
	test.slow();
	const violations: string[] = [];
	await page.addInitScript(() => {
		const seen: string[] = [];
		Object.assign(window, { cspViolations: seen });
		document.addEventListener("securitypolicyviolation", (event) =>
			seen.push(`${event.violatedDirective} ${event.blockedURI} ${document.location.pathname}`),
		);
	});
	const collectViolations = async () =>
		violations.push(
			...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
		);
	page.on("console", (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
	});
	const url = new URL(baseURL ?? "").origin;
	for (const [language, theme, shop] of [
		["en", "light", "Shop"],
		["en", "dark", "Shop"],
		["ru", "light", "Магазин"],
		["ru", "dark", "Магазин"],
	] as const) {
		await context.clearCookies();
		await context.addCookies(
			[pageCookie("lng", language), pageCookie("theme", theme)].map((c) => ({ ...c, url })),
		);
		// The first visit may render and store the page; the second is the shared copy (or the browser's
		// own copy of it, revalidated with 304). Its scripts carry no nonce: they run by their hashes.
		await page.goto("/");
		await collectViolations();
		await page.goto("/");
		const nonces = await page.evaluate(() => [...document.scripts].map((script) => script.nonce));
		expect(nonces.length).toBeGreaterThan(0);
		expect(new Set(nonces), `${language} ${theme}`).toEqual(new Set([""]));
		await expect(page.locator("html")).toHaveAttribute("lang", language);
		// Hydrated: the header's player only exists with JavaScript running.
		await expect(page.getByTestId("audio-toggle").first()).toBeVisible();
		// A client-side navigation keeps the document (a full load would clear the marker).
		await page.evaluate(() => Object.assign(window, { sameDocument: true }));
		await page.getByRole("link", { name: shop, exact: true }).first().click();
		await expect(page).toHaveURL(/\/shop$/);
		expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
			true,
		);
		await collectViolations();
	}
	expect(violations).toEqual([]);
});

test("a signed-in page gets no ETag and is never kept", async ({ signInAs, page }) => {
	await signInAs(ADMIN.username);
	const response = await page.goto("/");
	expect(await response?.headerValue("cache-control")).toBe("private, no-store");
	expect(await response?.headerValue("etag")).toBeNull();
	// Even a client that claims to hold every version gets the page itself.
	expect((await page.request.get("/", { headers: { "If-None-Match": "*" } })).status()).toBe(200);
});

test("a signed-in page arrives whole and compressed in the encoding the browser asks for", async ({
	signInAs,
	page,
}) => {
	await signInAs(ADMIN.username);
	for (const [asked, sent] of [
		["gzip, deflate, br", "br"],
		["gzip", "gzip"],
		["", undefined],
	] as const) {
		const response = await page.request.get("/", { headers: { "Accept-Encoding": asked } });
		expect(response.status()).toBe(200);
		expect(response.headers()["content-encoding"]).toBe(sent);
		expect(response.headers().vary).toMatch(/Accept-Encoding/);
		// Sent whole: its length is known up front, not streamed in chunks.
		expect(Number(response.headers()["content-length"])).toBeGreaterThan(1000);
		expect(response.headers()["transfer-encoding"]).toBeUndefined();
		const html = await response.text();
		expect(html).toContain("</html>");
		expect(html).toContain(`aria-label="Account: ${ADMIN.username}"`);
	}
});
