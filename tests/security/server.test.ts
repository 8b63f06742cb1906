import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { actionRoutes } from "../e2e/route-manifest";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { cspDirectives, inlineCodeHashes } from "../support/inline-code";
import { signIn } from "./site";

/**
 * What the production server (app/server/app.ts) promises operators and visitors, over real HTTP. What a
 * browser makes of it (cached pages hydrating within their CSP, Chromium revalidating its copy) is
 * tests/e2e/server.spec.ts.
 */
const PROJECT = "arc-lounge-chair";
let site: HttpSite;

beforeAll(async () => {
	site = await startHttpSite();
});
afterAll(async () => {
	await site?.stop();
});

/** The URL of every route that has an action (from the build's Remix manifest), with real parameters. */
function mutatingPaths(): string[] {
	return actionRoutes({ id: PROJECT, category: "art" }).map((route) => route.url);
}

async function countPurchaseRequests(...emails: string[]): Promise<number> {
	return (await db.selectFrom("purchase_requests").select("id").where("email", "in", emails).execute())
		.length;
}

/** A form post as a browser sends it, with `headers` of its own; redirects are not followed. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
	return fetch(`${site.origin}${path}`, {
		method: "POST",
		headers,
		body: new URLSearchParams(fields),
		redirect: "manual",
	});
}

test("a form posted from another site is refused with 403 on every route that changes something", async () => {
	const paths = mutatingPaths();
	expect(paths).toEqual(
		expect.arrayContaining(["/login", "/logout", `/project/${PROJECT}/request`, "/admin/canned-replies"]),
	);
	const senders = ["victim@example.com", "own-origin@example.com"];
	const before = await countPurchaseRequests(...senders);
	for (const target of paths) {
		const response = await postForm(
			target,
			{ email: "victim@example.com", phone: "+79161234567", theme: "dark", intent: "delete" },
			{ Origin: "https://evil.example" },
		);
		expect(response.status, target).toBe(403);
		expect(await response.text(), target).toContain("another site");
	}
	// Browsers that send no Origin still say where a request came from.
	const fetchMetadata = await postForm(
		`/project/${PROJECT}/request`,
		{
			email: "victim@example.com",
			...GIVEN_CONSENT,
			phone: "+79161234567",
			// A valid one-time token, so that only the cross-site check can refuse it.
			formToken: await fetchFormToken(`${site.origin}/project/${PROJECT}/request`),
		},
		{ "Sec-Fetch-Site": "cross-site" },
	);
	expect(fetchMetadata.status).toBe(403);
	expect(await fetchMetadata.text()).toContain("another site");
	expect(await countPurchaseRequests(...senders)).toBe(before);

	// The same request from our own pages goes through.
	const own = await postForm(
		`/project/${PROJECT}/request`,
		{
			email: "own-origin@example.com",
			...GIVEN_CONSENT,
			phone: "+79161234567",
			formToken: await fetchFormToken(`${site.origin}/project/${PROJECT}/request`),
		},
		{ Origin: site.origin },
	);
	expect(own.status).toBeLessThan(400);
	expect(await countPurchaseRequests(...senders)).toBe(before + 1);
});

test("/healthz reports the database and uploads as healthy", async () => {
	const response = await fetch(`${site.origin}/healthz`);
	expect(response.status).toBe(200);
	expect(response.headers.get("cache-control")).toBe("no-store");
	expect(await response.json()).toEqual({ ok: true, database: true, uploads: true });
});

test("every response carries a request id, and each page view gets its own script nonce", async () => {
	// A render names its own nonce; a copy from the page cache names none (many visitors share it) and
	// allows exactly its own inline scripts by hash. Either way no two page views share a nonce.
	const nonces: string[] = [];
	for (let view = 0; view < 3; view += 1) {
		const response = await fetch(`${site.origin}/art`);
		expect(response.status).toBe(200);
		expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
		const scriptSrc = cspDirectives(response.headers.get("content-security-policy")).get("script-src") ?? [];
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

/** A GET that asks for the encodings given (fetch decodes what it is sent, as Playwright did). */
const getEncoded = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
	fetch(`${site.origin}${path}`, { headers: { "Accept-Encoding": acceptEncoding, ...headers } });

