import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { GIVEN_CONSENT } from "../support/consent";
import { formTokenIn } from "../support/form-page-token";
import { type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";

/**
 * A form token shared through the page cache (pen test, round 3): the cache decided "personal" by exact,
 * lower-case path prefixes while routing ignores letter case, so /Register was stored and every visitor
 * got one visitor's one-time token. After A registered with it, B's registration with the same token was
 * answered with A's stored result ("We have sent a message to alice@…"), and B's account was never made.
 */
let site: HttpSite;

beforeAll(async () => {
	site = await startHttpSite();
});

afterAll(async () => {
	await site?.stop();
});

/** The addresses of the accounts registered with `email`, one per account. */
async function accountsOf(email: string): Promise<string[]> {
	const rows = await db.selectFrom("users").select("email").where("email", "=", email).execute();
	return rows.map((row) => row.email);
}

async function tokenPage(
	path: string,
): Promise<{ token: string; cacheControl: string | null; status: number }> {
	const response = await fetch(`${site.origin}${path}`);
	return {
		status: response.status,
		cacheControl: response.headers.get("cache-control"),
		token: formTokenIn(await response.text(), path),
	};
}

function register(formToken: string, email: string) {
	return fetch(`${site.origin}/register`, {
		method: "POST",
		body: new URLSearchParams({
			...GIVEN_CONSENT,
			email,
			phone: "+79161234567",
			password: "long-enough-password",
			formToken,
		}),
		redirect: "manual",
	});
}

test("shared form token: /Register in any spelling is private, no-store, and each visitor gets a token of their own", async () => {
	for (const path of ["/register", "/Register", "/REGISTER", "/register/", "/Register/", "/regist%65r"]) {
		const first = await tokenPage(path);
		const second = await tokenPage(path);
		expect(first.status, path).toBe(200);
		expect(first.cacheControl, path).toBe("private, no-store");
		expect(second.token, path).not.toBe(first.token);
	}
});

test("shared form token: every page that issues a token is private, no-store (the purchase request page too)", async () => {
	for (const path of [
		"/project/arc-lounge-chair/request",
		"/Project/arc-lounge-chair/Request",
		"/project/arc-lounge-chair/request/",
	]) {
		const first = await tokenPage(path);
		const second = await tokenPage(path);
		expect(first.status, path).toBe(200);
		expect(first.cacheControl, path).toBe("private, no-store");
		expect(second.token, path).not.toBe(first.token);
	}
});

test("replayed form token: another visitor's post with a used token never shows them the first visitor's address", async () => {
	const { token } = await tokenPage("/register");
	const alice = await register(token, "alice@example.com");
	expect(alice.status).toBe(200);
	expect(plain(await alice.text())).toContain("alice@example.com");

	// Bob sends the same token with his own address: not Alice's answer, but a fresh form to send again.
	const bob = await register(token, "bob@example.com");
	const bobPage = await bob.text();
	expect(bobPage.includes("alice@example.com"), "Bob's answer names Alice's address").toBe(false);
	expect(bob.status).toBe(403);
	const fresh = formTokenIn(bobPage, "the refused registration");
	expect(fresh).not.toBe(token);
	const bobAgain = await register(fresh, "bob@example.com");
	expect(bobAgain.status).toBe(200);
	expect(plain(await bobAgain.text())).toContain("bob@example.com");
	expect(await accountsOf("bob@example.com")).toEqual(["bob@example.com"]);

	// Alice's own repeat (a double click, a resend) still gets her answer, and makes no second account.
	const aliceAgain = await register(token, "alice@example.com");
	expect(aliceAgain.status).toBe(200);
	expect(plain(await aliceAgain.text())).toContain("alice@example.com");
	expect(await accountsOf("alice@example.com")).toHaveLength(1);
});
