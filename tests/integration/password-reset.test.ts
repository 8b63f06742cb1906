import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser, setUserStatus } from "~/models/users.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login/route";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { getUser, startSession } from "~/services/auth.server";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { linkIn } from "../support/smtp";

const PASSWORD = "the-old-password";
const NEW_PASSWORD = "a-brand-new-password";

const { deliver } = smtpDeliveryForEachTest();

let addressCounter = 0;
/** Each test speaks from an address of its own, so the per-address limit is only met where it is tested. */
function freshAddress(): string {
	addressCounter += 1;
	return `192.0.2.${addressCounter}`;
}

function account(name: string) {
	return createUser({ email: `${name}@example.com`, phone: null, password: PASSWORD, username: name });
}

/** What /forgot-password answers (the action's data, or a Response), with its status. */
async function askForReset(email: string, options: { language?: "en" | "ru"; address?: string } = {}) {
	const result = await settle(() =>
		forgotAction({
			request: formRequest(
				`/forgot-password?lng=${options.language ?? "en"}`,
				{ email },
				{ headers: { "X-Forwarded-For": options.address ?? freshAddress() } },
			),
			params: {},
			context: {},
		}),
	);
	return { status: statusOf(result), body: (result as { data?: unknown }).data, result };
}

/** The token in the link of the newest reset message to `email`, as a real SMTP server received it. */
async function tokenFromMail(email: string): Promise<{ token: string; link: string }> {
	const server = await deliver();
	const mails = server.messages.filter((mail) => mail.to.includes(email));
	const mail = mails.at(-1);
	if (!mail) throw new Error(`no mail to ${email}`);
	const link = linkIn(mail, "http://localhost/reset-password?");
	return { token: new URL(link).searchParams.get("token") ?? "", link };
}

async function openLink(token: string) {
	const result = await settle(() =>
		resetLoader({
			request: getRequest(`/reset-password?${new URLSearchParams({ token })}`),
			params: {},
			context: {},
		}),
	);
	return { status: statusOf(result), body: (result as { data: { problem: string | null } }).data };
}

async function setNewPassword(token: string, password = NEW_PASSWORD, confirm = password) {
	return settle(() =>
		resetAction({
			request: formRequest("/reset-password", { token, password, confirm }),
			params: {},
			context: {},
		}),
	);
}

async function signIn(username: string, password: string) {
	const result = await settle(() =>
		loginAction({
			request: formRequest(
				"/login",
				{ username, password },
				{ headers: { "X-Forwarded-For": freshAddress() } },
			),
			params: {},
			context: {},
		}),
	);
	return statusOf(result);
}

