import { expect, test } from "./fixtures";

/**
 * What a browser makes of the production server's promises (the promises themselves, over HTTP, are
 * tests/security/server.test.ts): Chromium gets compressed pages and revalidates them, and cached pages
 * hydrate within their hashed CSP. Only the JavaScript project: it is about the page's scripts.
 */
test.skip(({ js }) => !js, "about scripts and the browser's cache: the JavaScript run is enough");

test("Chromium gets a cached anonymous page compressed, and revalidates its copy with the tag on a reload", async ({
	page,
}) => {
	// The browser's cache is off while a route intercepts requests (tests/e2e/fixtures.ts, slowScripts).
	test.skip(Boolean(process.env.E2E_SLOW_SCRIPTS), "the browser revalidates only with its cache on");
	// Brotli, and on a reload the tag it was sent (the server answers 304; Chromium then reports its own
	// copy's 200). What the server sends each client is proven over HTTP in tests/security/server.test.ts.
	await page.request.get("/shop");
	const first = await page.goto("/shop");
	expect(await first?.headerValue("content-encoding")).toBe("br");
	const reloaded = page.waitForRequest((request) => new URL(request.url()).pathname === "/shop");
	await page.reload();
	expect(await (await reloaded).headerValue("if-none-match")).toBe(await first?.headerValue("etag"));
	await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
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
