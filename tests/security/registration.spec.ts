import { expect, test } from "@playwright/test";
import { type Site, securityPort, startSite } from "./site";

/**
 * Registration as an attacker uses it: blocking a name for everyone after (the LIKE pattern's "_"), and
 * testing which e-mail addresses have accounts (the "e-mail taken" message). The site trusts one proxy
 * hop, so each test speaks from an address of its own.
 */
test.describe.configure({ mode: "serial" });

let site: Site;

test.beforeAll(async () => {
	site = await startSite(securityPort(15), { TRUST_PROXY: "1" });
});

test.afterAll(async () => {
	await site?.stop();
});

function register(email: string, address: string, query = "") {
	return fetch(`${site.origin}/register${query}`, {
		method: "POST",
		body: new URLSearchParams({ email, phone: "+79161234567", password: "long-enough-pw" }),
		headers: { "X-Forwarded-For": address },
		redirect: "manual",
	});
}

test("registration 500: a_b@example.com then a_b@example.org both register (a_b, a_b2), never a UNIQUE crash", async () => {
	expect((await register("a_b@example.com", "198.51.100.1")).status).toBe(302);
	const second = await register("a_b@example.org", "198.51.100.2");
	expect(second.status, await second.text()).toBe(302);
	expect(site.query("select username from users where email like 'a_b@example.%' order by id")).toEqual([
		{ username: "a_b" },
		{ username: "a_b2" },
	]);
});

test("registration oracle: every complete attempt counts, 'e-mail taken' answers included; the 11th is 429, translated", async () => {
	const address = "198.51.100.50";
	for (let i = 0; i < 10; i++) {
		const taken = await register("curator@forma.gallery", address);
		expect(taken.status).toBe(409);
	}
	const english = await register("someone-new@example.com", address);
	expect(english.status).toBe(429);
	expect(Number(english.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
	expect(await english.text()).toContain("Too many attempts");
	const russian = await register("someone-new@example.com", address, "?lng=ru");
	expect(russian.status).toBe(429);
	expect(await russian.text()).toContain("Слишком много попыток");
	expect(site.query("select id from users where email = 'someone-new@example.com'")).toEqual([]);
});
