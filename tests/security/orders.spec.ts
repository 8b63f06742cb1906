import { expect, test } from "@playwright/test";
import { type Site, securityPort, startSite } from "./site";

/**
 * Other people's orders: nothing proves who owns an e-mail address (anyone can type it into the purchase
 * form or register with it), so "My orders" shows only requests made while signed in to the account.
 */
test.describe.configure({ mode: "serial" });

const PROJECT = "terra-modular-sofa";
let site: Site;
let projectName: string;

test.beforeAll(async () => {
	site = await startSite(securityPort(12));
	projectName =
		site.query<{ name: string }>("select name from projects where id = ?", PROJECT)[0]?.name ?? "";
	expect(projectName).not.toBe("");
});

test.afterAll(async () => {
	await site?.stop();
});

function requestPurchase(email: string, cookie?: string) {
	return fetch(`${site.origin}/project/${PROJECT}/request`, {
		method: "POST",
		body: new URLSearchParams({ email, phone: "+79161234567" }),
		headers: cookie ? { Cookie: cookie } : {},
		redirect: "manual",
	});
}

async function register(email: string): Promise<string> {
	const response = await fetch(`${site.origin}/register`, {
		method: "POST",
		body: new URLSearchParams({ email, phone: "+79160000000", password: "some-long-password" }),
		redirect: "manual",
	});
	expect(response.status, email).toBe(302);
	return response.headers
		.getSetCookie()
		.map((header) => header.split(";")[0])
		.filter((pair) => pair?.startsWith("forma_session="))
		.join("; ");
}

async function myOrdersPage(cookie: string): Promise<string> {
	const response = await fetch(`${site.origin}/account`, { headers: { Cookie: cookie } });
	expect(response.status).toBe(200);
	return response.text();
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
