import { expect, test } from "@playwright/test";
import { fetchFormToken } from "../support/form-page-token";
import { plain } from "../support/plain";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { type Site, securityPort, startSite } from "./site";

/**
 * Other people's orders: typing an address proves nothing (anyone can type it into the purchase form or
 * register with it), so "My orders" shows requests made anonymously with the account's address only once
 * the owner has followed the link sent to it; before that, only those made while signed in.
 */
test.describe.configure({ mode: "serial" });

const PROJECT = "terra-modular-sofa";
let site: Site;
let smtp: TestSmtpServer;
let projectName: string;

test.beforeAll(async () => {
	smtp = await startSmtpServer();
	site = await startSite(securityPort(12), { SMTP_URL: smtp.url, MAIL_FROM: "gallery@forma.test" });
	projectName =
		site.query<{ name: string }>("select name from projects where id = ?", PROJECT)[0]?.name ?? "";
	expect(projectName).not.toBe("");
});

test.afterAll(async () => {
	await site?.stop();
	await smtp?.stop();
});

async function requestPurchase(email: string, cookie?: string) {
	const formToken = await fetchFormToken(`${site.origin}/project/${PROJECT}/request`, cookie);
	return fetch(`${site.origin}/project/${PROJECT}/request`, {
		method: "POST",
		body: new URLSearchParams({ email, phone: "+79161234567", formToken }),
		headers: cookie ? { Cookie: cookie } : {},
		redirect: "manual",
	});
}

const PASSWORD = "some-long-password";

/** Registers (which signs nobody in), then signs in with the chosen password; returns the session cookie. */
async function register(email: string): Promise<string> {
	const registered = await fetch(`${site.origin}/register`, {
		method: "POST",
		body: new URLSearchParams({
			email,
			phone: "+79160000000",
			password: PASSWORD,
			formToken: await fetchFormToken(`${site.origin}/register`),
		}),
		redirect: "manual",
	});
	expect(registered.status, email).toBe(200);
	return signIn(email);
}

async function signIn(email: string): Promise<string> {
	const response = await fetch(`${site.origin}/login`, {
		method: "POST",
		body: new URLSearchParams({ username: email, password: PASSWORD }),
		redirect: "manual",
	});
	expect(response.status, email).toBe(302);
	return response.headers
		.getSetCookie()
		.map((header) => header.split(";")[0])
		.filter((pair) => pair?.startsWith("forma_session="))
		.join("; ");
}

/** The verification link the site sent to `email`, as a real SMTP server received it. */
async function verificationLink(email: string): Promise<string> {
	const mail = await smtp.waitFor(
		(received) => received.to.includes(email) && /confirm/i.test(received.subject),
	);
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

test("other people's orders: a request made anonymously with victim@corp.example is not shown to whoever registers that address", async () => {
	expect((await requestPurchase("Victim@Corp.example")).status).toBe(302);
	const attacker = await register("victim@corp.example");
	const page = await myOrdersPage(attacker);
	expect(page).toContain("No orders yet");
	expect(page).not.toContain(projectName);
});

test("other people's orders: nobody can plant a request in a registered user's list by typing their e-mail", async () => {
	const owner = await register("olga.owner@example.com");
	expect((await requestPurchase("OLGA.owner@example.com")).status).toBe(302);
	expect(await myOrdersPage(owner)).toContain("No orders yet");
	// What the owner asks for while signed in is theirs, and shows.
	expect((await requestPurchase("olga.owner@example.com", owner)).status).toBe(302);
	const page = await myOrdersPage(owner);
	expect(page).not.toContain("No orders yet");
	expect(page).toContain(projectName);
});

test("other people's orders: after the owner verifies the address, they see the requests they made anonymously with it", async () => {
	expect((await requestPurchase("Vera.Owner@example.com")).status).toBe(302);
	const owner = await register("vera.owner@example.com");
	expect(await myOrdersPage(owner)).toContain("No orders yet");
	const confirmed = await fetch(await verificationLink("vera.owner@example.com"), {
		headers: { Cookie: owner },
	});
	expect(confirmed.status).toBe(200);
	expect(plain(await confirmed.text())).toContain("Your e-mail is confirmed");
	const page = await myOrdersPage(owner);
	expect(page).not.toContain("No orders yet");
	expect(page).toContain(projectName);
	// The attacker of the first test never followed a link sent to the victim's address: still nothing.
	const attacker = await myOrdersPage(await signIn("victim@corp.example"));
	expect(attacker).toContain("No orders yet");
});
