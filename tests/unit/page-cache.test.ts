import { describe, expect, it } from "vitest";
import { isShareableResponse, PageCache, pageCacheKey, renderCachedPage } from "~/lib/page-cache.server";

const page = (nonce: string) =>
	`<html><script nonce="${nonce}">boot()</script><p>Catalogue</p><script nonce="${nonce}"></script></html>`;
const headersWithNonce = (nonce: string) =>
	new Headers({
		"Content-Type": "text/html; charset=utf-8",
		"Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'`,
	});

describe("pageCacheKey", () => {
	it("shares pages between anonymous visitors with the same language and theme", () => {
		const anonymous = pageCacheKey({ method: "GET", url: "http://shop/art", cookieHeader: undefined });
		const russianDark = pageCacheKey({
			method: "GET",
			url: "http://shop/art",
			cookieHeader: "lng=ru; theme=dark",
		});
		expect(anonymous).not.toBeNull();
		expect(russianDark).not.toBeNull();
		expect(russianDark).not.toBe(anonymous);
		expect(pageCacheKey({ method: "GET", url: "http://shop/art?page=2", cookieHeader: undefined })).not.toBe(
			anonymous,
		);
	});

	it("never caches personal requests: sessions, toasts, writes, private paths", () => {
		const cases = [
			{ method: "GET", url: "http://shop/art", cookieHeader: "forma_session=abc" },
			{ method: "GET", url: "http://shop/art", cookieHeader: "lng=en; forma_toast=xyz" },
			{ method: "POST", url: "http://shop/art", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/admin/projects", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/account.data", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/login", cookieHeader: undefined },
			{ method: "GET", url: "http://shop/resources/images/products/a.jpg", cookieHeader: undefined },
		];
		for (const request of cases) expect(pageCacheKey(request), JSON.stringify(request)).toBeNull();
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
		const cache = new PageCache(options);
		cache.set("k", 1, 200, headersWithNonce("n1"), page("n1"), 0);
		expect(cache.get("k", 1, 1000)).toBeDefined();
		expect(cache.get("k", 2, 1000)).toBeUndefined();
		expect(cache.get("k", 1, 1000)).toBeUndefined();
		cache.set("k", 2, 200, headersWithNonce("n1"), page("n1"), 0);
		expect(cache.get("k", 2, options.ttlMs + 1)).toBeUndefined();
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
