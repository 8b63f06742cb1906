import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { fetchFormToken } from "../support/form-page-token";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";
import { signIn } from "./site";

/**
 * Look-alike usernames: an account that reads "admin" but is spelt with a Cyrillic а or fullwidth letters
 * would pass for the site's staff. Every way a username is made refuses them; this is the admin's "add
 * user" form, over HTTP without JavaScript.
 */
let site: HttpSite;
let cookie: string;

beforeAll(async () => {
	site = await startHttpSite();
});

// The sessions table is put back before each test: a session of its own for each.
beforeEach(async () => {
	cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
	await site?.stop();
});

async function addUser(username: string, email: string, query = "") {
	return fetch(`${site.origin}/admin/users?add${query}`, {
		method: "POST",
		body: new URLSearchParams({
			intent: "create",
			email,
			username,
			password: "long-enough-pw",
			role: "admin",
			// The form's one-time token, from its page (docs/decisions/0022).
			formToken: await fetchFormToken(`${site.origin}/admin/users?add`, cookie),
		}),
		headers: { Cookie: cookie },
		redirect: "manual",
	});
}

const userCount = async () => (await db.selectFrom("users").select("id").execute()).length;

const CASES = [
	{
		name: "\u0430dmin (Cyrillic а)",
		username: "\u0430dmin",
		en: "Use letters of one alphabet only",
		ru: "Используйте буквы только одного алфавита",
	},
	{
		name: "ａｄｍｉｎ (fullwidth)",
		username: "ａｄｍｉｎ",
		en: "This username is not allowed",
		ru: "Недопустимое имя пользователя",
	},
	{
		name: "\u0430\u0501\u043c\u0456\u043f (all Cyrillic look-alikes)",
		username: "\u0430\u0501\u043c\u0456\u043f",
		en: "This username is not allowed",
		ru: "Недопустимое имя пользователя",
	},
];

for (const { name, username, en, ru } of CASES) {
	test(`look-alike usernames: admin "add user" refuses ${name} next to the field, in English and Russian`, async () => {
		const before = await userCount();
		const english = await addUser(username, "look-alike@example.com");
		expect(english.status).toBe(400);
		expect(plain(await english.text())).toContain(en);
		const russian = await addUser(username, "look-alike@example.com", "&lng=ru");
		expect(russian.status).toBe(400);
		expect(plain(await russian.text())).toContain(ru);
		expect(await userCount()).toBe(before);
	});
}

test("look-alike usernames: a fullwidth spelling of a taken name is the same name (409, no second account)", async () => {
	const before = await userCount();
	const response = await addUser("ＣＵＲＡＴＯＲ", "second-curator@example.com");
	expect(response.status).toBe(409);
	expect(plain(await response.text())).toContain("This username is already taken");
	expect(await userCount()).toBe(before);
});
