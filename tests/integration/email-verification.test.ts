import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createEmailToken, linkSecretFor } from "~/models/email-tokens.server";
import { createUser } from "~/models/users.server";
import { loader as accountLoader } from "~/routes/account/route";
import { action as loginAction } from "~/routes/login/route";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { action as resendAction, loader as verifyLoader } from "~/routes/verify-email";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { cookiesFrom, formRequest, getRequest, settle, statusOf } from "../support/requests";
import { linkIn } from "../support/smtp";

const PASSWORD = "long-enough-pw";

const { deliver, deliverTo } = smtpDeliveryForEachTest();

let address = 0;
/** Each call comes from its own network address, so the registration limit never gets in the way. */
const nextIp = () => `198.18.0.${++address}`;

async function register(email: string, language: "en" | "ru" = "en") {
	return registerAction({
		request: await countedFormRequest(
			`/register?lng=${language}`,
			{ ...GIVEN_CONSENT, email, phone: "+79161234567", password: PASSWORD },
			{ headers: { "X-Forwarded-For": nextIp() } },
		),
		params: {},
		context: {},
	});
}

/** The link's form, sent with the account's password (followed by someone not signed in to it). */
async function confirm(link: string, password = PASSWORD) {
	const token = new URL(link).searchParams.get("token") ?? "";
	return settle(() =>
		resendAction({
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

/** An account that may sign in before confirming its address (made by an administrator), signed in. */
async function signedInUnconfirmed(email: string): Promise<string> {
	await createUser({ email, phone: null, password: PASSWORD, username: email.split("@")[0] });
	return signIn(email);
}

async function signIn(login: string): Promise<string> {
	const response = (await loginAction({
		request: formRequest(
			"/login",
			{ username: login, password: PASSWORD },
			{ headers: { "X-Forwarded-For": nextIp() } },
		),
		params: {},
		context: {},
	})) as Response;
	expect(response.status).toBe(302);
	return cookiesFrom(response);
}

/** Opens a link from a message as the browser would: the /verify-email page's status and state. */
async function follow(link: string, cookie?: string) {
	const url = new URL(link);
	const result = await settle(() =>
		verifyLoader({ request: getRequest(`${url.pathname}${url.search}`, cookie), params: {}, context: {} }),
	);
	const { data, init } = result as { data: { state: string; canResend: boolean }; init?: ResponseInit };
	const headers = new Headers(init?.headers);
	return { status: statusOf(result), state: data.state, canResend: data.canResend, headers };
}

async function myOrders(cookie: string): Promise<Array<{ projectName: string }>> {
	const result = (await accountLoader({
		request: getRequest("/account", cookie),
		params: {},
		context: {},
	})) as unknown as { data: { orders: Array<{ projectName: string }> } };
	return result.data.orders;
}

const verifiedAt = async (email: string) =>
	(
		await db
			.selectFrom("users")
			.select("email_verified_at")
			.where("email", "=", email)
			.executeTakeFirstOrThrow()
	).email_verified_at;

describe("e-mail verification", () => {
	it("sends a new account a working link over SMTP (English); following it confirms, the same link again is 'used'", async () => {
		expect(statusOf(await register("eva@example.com"))).toBe(200);
		const mail = await deliverTo("eva@example.com");
		expect(mail.subject).toBe("Confirm your e-mail for FORMA");
		expect(mail.language).toBe("en");
		expect(mail.text).toContain("The link works once, for 24 hours.");
		const link = linkIn(mail, "http://localhost/verify-email?token=");
		expect(mail.html).toContain(link.replaceAll("&", "&amp;"));
		expect(await verifiedAt("eva@example.com")).toBeNull();

		// Opened by someone not signed in: the page asks for the account's password, and confirms nothing yet.
		const first = await follow(link);
		expect(first).toMatchObject({ status: 200, state: "password" });
		expect(first.headers.get("Cache-Control")).toBe("no-store");
		expect(first.headers.get("Referrer-Policy")).toBe("same-origin");
		expect(await verifiedAt("eva@example.com")).toBeNull();
		const confirmed = (await confirm(link)) as Response;
		expect(confirmed.status).toBe(302);
		expect(confirmed.headers.get("Location")).toBe("/account");
		expect(confirmed.headers.getSetCookie().join()).toContain("forma_session=");
		expect(await verifiedAt("eva@example.com")).toBeTruthy();

		const again = await follow(link);
		expect(again).toMatchObject({ status: 410, state: "used" });
		expect(await follow("http://localhost/verify-email?token=made-up")).toMatchObject({
			status: 400,
			state: "invalid",
		});
	});

	it("writes the link in Russian to someone who registered on the Russian site, and it works", async () => {
		expect(statusOf(await register("ivan@example.com", "ru"))).toBe(200);
		const mail = await deliverTo("ivan@example.com");
		expect(mail.subject).toBe("Подтвердите email для ФОРМЫ");
		expect(mail.language).toBe("ru");
		expect(mail.text).toContain("Подтвердить email");
		const link = linkIn(mail, "http://localhost/verify-email?token=");
		expect(await follow(link)).toMatchObject({ status: 200, state: "password" });
		expect(statusOf(await confirm(link))).toBe(302);
		expect(await verifiedAt("ivan@example.com")).toBeTruthy();
	});

	it("refuses a link 25 hours old as expired (410), and sends a new one to its address from that page", async () => {
		await register("old@example.com");
		const user = await db
			.selectFrom("users")
			.selectAll()
			.where("email", "=", "old@example.com")
			.executeTakeFirstOrThrow();
		const { id } = await createEmailToken(db, {
			userId: user.id,
			purpose: "verify_email",
			email: user.email,
			now: new Date(Date.now() - 25 * 60 * 60 * 1000),
		});
		const token = (await linkSecretFor(id)) ?? "";
		const link = `http://localhost/verify-email?token=${token}`;
		expect(await follow(link)).toMatchObject({ status: 410, state: "expired", canResend: false });
		expect(await verifiedAt("old@example.com")).toBeNull();
		// Not signed in (the account cannot sign in yet): the old link names the account, a new one goes out.
		const sent = (await settle(() =>
			resendAction({
				request: formRequest(
					"/verify-email",
					{ token, redirectTo: "/login" },
					{ headers: { "X-Forwarded-For": nextIp() } },
				),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(sent.status).toBe(302);
		expect(sent.headers.get("Location")).toBe("/login");
		const server = await deliver();
		const links = server.messages
			.filter((mail) => mail.to.includes("old@example.com"))
			.map((mail) => linkIn(mail, "http://localhost/verify-email?token="));
		// The registration's link (replaced) and the new one, which works.
		expect(links).toHaveLength(2);
		expect(statusOf(await confirm(links[1] ?? ""))).toBe(302);
		expect(await verifiedAt("old@example.com")).toBeTruthy();
		// A made-up token names nothing.
		const nonsense = await settle(() =>
			resendAction({
				request: formRequest(
					"/verify-email",
					{ token: "made-up" },
					{ headers: { "X-Forwarded-For": nextIp() } },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(nonsense)).toBe(400);
	});

	it("answers a taken address exactly like a new one, makes no account and tells the owner instead", async () => {
		const fresh = await register("taken@example.com");
		const taken = await register("TAKEN@example.com");
		const again = await register("taken@example.com");
		// The same status and data (the address as typed is all that differs, and here it is typed the same).
		expect(statusOf(taken)).toBe(statusOf(fresh));
		expect(JSON.stringify(again)).toBe(JSON.stringify(fresh));
		expect(taken).not.toBeInstanceOf(Response);
		expect(
			await db.selectFrom("users").select("id").where("email", "like", "taken@%").execute(),
		).toHaveLength(1);
		const outbox = await db.selectFrom("outbox").select(["kind", "to_address"]).orderBy("id").execute();
		// One verification for the account, one warning to its owner (the third attempt within the hour sends nothing).
		expect(outbox).toEqual([
			{ kind: "verify_email", to_address: "taken@example.com" },
			{ kind: "registration_attempt", to_address: "TAKEN@example.com" },
		]);
		const warning = await deliverTo("taken@example.com", (mail) => /tried to register/.test(mail.subject));
		expect(warning.text).toContain("No new account was made");
		expect(linkIn(warning, "http://localhost/")).toBe("http://localhost/forgot-password");
	});

	it("sends the link again for a signed-in, unconfirmed account, three an hour at most (then 429)", async () => {
		const cookie = await signedInUnconfirmed("again@example.com");
		const resend = () =>
			settle(() =>
				resendAction({
					request: formRequest("/verify-email", { redirectTo: "/shop" }, { cookie }),
					params: {},
					context: {},
				}),
			);
		// Three links.
		for (let i = 0; i < 3; i++) {
			const sent = (await resend()) as Response;
			expect(sent.status).toBe(302);
			expect(sent.headers.get("Location")).toBe("/shop");
			expect(sent.headers.getSetCookie().join()).toContain("forma_toast=");
		}
		const refused = await resend();
		expect(statusOf(refused)).toBe(429);
		expect(JSON.stringify(refused)).toContain("tooMany");
		const sent = await db
			.selectFrom("outbox")
			.select("kind")
			.where("to_address", "=", "again@example.com")
			.execute();
		expect(sent).toHaveLength(3);
		// Only the newest link works.
		const server = await deliver();
		const links = server.messages.map((mail) => linkIn(mail, "http://localhost/verify-email?token="));
		expect(links).toHaveLength(3);
		expect(await follow(links[0] ?? "")).toMatchObject({ status: 410, state: "used" });
		// Followed in the account's own session: that confirms it at once.
		expect(await follow(links[2] ?? "", cookie)).toMatchObject({ status: 200, state: "confirmed" });
		// Confirmed: nothing more to send.
		const done = (await resend()) as Response;
		expect(done.status).toBe(302);
		expect(
			await db.selectFrom("outbox").select("id").where("to_address", "=", "again@example.com").execute(),
		).toHaveLength(3);
	});

	it("My orders gains the requests made anonymously with the address only once the address is confirmed", async () => {
		const requestPiece = async (email: string) => {
			const request = await countedFormRequest(
				"/project/terra-modular-sofa/request",
				{ ...GIVEN_CONSENT, email, phone: "+79161234567" },
				{ headers: { "X-Forwarded-For": nextIp() } },
			);
			return settle(() =>
				requestAction({
					request,
					params: { id: "terra-modular-sofa" },
					context: {},
				}),
			);
		};
		await requestPiece("Owner@Example.com");
		await requestPiece("someone-else@example.com");
		await register("owner@example.com");
		// Until the address is confirmed the account cannot sign in (the same answer as a wrong password).
		const early = await loginAction({
			request: formRequest(
				"/login",
				{ username: "owner@example.com", password: PASSWORD },
				{ headers: { "X-Forwarded-For": nextIp() } },
			),
			params: {},
			context: {},
		});
		expect(statusOf(early)).toBe(401);

		const mail = await deliverTo("owner@example.com", (mail) => /Confirm/.test(mail.subject));
		const confirmed = (await confirm(linkIn(mail, "http://localhost/verify-email?token="))) as Response;
		expect(confirmed.status).toBe(302);
		const cookie = cookiesFrom(confirmed);
		const orders = await myOrders(cookie);
		expect(orders).toHaveLength(1);
		expect(orders[0]?.projectName).toBeTruthy();
	});
});
