import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";
import { rawRequest } from "./http-client";
import { signIn } from "./site";

/**
 * Malformed requests (pen test): a request the server cannot read is the client's mistake: 400 with the
 * site's bilingual error page, a warning in the log — never a 500 and an error log.
 */
let site: HttpSite;
beforeAll(async () => {
	// Request log lines (info) tell when the server has logged all it will about a request.
	site = await startHttpSite({ LOG_LEVEL: "info" });
});
afterAll(async () => {
	await site?.stop();
});

function expectBrandedBadRequest(response: {
	status: number;
	body: string;
	headers: Record<string, string>;
}) {
	expect(response.status).toBe(400);
	expect(response.headers["content-type"]).toMatch(/^text\/html/);
	expect(response.body).toContain("FORMA");
	expect(plain(response.body)).toContain("This address could not be read");
	expect(plain(response.body)).toContain("Не удалось прочитать этот адрес");
	expect(response.body).toContain('href="/"');
	// The site's security headers, and a policy that lets nothing but the page's own style run.
	expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
	expect(response.headers["x-frame-options"]).toBe("DENY");
}

/** Log lines since `mark` (the length of what the server had printed before). */
function linesSince(mark: number): string[] {
	return site.output().slice(mark).split("\n");
}

/** The error-level lines since `mark`, once the server has logged the `requests` sent since. */
async function errorsSince(mark: number, requests: number): Promise<string[]> {
	await expect
		.poll(() => linesSince(mark).filter((line) => line.includes('"msg":"request"')).length)
		.toBe(requests);
	return linesSince(mark).filter((line) => line.includes('"level":"error"'));
}

test("malformed request: broken %-encoding in the path answers 400 with the branded page, logged as a warning", async () => {
	const mark = site.output().length;
	for (const path of ["/%E0%A4%A", "/project/%", "/build/%ff%"]) {
		const response = await rawRequest(site.port, [`GET ${path} HTTP/1.1`, `Host: localhost:${site.port}`]);
		expectBrandedBadRequest(response);
	}
	expect(await errorsSince(mark, 3)).toEqual([]);
	const refusals = linesSince(mark).filter((line) => line.includes('"msg":"malformed request refused"'));
	expect(refusals.length).toBeGreaterThan(0);
	for (const line of refusals) expect(line).toContain('"level":"warn"');
});

test("malformed request: an invalid Host header answers 400 with the branded page", async () => {
	const mark = site.output().length;
	for (const host of ["exa mple", "[::1", "evil.example/path", "user@evil.example"]) {
		const response = await rawRequest(site.port, ["GET / HTTP/1.1", `Host: ${host}`]);
		expectBrandedBadRequest(response);
	}
	expect(await errorsSince(mark, 4)).toEqual([]);
});

test("malformed request: an invalid Referer on a favourites post answers 400, not 500", async () => {
	const mark = site.output().length;
	const body = new URLSearchParams({ projectId: "arc-lounge-chair", favourite: "true" }).toString();
	const response = await rawRequest(
		site.port,
		[
			"POST /resources/favourites HTTP/1.1",
			`Host: localhost:${site.port}`,
			"Referer: http://[",
			"Content-Type: application/x-www-form-urlencoded",
			`Content-Length: ${Buffer.byteLength(body)}`,
		],
		body,
	);
	expect(response.status).toBe(400);
	expect(await errorsSince(mark, 1)).toEqual([]);
});

test("malformed request: nonsense posted without JavaScript to the favourites, theme and language switches is a 400, not a 200", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	const posts: Array<[string, Record<string, string>]> = [
		["/resources/favourites", { projectId: "", favourite: "maybe", redirectTo: "/shop" }],
		["/resources/theme", { theme: "neon", redirectTo: "/" }],
		["/resources/language", { lng: "xx", redirectTo: "/" }],
	];
	for (const [path, fields] of posts) {
		const response = await fetch(`${site.origin}${path}`, {
			method: "POST",
			body: new URLSearchParams(fields),
			headers: { Cookie: cookie },
			redirect: "manual",
		});
		expect(response.status, path).toBe(400);
		expect(response.headers.getSetCookie().join(), path).not.toMatch(/\b(theme|lng)=/);
	}
	expect(await db.selectFrom("favourites").selectAll().execute()).toEqual([]);
});

test("unsupported methods: TRACE, OPTIONS, PROPFIND and friends get 405 with Allow, logged as warnings, never a 500", async () => {
	const mark = site.output().length;
	const methods = ["TRACE", "OPTIONS", "PROPFIND", "CONNECT", "PUT", "DELETE", "PATCH", "BREW"];
	for (const method of methods) {
		for (const path of ["/", "/login", "/resources/images/projects/a.jpg", "/favicon.svg"]) {
			const target = method === "CONNECT" ? `localhost:${site.port}` : path;
			const response = await rawRequest(site.port, [
				`${method} ${target} HTTP/1.1`,
				`Host: localhost:${site.port}`,
			]);
			if (method === "BREW" || method === "CONNECT") {
				// Node's parser refuses what it does not know (400) or hands CONNECT to its own event: no app at all.
				expect(
					response.status === 0 || (response.status >= 400 && response.status < 500),
					`${method} ${path}`,
				).toBe(true);
				continue;
			}
			expect(response.status, `${method} ${path}`).toBe(405);
			expect(response.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
			expect(response.headers["x-content-type-options"], `${method} ${path}`).toBe("nosniff");
			expect(response.body, `${method} ${path}`).not.toMatch(/at \w+ \(|TypeError/);
		}
	}
	const answered = 6 * 4;
	// Each refusal's request line is written once its answer is done (a line of the previous test's may
	// still come in between): wait for ours, then look for errors.
	await expect
		.poll(() => linesSince(mark).filter((line) => /"msg":"request".*"status":405/.test(line)).length)
		.toBe(answered);
	expect(linesSince(mark).filter((line) => line.includes('"level":"error"'))).toEqual([]);
	const refusals = linesSince(mark).filter((line) => line.includes('"msg":"method not allowed"'));
	expect(refusals.length).toBe(answered);
	for (const line of refusals) expect(line).toContain('"level":"warn"');
});