describe("forgot password", () => {
	it("mails a reset link in English, delivered over SMTP, that sets the password once", async () => {
		const user = await account("anna");
		const answer = await askForReset("ANNA@example.com");
		expect(answer.status).toBe(200);
		const server = await deliver();
		const mail = await server.waitFor((m) => m.to.includes("anna@example.com"));
		expect(mail.subject).toBe("Reset your FORMA password");
		expect(mail.language).toBe("en");
		expect(mail.text).toContain("The link works once, for one hour.");
		expect(mail.html).toContain("Choose a new password");
		const { token, link } = await tokenFromMail("anna@example.com");
		expect(link).toMatch(/^http:\/\/localhost\/reset-password\?token=[\w-]{43}&lng=en$/);
		// Only the token's hash is stored.
		const stored = await db.selectFrom("email_tokens").select("token_hash").execute();
		expect(stored.map((row) => row.token_hash)).not.toContain(token);

		expect(await openLink(token)).toEqual({ status: 200, body: expect.objectContaining({ problem: null }) });
		const reset = (await setNewPassword(token)) as Response;
		expect(reset.status).toBe(302);
		expect(reset.headers.get("Location")).toBe("/login");
		expect(reset.headers.get("Set-Cookie")).toContain("forma_toast");
		expect(await signIn("anna", PASSWORD)).toBe(401);
		expect(await signIn("anna", NEW_PASSWORD)).toBe(302);
		// Following the link proved the address.
		const row = await db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
		expect(row.email_verified_at).not.toBeNull();

		// The link is used: opening it again or posting it again explains that, and nothing changes.
		expect(await openLink(token)).toEqual({
			status: 410,
			body: expect.objectContaining({ problem: "used" }),
		});
		const again = await setNewPassword(token, "yet-another-password");
		expect(statusOf(again)).toBe(410);
		expect((again as { data: { problem: string } }).data.problem).toBe("used");
		expect(await signIn("anna", "yet-another-password")).toBe(401);
	});

	it("writes the message in Russian when the page was Russian", async () => {
		await account("boris");
		await askForReset("boris@example.com", { language: "ru" });
		const server = await deliver();
		const mail = await server.waitFor((m) => m.to.includes("boris@example.com"));
		expect(mail.subject).toBe("Сброс пароля ФОРМЫ");
		expect(mail.language).toBe("ru");
		expect(mail.text).toContain("Выбрать новый пароль");
		expect(linkIn(mail, "http://localhost/reset-password?")).toContain("lng=ru");
	});

	it("ends every earlier session of the user", async () => {
		const user = await account("vera");
		const cookies = await Promise.all([startSession(user.id), startSession(user.id)]);
		for (const cookie of cookies) expect(await getUser(getRequest("/", cookie.split(";")[0]))).not.toBeNull();
		await askForReset("vera@example.com");
		const { token } = await tokenFromMail("vera@example.com");
		expect(statusOf(await setNewPassword(token))).toBe(302);
		for (const cookie of cookies) expect(await getUser(getRequest("/", cookie.split(";")[0]))).toBeNull();
		const left = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
		expect(left).toEqual([]);
	});

	it("refuses a link older than an hour, and one that never existed", async () => {
		await account("gleb");
		await askForReset("gleb@example.com");
		const { token } = await tokenFromMail("gleb@example.com");
		await db
			.updateTable("email_tokens")
			.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
			.execute();
		expect(await openLink(token)).toEqual({
			status: 410,
			body: expect.objectContaining({ problem: "expired" }),
		});
		expect(statusOf(await setNewPassword(token))).toBe(410);
		expect(await signIn("gleb", PASSWORD)).toBe(302);
		expect(await openLink("not-a-token")).toEqual({
			status: 400,
			body: expect.objectContaining({ problem: "invalid" }),
		});
	});

	it("says when the two passwords differ, next to the repeat field", async () => {
		await account("dina");
		await askForReset("dina@example.com");
		const { token } = await tokenFromMail("dina@example.com");
		const result = await setNewPassword(token, NEW_PASSWORD, "something-else");
		expect(statusOf(result)).toBe(400);
		const reply = (result as { data: { result: { error: Record<string, string[]> } } }).data.result;
		expect(reply.error.confirm).toEqual(["validation.passwordsDiffer"]);
		// Nothing was used up.
		expect((await openLink(token)).status).toBe(200);
	});

	it("answers an unknown, a blocked and a known address with the same bytes, and mails only the known one", async () => {
		await account("known");
		const blocked = await account("blocked");
		await setUserStatus(blocked.id, "blocked");
		const answers = [];
		for (const email of ["known@example.com", "nobody@example.com", "blocked@example.com"]) {
			const answer = await askForReset(email, { address: "198.51.100.9" });
			// The answer names the address it was given; with that replaced, all three are the same.
			answers.push({
				status: answer.status,
				body: JSON.stringify(answer.body).replaceAll(email, "EMAIL"),
				init: JSON.stringify((answer.result as { init?: unknown }).init),
			});
		}
		expect(answers[1]).toEqual(answers[0]);
		expect(answers[2]).toEqual(answers[0]);
		const outbox = await db.selectFrom("outbox").select(["kind", "to_address"]).execute();
		expect(outbox).toEqual([{ kind: "password_reset", to_address: "known@example.com" }]);
	});

	it("sends at most three reset messages to one address in an hour, with the same answer", async () => {
		await account("elena");
		const answers = new Set<string>();
		for (let i = 0; i < 5; i++) {
			const answer = await askForReset("elena@example.com");
			expect(answer.status).toBe(200);
			answers.add(JSON.stringify(answer.body));
		}
		expect(answers.size).toBe(1);
		const server = await deliver();
		expect(server.messages.filter((m) => m.to.includes("elena@example.com"))).toHaveLength(3);
		// Only the newest link works.
		const tokens = await db.selectFrom("email_tokens").select("used_at").execute();
		expect(tokens.filter((row) => row.used_at === null)).toHaveLength(1);
	});

	it("answers 429, translated, after five requests from one address in 15 minutes", async () => {
		const address = "203.0.113.5";
		for (let i = 0; i < 5; i++)
			expect((await askForReset(`someone${i}@example.com`, { address })).status).toBe(200);
		const refused = await askForReset("someone@example.com", { address });
		expect(refused.status).toBe(429);
		expect(
			(refused.result as { init: { headers: Record<string, string> } }).init.headers["Retry-After"],
		).toMatch(/^\d+$/);
		expect(JSON.stringify(refused.body)).toContain("forgotPassword.errors.tooManyAttempts");
		expect(await db.selectFrom("outbox").select("id").execute()).toEqual([]);
	});
});
