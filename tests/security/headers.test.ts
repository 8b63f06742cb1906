import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { ADMIN, BUILD_DIR, type HttpSite, startHttpSite } from "../support/http-site";
import { inlineCodeHashes } from "../support/inline-code";
import { plain } from "../support/plain";
import { rawRequest } from "./http-client";
import { signIn } from "./site";

/**
 * What the response headers promise the browser (docs/decisions/0008-security-headers.md): https only,
 * no powerful features, media and styles only from this site. The attacks here are what a missing header
 * lets through: a downgrade to http, an injected script asking for the camera, a <style> or an audio
 * track from another site. (That the pages render within that policy in a browser is headers.spec.ts.)
 */
let site: HttpSite;
beforeAll(async () => {
	site = await startHttpSite();
});
afterAll(async () => {
	await site?.stop();
});

const get = (path: string) => fetch(`${site.origin}${path}`);

/** The Content-Security-Policy as directive → sources. */
function directives(csp: string | null): Map<string, string[]> {
	const parsed = new Map<string, string[]>();
	for (const part of (csp ?? "").split(";")) {
		const [name, ...sources] = part.trim().split(/\s+/);
		if (name) parsed.set(name, sources);
	}
	return parsed;
}

const PAGES = [
	"/",
	"/?lng=ru",
	"/shop",
	"/project/terra-modular-sofa",
	"/artists",
	"/login",
	"/no-such-page",
];

test("downgrade and feature abuse: HSTS and Permissions-Policy on every page and data response", async () => {
	for (const path of [...PAGES, "/shop.data"]) {
		const response = await get(path);
		expect([200, 404], path).toContain(response.status);
		const headers = response.headers;
		expect(headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
		const policy = headers.get("permissions-policy") ?? "";
		for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
			expect(policy, path).toContain(`${feature}=()`);
		}
	}
});

test("foreign media and inline styles: the CSP allows media and <style> only from this site", async () => {
	for (const path of PAGES) {
		const csp = directives((await get(path)).headers.get("content-security-policy"));
		expect(csp.get("media-src"), path).toEqual(["'self'"]);
		const styles = csp.get("style-src") ?? [];
		expect(styles, path).not.toContain("'unsafe-inline'");
		// A rendered page allows its nonce; a shared copy from the page cache the hashes of its own <style>s.
		const others = styles.filter((source) => source !== "'self'");
		expect(
			others.every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source)) ||
				(others.length === 1 && /^'nonce-[A-Za-z0-9+/=]+'$/.test(others[0] ?? "")),
			`${path}: ${styles.join(" ")}`,
		).toBe(true);
		// React's style attributes (positions, aspect ratios) cannot carry a nonce: only they stay inline.
		expect(csp.get("style-src-attr"), path).toEqual(["'unsafe-inline'"]);
		expect(csp.get("script-src"), path).not.toContain("'unsafe-inline'");
	}
});

test("stale nonce from the page cache: every cached copy names one fresh nonce in its CSP and its body", async () => {
	// A nonce is a secret of one response: a copy shared by many visitors must not carry one (an attacker who
	// saw it could use it in an injected script for everyone else). So no nonce is ever sent twice, and a
	// cached copy allows exactly its own inline scripts and styles, by hash.
	const nonces: string[] = [];
	let sharedCopies = 0;
	// The first request may render and store the page; the others are copies from the page cache.
	for (let round = 0; round < 4; round += 1) {
		const response = await get("/artists");
		const csp = directives(response.headers.get("content-security-policy") ?? "");
		const body = await response.text();
		const scriptSources = (csp.get("script-src") ?? []).filter((source) => source !== "'self'");
		const styleSources = (csp.get("style-src") ?? []).filter((source) => source !== "'self'");
		const inBody = [...body.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]);
		const nonce = /^'nonce-([^']+)'$/.exec(scriptSources[0] ?? "")?.[1];
		if (nonce) {
			// A render of its own: one nonce, in both directives and on every nonce attribute.
			expect(scriptSources).toEqual([`'nonce-${nonce}'`]);
			expect(styleSources).toEqual([`'nonce-${nonce}'`]);
			expect(new Set(inBody)).toEqual(new Set([nonce]));
			nonces.push(nonce);
			continue;
		}
		sharedCopies += 1;
		expect(inBody, "a shared copy names no nonce").toEqual([]);
		expect([...scriptSources, ...styleSources].join(" ")).not.toMatch(/nonce-|unsafe-inline|unsafe-eval/);
		// Exactly the copy's own inline code is allowed: an injected script matches none of these hashes.
		const hashes = inlineCodeHashes(body);
		expect(hashes.scripts.size).toBeGreaterThan(0);
		expect(new Set(scriptSources)).toEqual(hashes.scripts);
		expect(new Set(styleSources)).toEqual(hashes.styles);
	}
	expect(sharedCopies, "the page cache served the repeat visits").toBeGreaterThanOrEqual(3);
	expect(new Set(nonces).size, "no nonce is sent twice").toBe(nonces.length);
});

/**
 * The administrator's POST of the settings' general tab, as a browser on the site would send it: with the
 * settings' version the page was shown with (docs/decisions/0023).
 */
