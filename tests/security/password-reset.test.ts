import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { plain } from "../support/plain";
import { linkIn } from "../support/smtp";
import { signIn } from "./site";

/**
 * The password reset as an attacker uses it: asking for links to learn which addresses have accounts,
 * replaying a link from a mailbox or a log, and keeping a stolen session alive through the owner's reset.
 * The links are read from the messages a real SMTP server received (the outbox holds none that works). The
 * site trusts one proxy hop, so each request names its own client address.
 */
let site: HttpSite;
const { deliverTo } = smtpDeliveryForEachTest();

beforeAll(async () => {
	site = await startHttpSite({ TRUST_PROXY: "1" });
});

afterAll(async () => {
	await site?.stop();
});

const ADMIN_EMAIL = ADMIN.email;

function askForReset(email: string, address: string) {
	return fetch(`${site.origin}/forgot-password`, {
		method: "POST",
		body: new URLSearchParams({ email }),
		headers: { "X-Forwarded-For": address },
		redirect: "manual",
	});
}

/**
 * An account of its own for a test, so each test can run alone: registration makes it (signed out), and
 * its owner confirms the address with the link and the password (a registered account signs in only then).
 */
async function registered(name: string, password: string, address: string): Promise<string> {
	const email = `${name}@example.com`;
	const response = await fetch(`${site.origin}/register`, {
		method: "POST",
		body: new URLSearchParams({
			email,
			...GIVEN_CONSENT,
			phone: "+79161234567",
			password,
			formToken: await fetchFormToken(`${site.origin}/register`),
		}),
		headers: { "X-Forwarded-For": address },
		redirect: "manual",
	});
	expect(response.status).toBeLessThan(400);
	const mail = await deliverTo(email, (received) => /confirm/i.test(received.subject));
	const token = new URL(linkIn(mail, `${site.origin}/verify-email?`)).searchParams.get("token") ?? "";
	const confirmed = await fetch(`${site.origin}/verify-email`, {
		method: "POST",
		body: new URLSearchParams({ intent: "confirm", token, password }),
		headers: { "X-Forwarded-For": address },
		redirect: "manual",
	});
	expect(confirmed.status).toBe(302);
	return email;
}

function setPassword(token: string, password: string) {
	return fetch(`${site.origin}/reset-password`, {
		method: "POST",
		body: new URLSearchParams({ token, password, confirm: password }),
		redirect: "manual",
	});
}

/** The token in the reset message delivered to `email` (each test asks for one). */
async function resetToken(email: string): Promise<string> {
	const mail = await deliverTo(email, (received) => /password/i.test(received.subject));
	const token = new URL(linkIn(mail, `${site.origin}/reset-password?`)).searchParams.get("token");
	if (!token) throw new Error(`no reset link to ${email}`);
	return token;
}

/** A page as another visitor could compare it: this request's nonce and the address typed in taken out. */
async function comparable(response: Response, email: string) {
	const headers = [...response.headers.entries()]
		.filter(([name]) => !["date", "content-security-policy", "x-request-id", "content-length"].includes(name))
		.map(([name, value]) => `${name}: ${value}`);
	const body = (await response.text()).replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, 'nonce="N"');
	return { status: response.status, headers, body };
}

test("account enumeration: forgot-password answers a registered and an unknown address identically", async () => {
	const registered = await comparable(await askForReset(ADMIN_EMAIL, "198.51.100.71"), ADMIN_EMAIL);
	const unknown = await comparable(
		await askForReset("nobody-here@example.com", "198.51.100.72"),
		"nobody-here@example.com",
	);
	expect(registered.status).toBe(200);
	expect(unknown).toEqual(registered);
	expect(plain(registered.body)).toContain(
		"If an account uses EMAIL, we have sent a link to set a new password.",
	);
	// And the registered one really got its link; the unknown one got nothing.
	expect(
		await db.selectFrom("outbox").select("to_address").where("kind", "=", "password_reset").execute(),
	).toEqual([{ to_address: ADMIN_EMAIL }]);
});

test("reset link replay: a used reset link cannot set the password again", async () => {
	const email = await registered("replayed", "the-owners-old-password", "198.51.100.80");
	expect((await askForReset(email, "198.51.100.73")).status).toBe(200);
	const token = await resetToken(email);
	const first = await setPassword(token, "the-owners-new-password");
	expect(first.status).toBe(302);
	expect(first.headers.get("Location")).toBe("/login");

	const replay = await setPassword(token, "the-attackers-password");
	expect(replay.status).toBe(410);
	expect(plain(await replay.text())).toContain("This link has already been used");
	const opened = await fetch(`${site.origin}/reset-password?token=${token}`);
	expect(opened.status).toBe(410);
	expect(opened.headers.get("Referrer-Policy")).toBe("same-origin");
	expect(opened.headers.get("Cache-Control")).toBe("no-store");

	await expect(signIn(site.origin, email, "the-attackers-password")).rejects.toThrow();
	expect(await signIn(site.origin, email, "the-owners-new-password")).toMatch(/^forma_session=/);
});

test("stolen session survives a reset: no — every session ends", async () => {
	const email = await registered("robbed", "the-owners-old-password", "198.51.100.81");
	const stolen = await signIn(site.origin, email, "the-owners-old-password");
	const mine = await signIn(site.origin, email, "the-owners-old-password");
	for (const cookie of [stolen, mine]) {
		const before = await fetch(`${site.origin}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
		expect(before.status).toBe(200);
	}

	expect((await askForReset(email, "198.51.100.74")).status).toBe(200);
	expect((await setPassword(await resetToken(email), "after-the-theft-password")).status).toBe(302);

	for (const cookie of [stolen, mine]) {
		const after = await fetch(`${site.origin}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
		expect(after.status).toBe(302);
		expect(after.headers.get("Location")).toMatch(/^\/login/);
	}
	const owner = await db
		.selectFrom("users")
		.select("id")
		.where("email", "=", email)
		.executeTakeFirstOrThrow();
	expect(await db.selectFrom("sessions").select("id").where("user_id", "=", owner.id).execute()).toEqual([]);
});
