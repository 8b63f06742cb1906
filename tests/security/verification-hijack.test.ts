import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { loader as accountLoader } from "~/routes/account/route";
import { action as loginAction } from "~/routes/login/route";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { getUser, startSession } from "~/services/auth.server";
import { resendVerification } from "~/services/email-verification.server";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { cookiesFrom, formRequest, getRequest, settle, statusOf } from "../support/requests";
import { linkIn } from "../support/smtp";

/**
 * Taking over an address through its confirmation link. An attacker registers the victim's address with a
 * password of their own; the victim, mailed "confirm your e-mail", follows the link; the account is then
 * confirmed, and the attacker signs in and reads the victim's earlier anonymous orders. And before that,
 * signing in with the password just chosen told a new address (302) from a taken one (401). Now a link
 * followed by someone not signed in to that account asks for the account's password, confirming ends the
 * account's other sessions, and an account made by registration signs in only once confirmed, with the
 * answer a wrong password gets.
 */
const PROJECT = "terra-modular-sofa";
const { deliverTo } = smtpDeliveryForEachTest();

let ipCounter = 0;
function nextIp(): string {
	ipCounter += 1;
	return `192.0.2.${ipCounter}`;
}

async function register(email: string, password: string) {
	const result = await settle(async () =>
		registerAction({
			request: await countedFormRequest(
				"/register",
				{ ...GIVEN_CONSENT, email, phone: "+79161234567", password },
				{ headers: { "X-Forwarded-For": nextIp() } },
			),
			params: {},
			context: {},
		}),
	);
	expect(statusOf(result)).toBe(200);
}

async function requestPieceAnonymously(email: string) {
	const path = `/project/${PROJECT}/request`;
	const result = await settle(async () =>
		requestAction({
			request: await countedFormRequest(
				path,
				{ ...GIVEN_CONSENT, email, phone: "+79161234567" },
				{ headers: { "X-Forwarded-For": nextIp() } },
			),
			params: { id: PROJECT },
			context: {},
		}),
	);
	expect(statusOf(result)).toBe(200);
}

/** The path and query of the verification link mailed to `email`. */
async function mailedLink(email: string): Promise<string> {
	const link = new URL(
		linkIn(await deliverTo(email, (mail) => /confirm/i.test(mail.subject)), "http://localhost/verify-email?"),
	);
	return `${link.pathname}${link.search}`;
}

async function openLink(path: string, cookie?: string) {
	const result = await settle(() =>
		verifyLoader({ request: getRequest(path, cookie), params: {}, context: {} }),
	);
	return { status: statusOf(result), state: (result as { data?: { state?: string } }).data?.state };
}

async function confirmWithPassword(path: string, password: string) {
	const token = new URL(`http://localhost${path}`).searchParams.get("token") ?? "";
	return settle(() =>
		verifyAction({
			request: formRequest(
				"/verify-email",
				{ intent: "confirm", token, password },
				{ headers: { "X-Forwarded-For": nextIp() } },
			),
			params: {},
			context: {},
		}),
	);
}

async function signIn(username: string, password: string) {
	const result = await settle(() =>
		loginAction({
			request: formRequest("/login", { username, password }, { headers: { "X-Forwarded-For": nextIp() } }),
			params: {},
			context: {},
		}),
	);
	const errors =
		(result as { data?: { result?: { error?: Record<string, unknown> } } }).data?.result?.error ?? null;
	return { status: statusOf(result), errors, cookie: result instanceof Response ? cookiesFrom(result) : "" };
}

const verifiedAt = async (email: string) =>
	(
		await db
			.selectFrom("users")
			.select("email_verified_at")
			.where("email", "=", email)
			.executeTakeFirstOrThrow()
	).email_verified_at;

async function myOrders(cookie: string): Promise<unknown[]> {
	const result = (await accountLoader({
		request: getRequest("/account", cookie),
		params: {},
		context: {},
	})) as unknown as {
		data: { orders: unknown[] };
	};
	return result.data.orders;
}

