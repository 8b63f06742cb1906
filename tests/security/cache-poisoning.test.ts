import { afterAll, beforeAll, expect, test } from "vitest";
import { type HttpSite, startHttpSite } from "../support/http-site";

/**
 * Page-cache poisoning (pen test, finding 4): the cache must never hand one visitor's language or theme to
 * everyone else. The server keys a copy on what the app resolves and skips the cache for cookies it
 * cannot read the way the app does.
 */
let site: HttpSite;
beforeAll(async () => {
	// Request log lines (info) say whether a copy was served or stored.
	site = await startHttpSite({ LOG_LEVEL: "info" });
});
afterAll(async () => {
	await site?.stop();
});

/** A page cookie as the site itself sets it (createCookie: base64 of the JSON string, URL-encoded). */
const pageCookie = (name: string, value: string) =>
	`${name}=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;

async function page(
	path: string,
	cookie?: string,
): Promise<{ status: number; html: string; headers: Headers }> {
	const response = await fetch(`${site.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
	return { status: response.status, html: await response.text(), headers: response.headers };
}

test("cache poisoning: Cookie lng=<ru>; theme=<dark>; lng=; theme= leaves / English and light for everyone else", async () => {
	const attack = `${pageCookie("lng", "ru")}; ${pageCookie("theme", "dark")}; lng=; theme=`;
	for (let round = 0; round < 3; round += 1) {
		const poisoned = await page("/", attack);
		expect(poisoned.status).toBe(200);
		// The app reads the first of each cookie: the attacker does get Russian and dark…
		expect(poisoned.html).toContain('<html lang="ru" class="dark"');
	}
	// …and nobody else does.
	for (let round = 0; round < 2; round += 1) {
		const visitor = await page("/");
		expect(visitor.status).toBe(200);
		expect(visitor.html).toContain('<html lang="en"');
		expect(visitor.html).not.toContain('class="dark"');
	}
	// The log line comes a moment after the answer, through the server's log. A visitor who arrives
	// while the copy is still being compressed waits for it and gets it as "shared"; either is the copy.
	await expect
		.poll(() => site.output(), { timeout: 15_000 })
		.toMatch(/"path":"\/","status":200[^\n]*"cache":"(hit|shared)"/);
});

test("cache poisoning: the page data (/_root.data) cannot be poisoned with a repeated language cookie", async () => {
	const attack = `${pageCookie("lng", "ru")}; lng=`;
	expect((await page("/_root.data", attack)).html).toContain('"ru"');
	const visitor = await page("/_root.data");
	expect(visitor.status).toBe(200);
	expect(visitor.html).toContain('"en"');
	expect(visitor.html).not.toContain('"language","ru"');
});

test("cache poisoning: a page cookie spelled differently from the site's (lng=<RU>) is not shared", async () => {
	const poisoned = await page("/artists", pageCookie("lng", "RU"));
	expect(poisoned.html).toContain('<html lang="ru"');
	const visitor = await page("/artists");
	expect(visitor.html).toContain('<html lang="en"');
	// A real choice still gets its own shared copy, and the internal variant header never leaves the server.
	const russian = await page("/artists", pageCookie("lng", "ru"));
	expect(russian.html).toContain('<html lang="ru"');
	expect(russian.headers.get("x-forma-variant")).toBeNull();
	expect(russian.headers.get("vary") ?? "").toMatch(/cookie/i);
});
