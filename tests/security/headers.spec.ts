import { expect, type Page, test } from "@playwright/test";
import { inlineCodeHashes } from "../support/inline-code";
import { plain } from "../support/plain";
import { rawRequest } from "./http-client";
import { ADMIN, BUILD_DIR, type Site, securityPort, signIn, startSite } from "./site";

/**
 * What the response headers promise the browser (docs/decisions/0008-security-headers.md): https only,
 * no powerful features, media and styles only from this site. The attacks here are what a missing header
 * lets through: a downgrade to http, an injected script asking for the camera, a <style> or an audio
 * track from another site.
 */

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

test("downgrade and feature abuse: HSTS and Permissions-Policy on every page and data response", async ({
	request,
}) => {
	for (const path of [...PAGES, "/shop.data"]) {
		const response = await request.get(path);
		expect([200, 404], path).toContain(response.status());
		const headers = response.headers();
		expect(headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
		const policy = headers["permissions-policy"] ?? "";
		for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
			expect(policy, path).toContain(`${feature}=()`);
		}
	}
});

test("foreign media and inline styles: the CSP allows media and <style> only from this site", async ({
	request,
}) => {
	for (const path of PAGES) {
		const csp = directives((await request.get(path)).headers()["content-security-policy"] ?? null);
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

test("stale nonce from the page cache: every cached copy names one fresh nonce in its CSP and its body", async ({
	request,
}) => {
	// A nonce is a secret of one response: a copy shared by many visitors must not carry one (an attacker who
	// saw it could use it in an injected script for everyone else). So no nonce is ever sent twice, and a
	// cached copy allows exactly its own inline scripts and styles, by hash.
	const nonces: string[] = [];
	let sharedCopies = 0;
	// The first request may render and store the page; the others are copies from the page cache.
	for (let round = 0; round < 4; round += 1) {
		const response = await request.get("/artists");
		const csp = directives(response.headers()["content-security-policy"] ?? "");
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

/** What every answer carries, whatever made it (the security-headers middleware of app/server/start.ts). */
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
	const site = await startSite(securityPort(34));
	try {
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
	} finally {
		await site.stop();
	}
});

/**
 * The administrator's POST of the settings' general tab, as a browser on the site would send it: with the
 * settings' version the page was shown with (docs/decisions/0023).
 */
function saveGeneral(site: Site, cookie: string, audioUrl: string, language = "en"): Promise<Response> {
	const version = String(site.query<{ version: number }>("SELECT version FROM settings")[0]?.version ?? 1);
	return fetch(`${site.origin}/admin/settings?tab=general&lng=${language}`, {
		method: "POST",
		headers: { Cookie: cookie, Origin: site.origin },
		body: new URLSearchParams({ tab: "general", shopName: "FORMA", audioUrl, version }),
		redirect: "manual",
	});
}

test("an admin cannot point the audio player at another site", async () => {
	const site = await startSite(securityPort(27));
	try {
		const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
		const storedAudioUrl = () =>
			site.query<{ audio_url: string }>("SELECT audio_url FROM settings")[0]?.audio_url;
		const before = storedAudioUrl();
		expect(before).toBe("/audio/forma-loop.mp3");
		for (const foreign of [
			"https://evil.example/track.mp3",
			"//evil.example/track.mp3",
			"/.//evil.example/track.mp3",
			"/\\evil.example/track.mp3",
			"javascript:alert(1)",
			"data:audio/mpeg;base64,AAAA",
		]) {
			const response = await saveGeneral(site, cookie, foreign);
			expect(response.status, foreign).toBe(400);
			expect(plain(await response.text()), foreign).toContain("Enter a path on this site that starts with /");
			expect(storedAudioUrl(), foreign).toBe(before);
		}
		const russian = await saveGeneral(site, cookie, "https://evil.example/track.mp3", "ru");
		expect(russian.status).toBe(400);
		expect(plain(await russian.text())).toContain("Укажите путь на этом сайте, начинающийся с /");

		// A file on this site is fine.
		expect((await saveGeneral(site, cookie, "/audio/night-loop.mp3")).status).toBe(302);
		expect(storedAudioUrl()).toBe("/audio/night-loop.mp3");
	} finally {
		await site.stop();
	}
});

/** Collects what Chromium reports about the page's policies: CSP refusals and Permissions-Policy errors. */
function watchViolations(page: Page): string[] {
	const violations: string[] = [];
	page.on("console", (message) => {
		if (/Content Security Policy|Refused to|Permissions-Policy|Permissions policy/i.test(message.text())) {
			violations.push(`${page.url()}: ${message.text()}`);
		}
	});
	return violations;
}

test.describe("in the browser, with motion", () => {
	test.use({ reducedMotion: "no-preference" });

	test("no inline style violations: public pages, the cached home page and the admin render within the CSP", async ({
		page,
		context,
	}) => {
		// A site of its own: the admin session must not count against the shared server's sign-in limits.
		const site = await startSite(securityPort(28));
		try {
			const violations = watchViolations(page);
			// Twice: the second home page is the page cache's copy, allowed by the hashes of its inline code.
			for (const path of ["/", "/", "/?lng=ru", "/project/terra-modular-sofa", "/shop", "/artists"]) {
				await page.goto(`${site.origin}${path}`);
				await page.waitForLoadState("networkidle");
			}
			// The header's player: its track loads from this site.
			await page.goto(`${site.origin}/`);
			const track = page.waitForRequest(/\/audio\/forma-loop\.mp3$/, { timeout: 10_000 }).catch(() => null);
			await page.getByTestId("audio-toggle").first().click();
			expect(await track, "the player asks for its track").not.toBeNull();

			const [name, value] = (await signIn(site.origin, ADMIN.username, ADMIN.password)).split("=");
			await context.addCookies([{ name: name ?? "", value: value ?? "", url: site.origin }]);
			for (const path of ["/admin/projects", "/admin/projects/add", "/admin/slider", "/admin/settings"]) {
				await page.goto(`${site.origin}${path}`);
				await page.waitForLoadState("networkidle");
			}
			expect(violations).toEqual([]);
		} finally {
			await site.stop();
		}
	});
});
