import { createHash, randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
	type CachedPage,
	cachedResponse,
	isShareableResponse,
	matchesEntityTag,
	negotiateEncoding,
	PageCache,
	pageCacheSlot,
} from "~/lib/page-cache.server";

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
/** A request for a page its route shares, at that page's canonical address (app/server/page-routes.ts). */
const slotOf = (cookieHeader: string | undefined, canonical = "/art") =>
	pageCacheSlot({ method: "GET", page: { canonical }, cookieHeader });

describe("pageCacheSlot", () => {
	it("shares pages between anonymous visitors whom the app renders the same page", () => {
		const anonymous = slotOf(undefined);
		expect(anonymous?.variant).toBe("en light");
		// The defaults, spelled out in cookies, are the same page.
		expect(slotOf(`${cookie("lng", "en")}; ${cookie("theme", "light")}`)?.key).toBe(anonymous?.key);
		const russianDark = slotOf(`${cookie("lng", "ru")}; ${cookie("theme", "dark")}`);
		expect(russianDark?.variant).toBe("ru dark");
		expect(russianDark?.key).not.toBe(anonymous?.key);
		expect(slotOf(undefined, "/art?page=2")?.key).not.toBe(anonymous?.key);
		// `?lng=` names the page's language; a visitor whose cookie already says so shares it.
		expect(slotOf(cookie("lng", "ru"), "/art?lng=ru")?.variant).toBe("ru light");
	});

	it("a shared ?lng= link remembers the choice even when a copy exists: a visitor without that cookie reaches the app", () => {
		// The app answers them with the language cookie (app/lib/i18n.server.ts, languageParamCookie); a copy
		// made for someone who had it already carries none, and the next page came back in English.
		expect(slotOf(undefined, "/art?lng=ru")).toBeNull();
		expect(slotOf(cookie("lng", "en"), "/art?lng=ru")).toBeNull();
		expect(slotOf(undefined, "/art?lng=en")).toBeNull();
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
		for (const url of ["/art?lng=RU", "/art?lng=ru-RU", "/art?lng=en&lng=ru"]) {
			expect(slotOf(undefined, url), url).toBeNull();
		}
	});

	it("never caches personal requests: sessions, toasts, writes, pages their routes do not share", () => {
		const art = { canonical: "/art" };
		const cases = [
			{ method: "GET", page: art, cookieHeader: "forma_session=abc" },
			{ method: "GET", page: art, cookieHeader: `${cookie("lng", "en")}; forma_toast=xyz` },
			{ method: "POST", page: art, cookieHeader: undefined },
			{ method: "DELETE", page: art, cookieHeader: undefined },
			// /admin, /account, /login, /register …: their routes do not opt in (page-routes.test.ts).
			{ method: "GET", page: null, cookieHeader: undefined },
		];
		for (const request of cases) expect(pageCacheSlot(request), JSON.stringify(request)).toBeNull();
		// A HEAD reads the same copy as the GET.
		expect(pageCacheSlot({ method: "HEAD", page: art, cookieHeader: undefined })?.key).toBe(
			slotOf(undefined)?.key,
		);
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

describe("negotiateEncoding", () => {
	it("prefers brotli, then gzip, as browsers send them", () => {
		expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
		expect(negotiateEncoding("br, gzip")).toBe("br");
		expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
		expect(negotiateEncoding("GZIP")).toBe("gzip");
	});

	it("follows q-values, and q=0 refuses a coding", () => {
		expect(negotiateEncoding("br;q=0.5, gzip")).toBe("gzip");
		expect(negotiateEncoding("br;q=0.9, gzip;q=0.9")).toBe("br");
		expect(negotiateEncoding("br;q=0, gzip;q=0.1")).toBe("gzip");
		expect(negotiateEncoding("br; q=0 , gzip ; q=0")).toBe("identity");
		expect(negotiateEncoding("gzip;q=0.5, identity")).toBe("identity");
		expect(negotiateEncoding("br;q=2")).toBe("identity");
	});

	it("reads * as every coding not listed, and identity as acceptable unless refused", () => {
		expect(negotiateEncoding("*")).toBe("br");
		expect(negotiateEncoding("br;q=0, *")).toBe("gzip");
		expect(negotiateEncoding("*;q=0, gzip")).toBe("gzip");
		expect(negotiateEncoding("identity")).toBe("identity");
		expect(negotiateEncoding("deflate")).toBe("identity");
		expect(negotiateEncoding("")).toBe("identity");
	});

	it("answers clients that send no Accept-Encoding (curl, scripts) in plain text", () => {
		expect(negotiateEncoding(undefined)).toBe("identity");
	});
});

describe("matchesEntityTag", () => {
	it("compares entity tags weakly, in a list or as *", () => {
		expect(matchesEntityTag('W/"abc"', 'W/"abc"')).toBe(true);
		expect(matchesEntityTag('"abc"', 'W/"abc"')).toBe(true);
		expect(matchesEntityTag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
		expect(matchesEntityTag("*", 'W/"abc"')).toBe(true);
		expect(matchesEntityTag('W/"abcd"', 'W/"abc"')).toBe(false);
		expect(matchesEntityTag(undefined, 'W/"abc"')).toBe(false);
		expect(matchesEntityTag("", 'W/"abc"')).toBe(false);
	});
});

describe("PageCache", () => {
	const options = { maxEntries: 2, maxBytes: 1024 * 1024, ttlMs: 60_000 };
	const stored = (cache: PageCache, key = "k", version = 1) => cache.get(key, version) as CachedPage;
	const headerOf = (headers: Array<[string, string]>, name: string) =>
		headers.find(([header]) => header.toLowerCase() === name.toLowerCase())?.[1];
	const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

	it("stores a copy without the render's nonce: its CSP lists the hashes of its own inline scripts", async () => {
		const cache = new PageCache(options);
		const headers = headersWithNonce("OLDNONCE==");
		headers.set(
			"Content-Security-Policy",
			"default-src 'self'; script-src 'self' 'nonce-OLDNONCE=='; style-src 'self' 'nonce-OLDNONCE=='",
		);
		const body =
			'<html><script nonce="OLDNONCE==">boot()</script><script src="/build/a.js" nonce="OLDNONCE=="></script>' +
			'<style nonce="OLDNONCE==">p{color:red}</style><script>line1\r\nline2</script></html>';
		await cache.set("k", 1, 200, headers, body);
		const answer = cachedResponse(stored(cache), { acceptEncoding: undefined, ifNoneMatch: undefined });
		const text = answer.body?.toString() ?? "";
		expect(text).not.toContain("OLDNONCE");
		expect(text).toContain("<script>boot()</script>");
		const csp = headerOf(answer.headers, "Content-Security-Policy") ?? "";
		expect(csp).not.toContain("nonce");
		expect(csp).toContain(`script-src 'self' ${sha256("boot()")} ${sha256("line1\nline2")};`);
		expect(csp).toContain(`style-src 'self' ${sha256("p{color:red}")}`);
		// The external script needs no hash: 'self' allows it.
		expect(csp.match(/sha256-/g)?.length).toBe(3);
	});

	it("does not share a copy whose body names the nonce anywhere but in nonce attributes", async () => {
		const cache = new PageCache(options);
		await cache.set("k", 1, 200, headersWithNonce("N1"), '<script nonce="N1">window.n="N1"</script>');
		expect(cache.get("k", 1)).toBeUndefined();
	});

	it("stores a page as plain text, and compresses it only once it is asked for again, off the request", async () => {
		const cache = new PageCache(options);
		await cache.set("k", 1, 200, headersWithNonce("n1"), page("n1"));
		// A one-off page (a random address) costs no compression at all.
		await cache.settled();
		expect(cache.get("k", 1)?.bodies.br).toBeUndefined();
		// Asked for again: served as it is now (plain text, compressed live by the server)…
		const second = cachedResponse(stored(cache), { acceptEncoding: "br, gzip", ifNoneMatch: undefined });
		expect(second.compressLive).toBe(true);
		expect(second.body?.toString()).toContain("<p>Catalogue</p>");
		// …and compressed in the background for the visits after it.
		await cache.settled();
		expect(stored(cache).bodies.br).toBeDefined();
		expect(stored(cache).bodies.gzip).toBeDefined();
	});

	it("serves a popular copy in the encoding the request accepts, with its length and encoding", async () => {
		const cache = new PageCache(options);
		await cache.set("k", 1, 200, headersWithNonce("n1"), page("n1"));
		cache.get("k", 1);
		await cache.settled();
		const entry = stored(cache);
		const plain = cachedResponse(entry, { acceptEncoding: undefined, ifNoneMatch: undefined });
		expect(plain.compressLive).toBe(false);
		expect(headerOf(plain.headers, "Content-Encoding")).toBeUndefined();
		expect(plain.body?.toString()).toBe(
			"<html><script>boot()</script><p>Catalogue</p><script></script></html>",
		);
		const br = cachedResponse(entry, { acceptEncoding: "gzip, deflate, br", ifNoneMatch: undefined });
		expect(headerOf(br.headers, "Content-Encoding")).toBe("br");
		expect(headerOf(br.headers, "Content-Length")).toBe(String(br.body?.byteLength));
		expect(zlib.brotliDecompressSync(br.body as Buffer).toString()).toBe(plain.body?.toString());
		const gz = cachedResponse(entry, { acceptEncoding: "gzip", ifNoneMatch: undefined });
		expect(headerOf(gz.headers, "Content-Encoding")).toBe("gzip");
		expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(plain.body?.toString());
		for (const answer of [plain, br, gz]) {
			expect(headerOf(answer.headers, "Vary")).toMatch(/Accept-Encoding/);
			expect(headerOf(answer.headers, "Cache-Control")).toBe("no-cache");
			expect(headerOf(answer.headers, "ETag")).toBe(entry.etag);
		}
	});

	it("answers a current If-None-Match with 304 and no body, in any encoding", async () => {
		const cache = new PageCache(options);
		await cache.set("k", 1, 200, headersWithNonce("n1"), page("n1"));
		const entry = stored(cache);
		expect(entry.etag).toMatch(/^W\/"[\w-]+"$/);
		const notModified = cachedResponse(entry, { acceptEncoding: "br", ifNoneMatch: entry.etag });
		expect(notModified.status).toBe(304);
		expect(notModified.body).toBeNull();
		expect(
			Object.fromEntries(notModified.headers.map(([name, value]) => [name.toLowerCase(), value])),
		).toEqual({
			etag: entry.etag,
			vary: "Accept-Encoding",
			"cache-control": "no-cache",
		});
		const changed = cachedResponse(entry, { acceptEncoding: "br", ifNoneMatch: 'W/"older"' });
		expect(changed.status).toBe(200);
		// The same page text has the same tag, whatever nonce its render had; other text another.
		await cache.set("same", 1, 200, headersWithNonce("n2"), page("n2"));
		expect(stored(cache, "same").etag).toBe(entry.etag);
		await cache.set("other", 1, 200, headersWithNonce("n2"), page("n2").replace("Catalogue", "Shop"));
		expect(stored(cache, "other").etag).not.toBe(entry.etag);
	});

	it("never answers 304 for a page that is not found", async () => {
		const cache = new PageCache(options);
		await cache.set("k", 1, 404, headersWithNonce("n1"), page("n1"));
		const entry = stored(cache);
		expect(cachedResponse(entry, { acceptEncoding: "br", ifNoneMatch: entry.etag }).status).toBe(404);
	});

	it("drops a copy when the database version moves on or it is too old", async () => {
		let now = 1000;
		const cache = new PageCache(options, { now: () => now });
		await cache.set("k", 1, 200, headersWithNonce("n1"), page("n1"));
		now += 1000;
		expect(cache.get("k", 1)).toBeDefined();
		expect(cache.get("k", 2)).toBeUndefined();
		expect(cache.get("k", 1)).toBeUndefined();
		await cache.set("k", 2, 200, headersWithNonce("n1"), page("n1"));
		now += options.ttlMs - 1;
		expect(cache.get("k", 2)).toBeDefined();
		now += 2;
		expect(cache.get("k", 2)).toBeUndefined();
	});

	it("keeps its bodies within maxBytes, and no page bigger than a tenth of it", async () => {
		// Random text: compression barely shrinks it.
		const body = (bytes: number) => randomBytes(bytes).toString("base64").slice(0, bytes);
		const cache = new PageCache({ maxEntries: 100, maxBytes: 30_000, ttlMs: 60_000 });
		const headers = new Headers({ "Content-Type": "text/html" });
		await cache.set("big", 1, 200, headers, body(3500));
		expect(cache.get("big", 1)).toBeUndefined();
		// Pages seen once share a quarter of the room.
		for (let index = 0; index < 11; index++) await cache.set(`p${index}`, 1, 200, headers, body(1150));
		expect(cache.size).toBeLessThan(11);
		expect(cache.get("p0", 1)).toBeUndefined();
		expect(cache.get("p10", 1)).toBeDefined();
	});

	it("cache flooding: one-off pages push out only each other, never a page asked for again", async () => {
		const cache = new PageCache(options);
		await cache.set("home", 1, 200, headersWithNonce("n"), page("n"));
		expect(cache.get("home", 1)).toBeDefined();
		for (let index = 0; index < 50; index++) {
			await cache.set(`random-${index}`, 1, 200, headersWithNonce("n"), page("n"));
		}
		expect(cache.get("home", 1)).toBeDefined();
		expect(cache.get("random-48", 1)).toBeUndefined();
		expect(cache.get("random-49", 1)).toBeDefined();
		expect(cache.size).toBeLessThanOrEqual(options.maxEntries + 1);
	});

	it("keeps the most recently used popular pages within its limits", async () => {
		const cache = new PageCache(options);
		for (const key of ["a", "b"]) {
			await cache.set(key, 1, 200, headersWithNonce("n"), page("n"));
			cache.get(key, 1);
		}
		cache.get("a", 1);
		await cache.set("c", 1, 200, headersWithNonce("n"), page("n"));
		cache.get("c", 1);
		expect(cache.get("b", 1)).toBeUndefined();
		expect(cache.get("a", 1)).toBeDefined();
		expect(cache.get("c", 1)).toBeDefined();
	});

	it("does nothing when turned off", async () => {
		const cache = new PageCache({ ...options, maxEntries: 0 });
		await cache.set("a", 1, 200, headersWithNonce("n"), page("n"));
		expect(cache.get("a", 1)).toBeUndefined();
	});
});
