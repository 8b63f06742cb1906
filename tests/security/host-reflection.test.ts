import http from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type HttpSite, startHttpSite } from "../support/http-site";

/**
 * Host header reflection: an attacker sends a request with a Host (or X-Forwarded-Host) of their own; if the
 * site builds absolute URLs from it, sitemap.xml, robots.txt and the canonical/OpenGraph links of a page
 * point at the attacker, and caches (ours, a CDN's, a crawler's) keep that answer for everybody. The site
 * names its own origin (SITE_URL) instead, and production refuses to run without one (host-reflection.spec.ts).
 */
const FOREIGN_HOST = "evil.example";

let site: HttpSite;
beforeAll(async () => {
	site = await startHttpSite();
});
afterAll(async () => {
	await site?.stop();
});

/** A GET with a Host header of the attacker's choosing (fetch would not let us set it). */
function getWithHost(origin: string, path: string): Promise<{ status: number; body: string }> {
	const { hostname, port } = new URL(origin);
	return new Promise((resolve, reject) => {
		const request = http.get(
			{
				hostname,
				port,
				path,
				headers: { Host: FOREIGN_HOST, "X-Forwarded-Host": FOREIGN_HOST, "X-Forwarded-Proto": "https" },
			},
			(response) => {
				let body = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					body += chunk;
				});
				response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
			},
		);
		request.on("error", reject);
	});
}

test("host header reflection: a foreign Host never reaches sitemap.xml, robots.txt or a page's links", async () => {
	const { origin } = site;
	for (const path of ["/sitemap.xml", "/robots.txt", "/", "/?lng=ru", "/shop", "/artists"]) {
		const { status, body } = await getWithHost(origin, path);
		expect(status, path).toBe(200);
		expect(body, path).not.toContain(FOREIGN_HOST);
		// The configured origin is what the links name (the test site's SITE_URL is its own address).
		expect(body, path).toContain(origin);
	}
	const sitemap = await getWithHost(origin, "/sitemap.xml");
	const project = /<loc>[^<]*(\/project\/[^<?]+)<\/loc>/.exec(sitemap.body)?.[1];
	expect(project).toBeTruthy();
	const page = await getWithHost(origin, project ?? "/");
	expect(page.body).toContain(`<link rel="canonical" href="${origin}${project}"`);
	expect(page.body).toMatch(new RegExp(`<meta property="og:image" content="${origin}/`));
	expect(page.body).not.toContain(FOREIGN_HOST);
});

/** Whether robots.txt lets any crawler fetch a path: the longest matching rule wins, Allow on a tie (RFC 9309). */
function robotsAllow(robots: string, path: string): boolean {
	let best = { length: -1, allow: true };
	for (const line of robots.split("\n")) {
		const match = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
		if (!match?.[2] || !path.startsWith(match[2])) continue;
		const allow = match[1]?.toLowerCase() === "allow";
		if (match[2].length > best.length || (match[2].length === best.length && allow)) {
			best = { length: match[2].length, allow };
		}
	}
	return best.allow;
}

test("hidden images: robots.txt lets crawlers fetch project and share images, not the private areas", async () => {
	const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
	const home = await (await fetch(`${site.origin}/`)).text();
	const image = /(?:src|content)="(?:https?:\/\/[^/"]+)?(\/resources\/images\/[^"?\s]+)/.exec(home)?.[1];
	expect(image, "the home page shows a catalogue image").toBeTruthy();
	expect((await fetch(`${site.origin}${image}`)).status).toBe(200);
	expect(robotsAllow(robots, image ?? "")).toBe(true);
	for (const page of ["/", "/shop", "/project/terra-modular-sofa"])
		expect(robotsAllow(robots, page)).toBe(true);
	for (const hidden of [
		"/admin",
		"/admin/projects",
		"/account",
		"/resources/theme",
		"/resources/favourites",
	]) {
		expect(robotsAllow(robots, hidden), hidden).toBe(false);
	}
});