async function saveGeneral(cookie: string, audioUrl: string, language = "en"): Promise<Response> {
	const settings = await db.selectFrom("settings").select("version").executeTakeFirst();
	const version = String(settings?.version ?? 1);
	return fetch(`${site.origin}/admin/settings?tab=general&lng=${language}`, {
		method: "POST",
		headers: { Cookie: cookie, Origin: site.origin },
		body: new URLSearchParams({ tab: "general", shopName: "FORMA", audioUrl, version }),
		redirect: "manual",
	});
}

/** What every answer carries, whatever made it (the security-headers step of app/server/app.ts). */
function expectCommonHeaders(headers: Record<string, string>, what: string) {
	expect(headers["x-content-type-options"], what).toBe("nosniff");
	expect(headers["x-frame-options"], what).toBe("DENY");
	expect(headers["strict-transport-security"], what).toBe("max-age=31536000; includeSubDomains");
	expect(headers["referrer-policy"], what).toBeTruthy();
	expect(headers["permissions-policy"] ?? "", what).toContain("camera=()");
	const csp = directives(headers["content-security-policy"] ?? null);
	expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
	expect(csp.has("default-src"), what).toBe(true);
}

test("side doors without headers: robots.txt, sitemap, locale files, JSON, CSV, files, image errors, the cross-site 403 and /healthz carry nosniff, frame options, HSTS and a CSP", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	const home = await (await fetch(`${site.origin}/`)).text();
	const script = /\/build[^"]*\/entry\.client-[\w-]+\.js/.exec(home)?.[0];
	expect(script, "the home page names its script").toBeTruthy();
	const image = /\/resources\/images\/[^"'\s,?]+/.exec(home)?.[0];
	expect(image, "the home page names an image").toBeTruthy();
	const gets: Array<[string, Record<string, string>, number]> = [
		["/robots.txt", {}, 200],
		["/sitemap.xml", {}, 200],
		["/locales/en/common", {}, 200],
		["/locales/xx/nothing", {}, 404],
		["/admin/requests/export.csv", { Cookie: cookie }, 200],
		[script ?? "", { "Accept-Encoding": "br" }, 200],
		[script ?? "", {}, 200],
		[`/${BUILD_DIR}/no-such-file.js`, {}, 404],
		["/favicon.svg", { "Accept-Encoding": "gzip" }, 200],
		["/favicon.svg", {}, 200],
		[image ?? "", {}, 200],
		["/resources/images/projects/no-such-image.jpg", {}, 404],
		["/resources/images/projects/not-an-image.txt", {}, 404],
		["/healthz", {}, 200],
	];
	for (const [path, headers, status] of gets) {
		const response = await fetch(`${site.origin}${path}`, { headers, redirect: "manual" });
		expect(response.status, path).toBe(status);
		expectCommonHeaders(Object.fromEntries(response.headers), path);
	}
	const crossSite = await fetch(`${site.origin}/resources/theme`, {
		method: "POST",
		headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
		body: "theme=dark",
		redirect: "manual",
	});
	expect(crossSite.status).toBe(403);
	expectCommonHeaders(Object.fromEntries(crossSite.headers), "the cross-site 403");
	const imagePost = await rawRequest(site.port, [
		"POST /resources/images/projects/a.jpg HTTP/1.1",
		`Host: localhost:${site.port}`,
		"Content-Length: 0",
	]);
	expect(imagePost.status).toBe(405);
	expectCommonHeaders(imagePost.headers, "an image's 405");
	// A 304 adds nothing: its headers would replace the stored page's in the browser's cache (a page's
	// own policy with a policy that allows nothing, and the page would no longer run).
	const page = await fetch(`${site.origin}/about`);
	await page.arrayBuffer();
	const etag = (await fetch(`${site.origin}/about`)).headers.get("etag") ?? "";
	expect(etag).not.toBe("");
	const revalidated = await fetch(`${site.origin}/about`, { headers: { "If-None-Match": etag } });
	expect(revalidated.status).toBe(304);
	expect(revalidated.headers.get("content-security-policy")).toBeNull();
});

test("an admin cannot point the audio player at another site", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	const storedAudioUrl = async () =>
		(await db.selectFrom("settings").select("audio_url").executeTakeFirst())?.audio_url;
	const before = await storedAudioUrl();
	expect(before).toBe("/audio/forma-loop.mp3");
	for (const foreign of [
		"https://evil.example/track.mp3",
		"//evil.example/track.mp3",
		"/.//evil.example/track.mp3",
		"/\\evil.example/track.mp3",
		"javascript:alert(1)",
		"data:audio/mpeg;base64,AAAA",
	]) {
		const response = await saveGeneral(cookie, foreign);
		expect(response.status, foreign).toBe(400);
		expect(plain(await response.text()), foreign).toContain("Enter a path on this site that starts with /");
		expect(await storedAudioUrl(), foreign).toBe(before);
	}
	const russian = await saveGeneral(cookie, "https://evil.example/track.mp3", "ru");
	expect(russian.status).toBe(400);
	expect(plain(await russian.text())).toContain("Укажите путь на этом сайте, начинающийся с /");

	// A file on this site is fine.
	expect((await saveGeneral(cookie, "/audio/night-loop.mp3")).status).toBe(302);
	expect(await storedAudioUrl()).toBe("/audio/night-loop.mp3");
});
