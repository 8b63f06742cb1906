import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { signIn } from "./site";

/**
 * Open redirect: a link to our site whose redirectTo sends the visitor on to another host after a normal
 * action (sign-in, theme, favourite, admin work). Each payload below passes a check on the raw string and
 * normalises to "//evil.example", which a browser reads as another host.
 */
const PAYLOADS = ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/./\\evil.example"];

let site: HttpSite;
let adminCookie: string;

beforeAll(async () => {
	site = await startHttpSite();
});

// The sessions table is put back before each test: a session of its own for each.
beforeEach(async () => {
	adminCookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
	await site?.stop();
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
	return fetch(`${site.origin}${path}`, {
		method: "POST",
		body: new URLSearchParams(fields),
		headers: cookie ? { Cookie: cookie } : {},
		redirect: "manual",
	});
}

/** The redirect stays on this site: a path, never "//host", "/\host" or another origin. */
function expectStaysOnSite(response: Response, payload: string) {
	expect([301, 302, 303, 307, 308], payload).toContain(response.status);
	const location = response.headers.get("Location") ?? "";
	expect(location, payload).not.toMatch(/^\/[/\\]/);
	expect(new URL(location, site.origin).origin, `${payload} → ${location}`).toBe(site.origin);
}

for (const payload of PAYLOADS) {
	test(`open redirect: redirectTo=${payload} is refused after sign-in`, async () => {
		const response = await post("/login", {
			username: ADMIN.username,
			password: ADMIN.password,
			redirectTo: payload,
		});
		expectStaysOnSite(response, payload);
		// A signed-in visitor opening the sign-in link is sent on at once: the same check.
		const again = await fetch(`${site.origin}/login?${new URLSearchParams({ redirectTo: payload })}`, {
			headers: { Cookie: adminCookie },
			redirect: "manual",
		});
		expectStaysOnSite(again, payload);
	});

	test(`open redirect: redirectTo=${payload} is refused by the theme and language switches`, async () => {
		expectStaysOnSite(await post("/resources/theme", { theme: "dark", redirectTo: payload }), payload);
		expectStaysOnSite(await post("/resources/language", { lng: "ru", redirectTo: payload }), payload);
	});

	test(`open redirect: redirectTo=${payload} is refused by favourites`, async () => {
		const fields = { projectId: "terra-modular-sofa", favourite: "true", redirectTo: payload };
		expectStaysOnSite(await post("/resources/favourites", fields, adminCookie), payload);
		// Anonymous: sent to sign in, carrying a redirectTo that is itself safe.
		const anonymous = await post("/resources/favourites", fields);
		expectStaysOnSite(anonymous, payload);
		const carried = new URL(anonymous.headers.get("Location") ?? "", site.origin).searchParams.get(
			"redirectTo",
		);
		expect(carried ?? "/", payload).not.toMatch(/^\/[/\\]/);
	});

	test(`open redirect: redirectTo=${payload} is refused by an admin action`, async () => {
		const formToken = await fetchFormToken(`${site.origin}/project/terra-modular-sofa/request`);
		await post("/project/terra-modular-sofa/request", {
			email: "buyer@example.com",
			...GIVEN_CONSENT,
			phone: "+79161234567",
			formToken,
		});
		const request = await db
			.selectFrom("purchase_requests")
			.select("id")
			.orderBy("id", "desc")
			.limit(1)
			.executeTakeFirst();
		expect(request).toBeDefined();
		// The sale panel's steps go back to the page they were posted from (redirectTo), e.g. a reserve.
		const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
		const response = await post(
			`/admin/requests/${request?.id}/sale`,
			{ intent: "reserve", until: inThreeDays, redirectTo: payload },
			adminCookie,
		);
		expectStaysOnSite(response, payload);
	});
}
