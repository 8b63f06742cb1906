import { expect, test } from "@playwright/test";
import SQLite from "better-sqlite3";
import { ADMIN, type Site, securityPort, signIn, startSite } from "./site";

/**
 * Signed-in pages in shared caches, and sessions that never go away (pen test): every answer to a signed-in
 * visitor is `private, no-store`, every page and page data varies by cookie, and expired sessions are
 * purged by the server.
 */
test.describe.configure({ mode: "default" });
const PROJECT = "arc-lounge-chair";
const EXPIRED = "expired-session-planted-before-start";
const CURRENT = "current-session-planted-before-start";
let site: Site;
test.beforeAll(async () => {
	site = await startSite(
		securityPort(23),
		{},
		{
			beforeStart: ({ databasePath }) => {
				const sqlite = new SQLite(databasePath);
				try {
					const insert = sqlite.prepare(
						"insert into sessions (id, user_id, expires_at) select ?, id, ? from users where username = ?",
					);
					insert.run(EXPIRED, new Date(Date.now() - 60_000).toISOString(), ADMIN.username);
					insert.run(CURRENT, new Date(Date.now() + 3_600_000).toISOString(), ADMIN.username);
				} finally {
					sqlite.close();
				}
			},
		},
	);
});
test.afterAll(async () => {
	await site?.stop();
});

const PAGES = ["/", "/art", `/project/${PROJECT}`, "/_root.data", `/project/${PROJECT}.data`, "/account"];

test("private pages: a signed-in visitor's pages and page data are private, no-store and vary by cookie", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	for (const path of PAGES) {
		const response = await fetch(`${site.origin}${path}`, {
			headers: { Cookie: cookie },
			redirect: "manual",
		});
		expect(response.status, path).toBe(200);
		expect(response.headers.get("cache-control"), path).toBe("private, no-store");
		expect(response.headers.get("vary") ?? "", path).toMatch(/\bcookie\b/i);
	}
});

test("private pages: anonymous pages may be shared but still vary by cookie", async () => {
	for (const path of PAGES.filter((page) => page !== "/account")) {
		const response = await fetch(`${site.origin}${path}`);
		expect(response.status, path).toBe(200);
		expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/private/);
		expect(response.headers.get("vary") ?? "", path).toMatch(/\bcookie\b/i);
	}
});

test("expired sessions: a session past its expiry is purged when the server starts, a current one stays", async () => {
	const sessions = () => site.query<{ id: string }>("select id from sessions").map((row) => row.id);
	await expect.poll(sessions).not.toContain(EXPIRED);
	expect(sessions()).toContain(CURRENT);
});