test("anonymous pages come from the cache compressed, and revalidate with 304", async () => {
	await fetch(`${site.origin}/shop`);
	// A browser's request: the stored brotli copy, with a tag to revalidate it by.
	const browser = await getEncoded("/shop", "gzip, deflate, br");
	expect(browser.headers.get("content-encoding")).toBe("br");
	expect(browser.headers.get("vary")).toMatch(/Accept-Encoding/);
	expect(browser.headers.get("cache-control")).toBe("no-cache");
	const etag = browser.headers.get("etag") ?? "";
	expect(etag).toMatch(/^W\/".+"$/);
	expect(await browser.text()).toContain("</html>");
	// The browser asks again before using its copy: unchanged, so 304 and no body.
	const revalidated = await getEncoded("/shop", "gzip, deflate, br", { "If-None-Match": etag });
	expect(revalidated.status).toBe(304);
	expect(revalidated.headers.get("etag")).toBe(etag);
	expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
	// curl without Accept-Encoding: plain HTML, the same page.
	const plain = await getEncoded("/shop", "");
	expect(plain.headers.get("content-encoding")).toBeNull();
	expect(plain.headers.get("etag")).toBe(etag);
	expect(Number(plain.headers.get("content-length"))).toBe((await plain.arrayBuffer()).byteLength);
});

test("static files are sent pre-compressed, with their own type", async () => {
	// The first script the home page loads (its own <script src> or a module preload).
	const home = await (await fetch(`${site.origin}/`)).text();
	const src =
		/<(?:script[^>]*\ssrc|link[^>]*\srel="modulepreload"[^>]*\shref)="([^"]+)"/.exec(home)?.[1] ?? "";
	expect(src).toMatch(/\.js$/);
	const plain = await getEncoded(src, "");
	const compressed = await getEncoded(src, "br, gzip");
	expect(compressed.headers.get("content-encoding")).toBe("br");
	expect(compressed.headers.get("content-type")).toMatch(/^(application|text)\/javascript/);
	expect(compressed.headers.get("cache-control")).toContain("immutable");
	expect(compressed.headers.get("vary")).toMatch(/Accept-Encoding/);
	expect(Number(compressed.headers.get("content-length"))).toBeLessThan(
		Number(plain.headers.get("content-length")),
	);
	// fetch decodes what it was sent: the same file.
	expect(Buffer.from(await compressed.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer()))).toBe(
		true,
	);
	const gzip = await getEncoded(src, "gzip");
	expect(gzip.headers.get("content-encoding")).toBe("gzip");
	const icon = await getEncoded("/favicon.svg", "br");
	expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
});

test("a signed-in page gets no ETag and is never kept", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	const response = await fetch(`${site.origin}/`, { headers: { Cookie: cookie } });
	expect(response.headers.get("cache-control")).toBe("private, no-store");
	expect(response.headers.get("etag")).toBeNull();
	// Even a client that claims to hold every version gets the page itself.
	const claimed = await fetch(`${site.origin}/`, { headers: { Cookie: cookie, "If-None-Match": "*" } });
	expect(claimed.status).toBe(200);
});

test("a signed-in page arrives whole and compressed in the encoding the browser asks for", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	for (const [asked, sent] of [
		["gzip, deflate, br", "br"],
		["gzip", "gzip"],
		["", null],
	] as const) {
		const response = await getEncoded("/", asked, { Cookie: cookie });
		expect(response.status).toBe(200);
		expect(response.headers.get("content-encoding")).toBe(sent);
		expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
		// Sent whole: its length is known up front, not streamed in chunks.
		expect(Number(response.headers.get("content-length"))).toBeGreaterThan(1000);
		expect(response.headers.get("transfer-encoding")).toBeNull();
		const html = await response.text();
		expect(html).toContain("</html>");
		expect(html).toContain(`aria-label="Account: ${ADMIN.username}"`);
	}
});
