import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";
import { signIn } from "./site";

/**
 * Maintenance mode read around (pen test, finding 8): while the site is closed, nothing of a page may be
 * read or written by anyone but an administrator — not through its `.data` URL, not inside the 503 page.
 */
const PROJECT = "arc-lounge-chair";
let site: HttpSite;
let project: { name: string; description_en: string };
let adminCookie: string;
let userCookie: string;
const USER_PASSWORD = "visitor-m-password";

beforeAll(async () => {
	site = await startHttpSite();
	project = await db
		.selectFrom("projects")
		.select(["name", "description_en"])
		.where("id", "=", PROJECT)
		.executeTakeFirstOrThrow();
});
afterAll(async () => {
	await site?.stop();
});

// Each test starts from the seeded database: the visitor, the sessions and the switch come back each time.
beforeEach(async () => {
	// Signed in before the site closes, as an administrator would be.
	adminCookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	// What `npm run user:create` makes: an ordinary account.
	await createUser({
		username: "visitor-m",
		email: "visitor-m@example.com",
		password: USER_PASSWORD,
		role: "user",
		phone: null,
	});
	userCookie = await signIn(site.origin, "visitor-m", USER_PASSWORD);
	// The admin screen's switch writes this column; doing it directly keeps the attack journeys about HTTP.
	await db.updateTable("settings").set({ maintenance_mode: 1 }).where("id", "=", 1).execute();
	await site.caughtUp();
});

test("maintenance bypass: /project/<id>.data?_routes=routes%2Fproject.%24id answers a bare 503 without the page's data", async () => {
	const response = await fetch(`${site.origin}/project/${PROJECT}.data?_routes=routes%2Fproject.%24id`);
	expect(response.status).toBe(503);
	expect(response.headers.get("cache-control")).toBe("no-store");
	const body = await response.text();
	expect(body).not.toContain(project.name);
	expect(body).not.toContain(project.description_en.slice(0, 40));
});

test("maintenance bypass: the 503 page holds no data of the page asked for", async () => {
	const response = await fetch(`${site.origin}/project/${PROJECT}`);
	expect(response.status).toBe(503);
	expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
	expect(response.headers.get("cache-control")).toBe("no-store");
	// As a reader sees it (typeset texts have non-breaking spaces), so the leak checks below still match.
	const html = plain(await response.text());
	expect(html).toContain("We’ll be back soon");
	expect(html).not.toContain(project.name);
	expect(html).not.toContain(project.description_en.slice(0, 40));
	expect(html).not.toContain("__remixContext");
});

test("maintenance bypass: the 503 page speaks the visitor's language and theme", async () => {
	const theme = `theme=${encodeURIComponent(Buffer.from('"dark"').toString("base64"))}`;
	const response = await fetch(`${site.origin}/artists?lng=ru`, { headers: { Cookie: theme } });
	expect(response.status).toBe(503);
	const html = plain(await response.text());
	expect(html).toContain('<html lang="ru" class="dark">');
	expect(html).toContain("Скоро вернёмся");
	expect(html).toContain("<title>Технические работы — ФОРМА</title>");
});

test("maintenance: a purchase request posted to a closed page, or its .data, is refused and writes nothing", async () => {
	const count = async () => (await db.selectFrom("purchase_requests").select("id").execute()).length;
	const before = await count();
	for (const path of [`/project/${PROJECT}/request`, `/project/${PROJECT}/request.data`]) {
		const response = await fetch(`${site.origin}${path}`, {
			method: "POST",
			body: new URLSearchParams({ email: "closed@example.com", phone: "+79161234567" }),
			redirect: "manual",
		});
		expect(response.status, path).toBe(503);
	}
	expect(await count()).toBe(before);
});

test("maintenance bypass: a signed-in user who is not an administrator, or a forged session, gets the 503", async () => {
	const page = await fetch(`${site.origin}/project/${PROJECT}`, { headers: { Cookie: userCookie } });
	expect(page.status).toBe(503);
	const html = plain(await page.text());
	expect(html).not.toContain(project.name);
	// They may sign out from there.
	expect(html).toContain('action="/logout"');
	const data = await fetch(`${site.origin}/project/${PROJECT}.data`, { headers: { Cookie: userCookie } });
	expect(data.status).toBe(503);
	const forged = await fetch(`${site.origin}/project/${PROJECT}.data`, {
		headers: { Cookie: "forma_session=InNvbWVvbmUi.forged" },
	});
	expect(forged.status).toBe(503);
});

test("maintenance: a signed-in admin, /login, the theme switch, static files and /healthz still get through", async () => {
	const admin = await fetch(`${site.origin}/project/${PROJECT}`, { headers: { Cookie: adminCookie } });
	expect(admin.status).toBe(200);
	expect(await admin.text()).toContain(project.name);
	const adminData = await fetch(`${site.origin}/project/${PROJECT}.data`, {
		headers: { Cookie: adminCookie },
	});
	expect(adminData.status).toBe(200);
	expect((await fetch(`${site.origin}/login`)).status).toBe(200);
	expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
	expect((await fetch(`${site.origin}/favicon.svg`)).status).toBe(200);
	// The language and theme switches only set a cookie: the 503 page's visitors may use them.
	const theme = await fetch(`${site.origin}/resources/theme`, {
		method: "POST",
		body: new URLSearchParams({ theme: "dark" }),
		redirect: "manual",
	});
	expect(theme.status).toBeLessThan(400);
	// Sign-in itself works while closed (the form posts to /login).
	expect(await signIn(site.origin, ADMIN.username, ADMIN.password)).toMatch(/^forma_session=/);
});