describe("verification hijack", () => {
	it("the owner following the link to an account an attacker registered on their address confirms nothing", async () => {
		await requestPieceAnonymously("olga@example.com");
		await register("olga@example.com", "the-attackers-password");
		const link = await mailedLink("olga@example.com");

		// The owner opens the link (not signed in): the page asks for the account's password, and confirms nothing.
		expect(await openLink(link)).toEqual({ status: 200, state: "password" });
		expect(await verifiedAt("olga@example.com")).toBeNull();
		expect(statusOf(await confirmWithPassword(link, "olgas-own-guess"))).toBe(401);
		expect(await verifiedAt("olga@example.com")).toBeNull();

		// So the attacker never gets in, and never sees the owner's request.
		expect((await signIn("olga@example.com", "the-attackers-password")).status).toBe(401);
	});

	it("confirming ends the account's other sessions (a thief's among them)", async () => {
		// An account that may sign in before confirming (made by an administrator, or before this rule).
		const user = await createUser({
			email: "vera@example.com",
			phone: null,
			password: "veras-password",
			username: "vera",
		});
		const thief = (await startSession(user.id)).split(";")[0] ?? "";
		const owner = (await startSession(user.id)).split(";")[0] ?? "";
		expect(await resendVerification(user, "en", "http://localhost")).toEqual({ ok: true });
		const link = await mailedLink("vera@example.com");

		expect(await openLink(link, owner)).toEqual({ status: 200, state: "confirmed" });
		expect(await verifiedAt("vera@example.com")).not.toBeNull();
		expect(await getUser(getRequest("/", thief))).toBeNull();
		expect((await getUser(getRequest("/", owner)))?.id).toBe(user.id);
	});

	it("confirming with the password signs the owner in, and their anonymous requests join the account", async () => {
		await requestPieceAnonymously("Pavel@Example.com");
		await register("pavel@example.com", "pavels-password");
		const link = await mailedLink("pavel@example.com");
		expect(await openLink(link)).toEqual({ status: 200, state: "password" });

		const confirmed = (await confirmWithPassword(link, "pavels-password")) as Response;
		expect(confirmed.status).toBe(302);
		expect(confirmed.headers.get("Location")).toBe("/account");
		const cookie = cookiesFrom(confirmed);
		expect(cookie).toContain("forma_session=");
		expect(await verifiedAt("pavel@example.com")).not.toBeNull();
		expect(await myOrders(cookie)).toHaveLength(1);
		// The link is spent.
		expect((await openLink(link)).status).toBe(410);
	});

	it("registration enumeration by signing in: a new unconfirmed account answers like a taken address with a wrong password", async () => {
		// Two addresses of the same length: one taken (its owner's password is not the attacker's), one new.
		await createUser({
			email: "taken1@example.com",
			phone: null,
			password: "the-owners-password",
			username: "taken1",
		});
		await register("taken1@example.com", "attackers-choice");
		await register("fresh1@example.com", "attackers-choice");

		const taken = await signIn("taken1@example.com", "attackers-choice");
		const fresh = await signIn("fresh1@example.com", "attackers-choice");
		expect(fresh.status).toBe(401);
		expect(fresh).toEqual(taken);
		// And it goes on answering the same: the unconfirmed sign-ins count as failures, as wrong passwords do.
		for (let i = 0; i < 5; i++) {
			const again = await settle(() =>
				loginAction({
					request: formRequest(
						"/login",
						{ username: "fresh1@example.com", password: "attackers-choice" },
						{ headers: { "X-Forwarded-For": "198.51.100.9" } },
					),
					params: {},
					context: {},
				}),
			);
			const other = await settle(() =>
				loginAction({
					request: formRequest(
						"/login",
						{ username: "taken1@example.com", password: "attackers-choice" },
						{ headers: { "X-Forwarded-For": "198.51.100.9" } },
					),
					params: {},
					context: {},
				}),
			);
			expect(statusOf(again)).toBe(statusOf(other));
		}

		// Once its owner confirms it (with the password), the new account signs in.
		const link = await mailedLink("fresh1@example.com");
		expect(statusOf(await confirmWithPassword(link, "attackers-choice"))).toBe(302);
		expect((await signIn("fresh1@example.com", "attackers-choice")).status).toBe(302);
	});
});
