import { describe, expect, it } from "vitest";
import { isShareableResponse, PageCache, pageCacheSlot, renderCachedPage } from "~/lib/page-cache.server";

const page = (nonce: string) =>
	`<html><script nonce="${nonce}">boot()</script><p>Catalogue</p><script nonce="${nonce}"></script></html>`;
const headersWithNonce = (nonce: string) =>
	new Headers({
		"Content-Type": "text/html; charset=utf-8",
		"Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'`,
	});

/** A page cookie as the site sets it (createCookie: base64 of the JSON string, URL-encoded). */
const cookie = (name: string, value: string) =>
	`${name}=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;
const slotOf = (cookieHeader: string | undefined, url = "http://shop/art") =>
	pageCacheSlot({ method: "GET", url, cookieHeader });

describe("pageCacheSlot", () => {
	it("shares pages between anonymous visitors whom the app renders the same page", () => {
		const anonymous = slotOf(undefined);
		expect(anonymous?.variant).toBe("en light");
		// The defaults, spelled out in cookies, are the same page.
		expect(slotOf(`${cookie("lng", "en")}; ${cookie("theme", "light")}`)?.key).toBe(anonymous?.key);
		const russianDark = slotOf(`${cookie("lng", "ru")}; ${cookie("theme", "dark")}`);
		expect(russianDark?.variant).toBe("ru dark");
		expect(russianDark?.key).not.toBe(anonymous?.key);
		expect(slotOf(undefined, "http://shop/art?page=2")?.key).not.toBe(anonymous?.key);
		// `?lng=` wins over the cookie, as in the app.
		expect(slotOf(cookie("lng", "en"), "http://shop/art?lng=ru")?.variant).toBe("ru light");
	});

	it("cache poisoning: a repeated page cookie (lng=<ru>; theme=<dark>; lng=; theme=) skips the cache", () => {
		const attack = `${cookie("lng", "ru")}; ${cookie("theme", "dark")}; lng=; theme=`;
		expect(slotOf(attack)).toBeNull();
		expect(slotOf(`${cookie("theme", "dark")}; ${cookie("theme", "light")}`)).toBeNull();
	});

	it("cache poisoning: page cookies or ?lng= values the app would read differently skip the cache", () => {
		for (const header of [
			"lng=ru",
			`${cookie("lng", "RU")}`,
			`${cookie("lng", "de")}`,
			`${cookie("theme", "sepia")}`,
			"lng=",
			"lng",
			`lng="${Buffer.from('"ru"').toString("base64")}"`,
			`${Buffer.from('"ru"').toString("base64")}`,
		]) {
			expect(slotOf(header), header).toBeNull();
		}
		for (const url of [
			"http://shop/art?lng=RU",
			"http://shop/art?lng=ru-RU",
			"http://shop/art?lng=ru&lng=en",
		]) {
			expect(slotOf(undefined, url), url).toBeNull();
		}
	});

	it("never caches personal requests: sessions, toasts, writes, private paths", () => {
		const cases = [
			{ method: "GET", url: "http://shop/art", cookieHeader: "forma_session=abc" },
			{ method: "GET", url: "http://shop/art", cookieHeader: `${cookie("lng", "en")}; forma_toast=xyz` },
			{ method: "POST", url: "http://shop/art", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/admin/projects", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/account.data", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/login", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/resources/images/projects/a.jpg", cookieHeader: undefined },
		];
		for (const request of cases) expect(pageCacheSlot(request), JSON.stringify(request)).toBeNull();
	});
});

describe("isShareableResponse", () => {
	it("shares pages and page data, not responses that set cookies or are private", () => {
		expect(isShareableResponse(200, headersWithNonce("n"))).toBe(true);
		expect(isShareableResponse(404, headersWithNonce("n"))).toBe(true);
		expect(isShareableResponse(200, new Headers({ "Content-Type": "text/x-script" }))).toBe(true);
		expect(isShareableResponse(500, headersWithNonce("n"))).toBe(false);
		expect(isShareableResponse(302, new Headers({ "Content-Type": "text/html" }))).toBe(false);
		const withCookie = headersWithNonce("n");
		withCookie.append("Set-Cookie", "lng=ru");
		expect(isShareableResponse(200, withCookie)).toBe(false);
		const noStore = headersWithNonce("n");
		noStore.set("Cache-Control", "no-store");
		expect(isShareableResponse(200, noStore)).toBe(false);
		expect(isShareableResponse(200, new Headers({ "Content-Type": "image/webp" }))).toBe(false);
	});
});

describe("PageCache", () => {
	const options = { maxEntries: 2, maxBytes: 1024 * 1024, ttlMs: 60_000 };

	it("serves each copy with a fresh nonce, the same in the header and every script", () => {
		const cache = new PageCache(options);
		cache.set("k", 1, 200, headersWithNonce("OLDNONCE=="), page("OLDNONCE=="));
		const first = renderCachedPage(cache.get("k", 1) as NonNullable<ReturnType<typeof cache.get>>);
		const second = renderCachedPage(cache.get("k", 1) as NonNullable<ReturnType<typeof cache.get>>);
		const nonceOf = (headers: Array<[string, string]>) =>
			/'nonce-([^']+)'/.exec(headers.find(([name]) => name === "content-security-policy")?.[1] ?? "")?.[1];
		const firstNonce = nonceOf(first.headers);
		expect(firstNonce).toBeDefined();
		expect(firstNonce).not.toBe("OLDNONCE==");
		expect(nonceOf(second.headers)).not.toBe(firstNonce);
		const body = Buffer.concat(first.chunks).toString();
		expect(body).toBe(page(firstNonce ?? ""));
		expect(first.length).toBe(Buffer.byteLength(body));
		expect(body).not.toContain("OLDNONCE");
	});

	it("drops a copy when the database version moves on or it is too old", () => {
		let now = 1000;
		const cache = new PageCache(options, { now: () => now });
		cache.set("k", 1, 200, headersWithNonce("n1"), page("n1"));
		now += 1000;
		expect(cache.get("k", 1)).toBeDefined();
		expect(cache.get("k", 2)).toBeUndefined();
		expect(cache.get("k", 1)).toBeUndefined();
		cache.set("k", 2, 200, headersWithNonce("n1"), page("n1"));
		now += options.ttlMs - 1;
		expect(cache.get("k", 2)).toBeDefined();
		now += 2;
		expect(cache.get("k", 2)).toBeUndefined();
	});

	it("keeps its bodies within maxBytes, and no page bigger than a tenth of it", () => {
		const body = (bytes: number) => "x".repeat(bytes);
		const cache = new PageCache({ maxEntries: 100, maxBytes: 10_000, ttlMs: 60_000 });
		const headers = new Headers({ "Content-Type": "text/html" });
		cache.set("big", 1, 200, headers, body(1001));
		expect(cache.get("big", 1)).toBeUndefined();
		for (let index = 0; index < 11; index++) cache.set(`p${index}`, 1, 200, headers, body(1000));
		expect(cache.size).toBe(10);
		expect(cache.get("p0", 1)).toBeUndefined();
		expect(cache.get("p10", 1)).toBeDefined();
	});

	it("keeps the most recently used pages within its limits", () => {
		const cache = new PageCache(options);
		cache.set("a", 1, 200, headersWithNonce("n"), page("n"));
		cache.set("b", 1, 200, headersWithNonce("n"), page("n"));
		cache.get("a", 1);
		cache.set("c", 1, 200, headersWithNonce("n"), page("n"));
		expect(cache.size).toBe(2);
		expect(cache.get("b", 1)).toBeUndefined();
		expect(cache.get("a", 1)).toBeDefined();
		expect(cache.get("c", 1)).toBeDefined();
	});

	it("does nothing when turned off", () => {
		const cache = new PageCache({ ...options, maxEntries: 0 });
		cache.set("a", 1, 200, headersWithNonce("n"), page("n"));
		expect(cache.get("a", 1)).toBeUndefined();
	});
});
