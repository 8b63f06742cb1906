import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { type HttpSite, startHttpSite } from "../support/http-site";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { plain } from "../support/plain";
import { linkIn } from "../support/smtp";

/**
 * Other people's orders: typing an address proves nothing (anyone can type it into the purchase form or
 * register with it), so "My orders" shows requests made anonymously with the account's address only once
 * the address is confirmed, and confirming takes both the mailbox (the link) and the account (its password,
 * or its own session). An account made by registration cannot sign in before that.
 */
const PROJECT = "terra-modular-sofa";
let site: HttpSite;
let projectName: string;
const { deliverTo } = smtpDeliveryForEachTest();

beforeAll(async () => {
	site = await startHttpSite();
	projectName =
		(await db.selectFrom("projects").select("name").where("id", "=", PROJECT).executeTakeFirst())?.name ?? "";
	expect(projectName).not.toBe("");
});

afterAll(async () => {
	await site?.stop();
});

/** A purchase request over HTTP; its answer is the confirmation that stays (200), issue #35. */
async function requestPurchase(email: string, cookie?: string) {
	const formToken = await fetchFormToken(`${site.origin}/project/${PROJECT}/request`, cookie);
	return fetch(`${site.origin}/project/${PROJECT}/request`, {
		method: "POST",
		body: new URLSearchParams({ ...GIVEN_CONSENT, email, phone: "+79161234567", formToken }),
		headers: cookie ? { Cookie: cookie } : {},
		redirect: "manual",
	});
}

const PASSWORD = "some-long-password";

/** Registers (which signs nobody in, and cannot sign in until the address is confirmed). */
async function register(email: string): Promise<void> {
	const registered = await fetch(`${site.origin}/register`, {
		method: "POST",
		body: new URLSearchParams({
			email,
			...GIVEN_CONSENT,
			phone: "+79160000000",
			password: PASSWORD,
			formToken: await fetchFormToken(`${site.origin}/register`),
		}),
		redirect: "manual",
	});
	expect(registered.status, email).toBe(200);
}

/** The session cookie of a response that starts one. */
function sessionOf(response: Response): string {
	return response.headers
		.getSetCookie()
		.map((header) => header.split(";")[0])
		.filter((pair) => pair?.startsWith("forma_session="))
		.join("; ");
}

function signIn(email: string): Promise<Response> {
	return fetch(`${site.origin}/login`, {
		method: "POST",
		body: new URLSearchParams({ username: email, password: PASSWORD }),
		redirect: "manual",
	});
}

/** Follows the link mailed to `email` and gives the account's password, as its owner does: signed in. */
async function confirmByLink(email: string): Promise<string> {
	const token = new URL(await verificationLink(email)).searchParams.get("token") ?? "";
	const confirmed = await fetch(`${site.origin}/verify-email`, {
		method: "POST",
		body: new URLSearchParams({ intent: "confirm", token, password: PASSWORD }),
		redirect: "manual",
	});
	expect(confirmed.status, email).toBe(302);
	expect(confirmed.headers.get("Location")).toBe("/account");
	return sessionOf(confirmed);
}

/** The verification link the site sent to `email`, as a real SMTP server received it. */
async function verificationLink(email: string): Promise<string> {
	const mail = await deliverTo(email, (received) => /confirm/i.test(received.subject));
	return linkIn(mail, `${site.origin}/verify-email?token=`);
}

/**
 * The account page's markup and data, without the texts it carries for the browser (every text of its
 * namespaces, "No orders yet" among them, whether shown or not).
 */
async function myOrdersPage(cookie: string): Promise<string> {
	const response = await fetch(`${site.origin}/account`, { headers: { Cookie: cookie } });
	expect(response.status).toBe(200);
	return plain(
		(await response.text()).replace(/<script id="forma-translations"[^>]*>[\s\S]*?<\/script>/, ""),
	);
}

test("other people's orders: whoever registers victim@corp.example cannot sign in, and the victim following the link confirms nothing", async () => {
	expect((await requestPurchase("Victim@Corp.example")).status).toBe(200);
	await register("victim@corp.example");
	// The attacker's password answers like a wrong one until the address is confirmed.
	expect((await signIn("victim@corp.example")).status).toBe(401);
	// The victim, mailed "confirm your e-mail", opens the link: the page asks for the account's password.
	const opened = await fetch(await verificationLink("victim@corp.example"));
	expect(opened.status).toBe(200);
	const page = plain(await opened.text());
	expect(page).toContain("Enter the password of the account for victim@corp.example");
	expect(page).not.toContain(projectName);
	expect(
		await db
			.selectFrom("users")
			.select("email_verified_at")
			.where("email", "=", "victim@corp.example")
			.execute(),
	).toEqual([{ email_verified_at: null }]);
	expect((await signIn("victim@corp.example")).status).toBe(401);
});

test("other people's orders: what an owner asks for while signed in is theirs, and shows", async () => {
	await register("olga.owner@example.com");
	const owner = await confirmByLink("olga.owner@example.com");
	expect(await myOrdersPage(owner)).toContain("No orders yet");
	expect((await requestPurchase("olga.owner@example.com", owner)).status).toBe(200);
	const page = await myOrdersPage(owner);
	expect(page).not.toContain("No orders yet");
	expect(page).toContain(projectName);
});

test("other people's orders: after the owner confirms the address with the password, they see the requests they made anonymously with it", async () => {
	expect((await requestPurchase("Vera.Owner@example.com")).status).toBe(200);
	await register("vera.owner@example.com");
	const owner = await confirmByLink("vera.owner@example.com");
	const page = await myOrdersPage(owner);
	expect(page).not.toContain("No orders yet");
	expect(page).toContain(projectName);
	// And signing in works from now on.
	expect((await signIn("vera.owner@example.com")).status).toBe(302);
});
