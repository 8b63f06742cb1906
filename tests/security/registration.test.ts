import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";

/**
 * Registration as an attacker uses it: blocking a name for everyone after (the LIKE pattern's "_"),
 * testing which e-mail addresses have accounts (an "e-mail taken" answer, or a session for a new one
 * only), and flooding an inbox with messages. The site trusts one proxy
 * hop, so each test speaks from an address of its own.
 */
let site: HttpSite;

beforeAll(async () => {
	site = await startHttpSite({ TRUST_PROXY: "1" });
});

afterAll(async () => {
	await site?.stop();
});

/** One attempt: a fresh page, so a fresh one-time token (a repeat of one would count once). */
async function register(email: string, address: string, query = "") {
	const formToken = await fetchFormToken(`${site.origin}/register`);
	return fetch(`${site.origin}/register${query}`, {
		method: "POST",
		body: new URLSearchParams({
			...GIVEN_CONSENT,
			email,
			phone: "+79161234567",
			password: "long-enough-pw",
			formToken,
		}),
		headers: { "X-Forwarded-For": address },
		redirect: "manual",
	});
}

test("registration 500: a_b@example.com then a_b@example.org both register (a_b, a_b2), never a UNIQUE crash", async () => {
	expect((await register("a_b@example.com", "198.51.100.1")).status).toBe(200);
	const second = await register("a_b@example.org", "198.51.100.2");
	expect(second.status, await second.text()).toBe(200);
	expect(
		await db
			.selectFrom("users")
			.select("username")
			.where("email", "like", "a_b@example.%")
			.orderBy("id")
			.execute(),
	).toEqual([{ username: "a_b" }, { username: "a_b2" }]);
});

test("registration flood: every complete attempt counts, taken addresses included; the 11th is 429, translated", async () => {
	const address = "198.51.100.50";
	for (let i = 0; i < 10; i++) {
		const taken = await register("curator@forma.gallery", address);
		expect(taken.status).toBe(200);
	}
	// Ten tries on the administrator's address sent its owner one warning, not ten.
	expect(
		await db
			.selectFrom("outbox")
			.select("id")
			.where("kind", "=", "registration_attempt")
			.where("to_address", "=", "curator@forma.gallery")
			.execute(),
	).toHaveLength(1);
	const english = await register("someone-new@example.com", address);
	expect(english.status).toBe(429);
	expect(Number(english.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
	expect(plain(await english.text())).toContain("Too many attempts");
	const russian = await register("someone-new@example.com", address, "?lng=ru");
	expect(russian.status).toBe(429);
	expect(plain(await russian.text())).toContain("Слишком много попыток");
	expect(
		await db.selectFrom("users").select("id").where("email", "=", "someone-new@example.com").execute(),
	).toEqual([]);
});

/**
 * The parts of an answer an attacker could tell apart, with the address they typed, the page's nonce and
 * its random one-time form token (docs/decisions/0022) blanked.
 */
async function observable(response: Response, email: string) {
	const body = (await response.text())
		.replaceAll(email, "EMAIL")
		.replace(/nonce-?[=":]*"?[A-Za-z0-9+/=]{16,}/g, "NONCE")
		.replace(/[A-Za-z0-9_-]{22}\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}/g, "FORM_TOKEN");
	const headers = [...response.headers.entries()]
		.filter(([name]) => !["date", "content-security-policy", "content-length", "x-request-id"].includes(name))
		.map(([name, value]) => `${name}: ${value}`);
	return { status: response.status, headers, body };
}

test("account enumeration: registering a taken address answers exactly like a new one", async () => {
	// Two addresses of the same length: one the administrator's, one nobody has.
	const takenAddress = "curator@forma.gallery";
	const freshAddress = "newbie1@forma.gallery";
	expect(freshAddress.length).toBe(takenAddress.length);
	const fresh = await register(freshAddress, "198.51.100.70");
	const taken = await register(takenAddress, "198.51.100.71");
	const freshSeen = await observable(fresh, freshAddress);
	const takenSeen = await observable(taken, takenAddress);
	expect(freshSeen.status).toBe(200);
	expect(takenSeen).toEqual(freshSeen);
	// Neither starts a session; both say to check the mailbox.
	expect(fresh.headers.getSetCookie()).toEqual([]);
	expect(plain(freshSeen.body)).toContain("Check your e-mail");
	expect(plain(freshSeen.body)).toContain("We have sent a message to EMAIL.");
	// What really happened differs, out of the attacker's sight: an account and its link, or a warning.
	expect(
		await db
			.selectFrom("outbox")
			.select("kind")
			.where("to_address", "=", freshAddress)
			.orderBy("id")
			.execute(),
	).toEqual([{ kind: "verify_email" }]);
	expect(await db.selectFrom("users").select("id").where("email", "=", takenAddress).execute()).toHaveLength(
		1,
	);
});
