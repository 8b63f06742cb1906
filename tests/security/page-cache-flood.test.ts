import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type HttpSite, startHttpSite } from "../support/http-site";

/**
 * Saturating the CPU through the page cache (pen test, round 3): every URL the cache had not seen — a
 * random query string, another letter case, an unknown path — was rendered, compressed at brotli 11 and
 * gzip 9 and stored, although nobody would ask for it again (143 ms of CPU for `/shop?utm=<random>`,
 * 64 ms for a random 404; about 14 such requests a second filled both cores). The request log says what
 * the cache did for each request (`cache`: hit, shared, miss, bypass), found by the X-Request-Id it
 * answered with.
 */
let site: HttpSite;

beforeAll(async () => {
	site = await startHttpSite({ LOG_LEVEL: "info" });
});

afterAll(async () => {
	await site?.stop();
});

/** The language cookie as the site sets it (createCookie: base64 of the JSON string, URL-encoded). */
const RUSSIAN = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("ru")).toString("base64"))}`;

const random = () => randomBytes(6).toString("hex");

/** Fetches `path` and waits for its request log line; returns its status, ETag and cache state. */
async function visit(
	path: string,
	cookie?: string,
): Promise<{ status: number; etag: string | null; cache: string; html: string }> {
	const response = await fetch(`${site.origin}${path}`, {
		headers: { "Accept-Encoding": "br, gzip", ...(cookie ? { Cookie: cookie } : {}) },
	});
	const html = await response.text();
	const requestId = response.headers.get("x-request-id");
	expect(requestId).toBeTruthy();
	let line: string | undefined;
	await expect
		.poll(
			() => {
				line = site
					.output()
					.split("\n")
					.find(
						(candidate) =>
							candidate.includes(`"requestId":"${requestId}"`) && candidate.includes('"msg":"request"'),
					);
				return line;
			},
			{ timeout: 15_000 },
		)
		.toBeTruthy();
	const cache = /"cache":"([a-z-]+)"/.exec(line ?? "")?.[1] ?? "none";
	return { status: response.status, etag: response.headers.get("etag"), cache, html };
}

/** Visits `path` until the cache serves it (the first render stores the copy). */
async function warm(path: string) {
	for (let attempt = 0; attempt < 5; attempt++) {
		const seen = await visit(path);
		if (seen.cache === "hit") return seen;
	}
	throw new Error(`${path} was never served from the cache`);
}

test("cache flooding: /shop?utm=<random> is answered from /shop's copy, not rendered and stored anew", async () => {
	const shop = await warm("/shop");
	for (let round = 0; round < 5; round++) {
		for (const path of [
			`/shop?utm_source=${random()}`,
			`/shop?fbclid=${random()}&utm_medium=${random()}`,
			`/shop?${random()}=${random()}`,
		]) {
			const seen = await visit(path);
			expect(seen.status, path).toBe(200);
			expect(seen.cache, path).toBe("hit");
			expect(seen.etag, path).toBe(shop.etag);
		}
	}
	// What the shop reads is still its own page: another sort is another copy.
	const sorted = await visit("/shop?sort=price-asc");
	expect(sorted.cache).not.toBe("hit");
});

test("cache flooding: another letter case or a trailing slash is the same page and the same copy", async () => {
	const artists = await warm("/artists");
	for (const path of ["/Artists", "/ARTISTS", "/artists/", "/Artists/"]) {
		const seen = await visit(path);
		expect(seen.status, path).toBe(200);
		expect(seen.cache, path).toBe("hit");
		expect(seen.etag, path).toBe(artists.etag);
	}
});

test("cache flooding: random unknown paths share one not-found copy per language, whatever the path", async () => {
	for (const prefix of ["", `/collections-${random()}`]) {
		const firstPath = `${prefix}/no-such-page-${random()}`;
		const first = await visit(firstPath);
		expect(first.status).toBe(404);
		for (let round = 0; round < 5; round++) {
			const path = `${prefix}/no-such-page-${random()}`;
			const seen = await visit(path);
			expect(seen.status, path).toBe(404);
			expect(seen.cache, path).toBe("hit");
			// The copy is the same page for every unknown path, and names none of them: what one visitor
			// typed never reaches the page everyone else gets.
			expect(seen.html.includes(firstPath), path).toBe(false);
			expect(seen.html.includes(path), path).toBe(false);
		}
	}
	// Russian visitors get their own copy of the page, shared among them as well.
	await visit(`/no-such-page-${random()}`, RUSSIAN);
	const russian = await visit(`/no-such-page-${random()}`, RUSSIAN);
	expect(russian.status).toBe(404);
	expect(russian.cache).toBe("hit");
	expect(russian.html).toContain('<html lang="ru"');
});
