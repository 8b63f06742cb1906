import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { findConsentsByContact } from "~/models/consents.server";
import { createUser } from "~/models/users.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account/route";
import { action as consentsAdminAction, loader as consentsAdminLoader } from "~/routes/admin.consents/route";
import { loader as consentPageLoader } from "~/routes/consent.$purpose";
import { action as requestAction, loader as requestLoader } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { withFormToken } from "../support/form-tokens";
import { refuseWrites } from "../support/refuse-writes";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

/**
 * The consent to processing of personal data (issue #36, docs/decisions/0031): a form that collects personal
 * data refuses a post without its box and stores nothing; the record is written in the same transaction as
 * what it consents to, with the version the form showed, which must exist; an administrator's edit makes a
 * new version and keeps the old one readable; a person withdraws from the account page. Real actions against
 * the per-test database (SQLite, then Postgres), no mocks.
 */

const PROJECT = "terra-modular-sofa";
const REQUEST_PATH = `/project/${PROJECT}/request`;

async function postPurchase(
	fields: Record<string, string>,
	options: { cookie?: string; ip?: string } = {},
): Promise<unknown> {
	const sent = await withFormToken(REQUEST_PATH, fields, options.cookie);
	return settle(() =>
		requestAction({
			request: formRequest(REQUEST_PATH, sent, {
				cookie: options.cookie,
				headers: { "X-Forwarded-For": options.ip ?? "192.0.2.77" },
			}),
			params: { id: PROJECT },
			context: {},
		}),
	);
}

async function postRegistration(fields: Record<string, string>, ip = "192.0.2.78"): Promise<unknown> {
	const sent = await withFormToken("/register", fields);
	return settle(() =>
		registerAction({
			request: formRequest("/register", sent, { headers: { "X-Forwarded-For": ip } }),
			params: {},
			context: {},
		}),
	);
}

/** The action's Conform reply: the messages by field and what was typed. */
function replyOf(result: unknown) {
	const body = (result as { data?: { result?: unknown } }).data?.result as
		| { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
		| undefined;
	return { errors: body?.error ?? {}, typed: body?.initialValue ?? {} };
}

/** Rows in every table a purchase request or a registration writes to. */
async function stored() {
	const count = async (table: "purchase_requests" | "consents" | "outbox" | "users") =>
		Number(
			(
				await db
					.selectFrom(table)
					.select((eb) => eb.fn.countAll<number>().as("n"))
					.executeTakeFirstOrThrow()
			).n,
		);
	return {
		requests: await count("purchase_requests"),
		consents: await count("consents"),
		mail: await count("outbox"),
		users: await count("users"),
	};
}

async function signedIn(role: "user" | "admin", name: string) {
	const user = await createUser({
		email: `${name}@example.com`,
		phone: null,
		password: "long-enough-password",
		username: name,
		role,
		emailVerified: true,
	});
	return { user, cookie: (await startSession(user.id)).split(";")[0] ?? "" };
}

const consentRows = () => db.selectFrom("consents").selectAll().orderBy("id").execute();

describe("the purchase form's consent", () => {
	it("refuses a request without the box: 400, the message next to it, what was typed kept, nothing stored", async () => {
		const before = await stored();
		const result = await postPurchase({ email: "Guest@Example.com", phone: "+7 916 123-45-67" });
		expect(statusOf(result)).toBe(400);
		const { errors, typed } = replyOf(result);
		expect(errors.consent).toEqual(["validation.consentPurchase"]);
		expect(typed).toMatchObject({ email: "Guest@Example.com", phone: "+7 916 123-45-67" });
		expect(await stored()).toEqual(before);
	});

	it("refuses a version of the text that does not exist (a forged field), storing nothing", async () => {
		const before = await stored();
		for (const consentVersion of ["99", "0", "abc", ""]) {
			const result = await postPurchase({
				email: "forger@example.com",
				phone: "+79161234567",
				consent: "on",
				consentVersion,
			});
			expect(statusOf(result), consentVersion).toBe(400);
			expect(replyOf(result).errors.consent, consentVersion).toEqual(["validation.consentVersion"]);
		}
		expect(await stored()).toEqual(before);
	});

	it("records the consent with the request: purpose, version in force, account, e-mail, phone, address, method", async () => {
		const { user, cookie } = await signedIn("user", "vera");
		const page = (await requestLoader({
			request: getRequest(REQUEST_PATH, cookie),
			params: { id: PROJECT },
			context: {},
		})) as { consentVersion: number | null };
		expect(page.consentVersion).toBe(1);
		const result = await postPurchase(
			{ ...GIVEN_CONSENT, email: "Vera@Example.com", phone: "+7 (916) 123-45-67" },
			{ cookie, ip: "203.0.113.9" },
		);
		expect(statusOf(result)).toBe(200);
		const request = await db
			.selectFrom("purchase_requests")
			.select(["id"])
			.where("email", "=", "Vera@Example.com")
			.executeTakeFirstOrThrow();
		const [record, ...others] = await consentRows();
		expect(others).toEqual([]);
		expect(record).toMatchObject({
			purpose: "purchase",
			text_version: 1,
			action: "given",
			user_id: user.id,
			email: "vera@example.com",
			phone: "+79161234567",
			client_address: "203.0.113.9",
			method: "form",
			request_id: request.id,
		});
		expect(Date.now() - Date.parse(record?.created_at ?? "")).toBeLessThan(60_000);
	});

	it("writes the request and its consent in one transaction: when the record cannot be written, neither is", async () => {
		const before = await stored();
		const lift = await refuseWrites(db, {
			name: "refuse_consents",
			table: "consents",
			event: "insert",
			message: "consent refused",
		});
		try {
			await expect(
				postPurchase({ ...GIVEN_CONSENT, email: "atomic@example.com", phone: "+79161234567" }),
			).rejects.toThrow(/consent refused/);
		} finally {
			await lift();
		}
		expect(await stored()).toEqual(before);
	});
});

describe("registration's consent", () => {
	it("refuses an account without the box: 400, the message, what was typed kept, no user, mail or consent", async () => {
		const before = await stored();
		const result = await postRegistration({
			email: "new-person@example.com",
			phone: "+79161234567",
			password: "long-enough-pw",
		});
		expect(statusOf(result)).toBe(400);
		const { errors, typed } = replyOf(result);
		expect(errors.consent).toEqual(["validation.consentAccount"]);
		expect(typed).toMatchObject({ email: "new-person@example.com", phone: "+79161234567" });
		expect(await stored()).toEqual(before);
	});

	it("refuses a forged version, and records a given one with the new account", async () => {
		const before = await stored();
		const forged = await postRegistration({
			email: "new-person@example.com",
			phone: "+79161234567",
			password: "long-enough-pw",
			consent: "on",
			consentVersion: "7",
		});
		expect(statusOf(forged)).toBe(400);
		expect(await stored()).toEqual(before);

		await postRegistration(
			{
				...GIVEN_CONSENT,
				email: "New-Person@example.com",
				phone: "+79161234567",
				password: "long-enough-pw",
			},
			"198.51.100.4",
		);
		const user = await db
			.selectFrom("users")
			.select("id")
			.where("email", "=", "New-Person@example.com")
			.executeTakeFirstOrThrow();
		expect(await consentRows()).toMatchObject([
			{
				purpose: "account",
				text_version: 1,
				action: "given",
				user_id: user.id,
				email: "new-person@example.com",
				phone: "+79161234567",
				client_address: "198.51.100.4",
				method: "form",
				request_id: null,
			},
		]);
	});
});

describe("consent texts", () => {
	const save = (cookie: string, fields: Record<string, string>) =>
		settle(() =>
			consentsAdminAction({
				request: formRequest("/admin/consents", fields, { cookie }),
				params: {},
				context: {},
			}),
		);
	const page = async (path: string) => {
		const url = new URL(path, "http://localhost");
		const result = await settle(() =>
			consentPageLoader({
				request: getRequest(`${url.pathname}${url.search}`),
				params: { purpose: url.pathname.split("/")[2] },
				context: {},
			}),
		);
		return result as Response | { data: { version: number; body: string; isCurrent: boolean } };
	};

	it("an administrator's save makes version n+1, audited; the old version stays readable; later consents name the new one", async () => {
		const { cookie } = await signedIn("admin", "curator-c");
		const saved = await save(cookie, {
			purpose: "purchase",
			basedOn: "1",
			bodyRu: "Новый текст согласия.",
			bodyEn: "The new consent text.",
		});
		expect(statusOf(saved)).toBe(302);
		const versions = await db
			.selectFrom("consent_texts")
			.select(["version", "body_en", "created_by"])
			.where("purpose", "=", "purchase")
			.orderBy("version")
			.execute();
		expect(versions.map((row) => row.version)).toEqual([1, 2]);
		expect(versions[1]).toMatchObject({ body_en: "The new consent text.", created_by: "curator-c" });
		const audit = await db
			.selectFrom("audit_log")
			.selectAll()
			.where("entity_kind", "=", "consent_text")
			.execute();
		expect(audit).toMatchObject([{ entity_id: "purchase", action: "updated", entity_version: 2 }]);

		const current = await page("/consent/purchase");
		expect(current).toMatchObject({
			data: { version: 2, isCurrent: true, body: expect.stringContaining("consent text.") },
		});
		const old = await page("/consent/purchase?version=1");
		expect(old).toMatchObject({ data: { version: 1, isCurrent: false } });
		expect((old as { data: { body: string } }).data.body).toContain("purchase request");

		// The form now shows version 2, and the record names it.
		await postPurchase({
			email: "later@example.com",
			phone: "+79161234567",
			consent: "on",
			consentVersion: "2",
		});
		expect(await consentRows()).toMatchObject([{ purpose: "purchase", text_version: 2 }]);

		// The same form posted again (opened at version 1) replaces nobody's words: 409, nothing saved.
		const stale = await save(cookie, { purpose: "purchase", basedOn: "1", bodyRu: "x", bodyEn: "y" });
		expect(statusOf(stale)).toBe(409);
		expect(
			await db.selectFrom("consent_texts").select("version").where("purpose", "=", "purchase").execute(),
		).toHaveLength(2);
	});

	it("publishes only known purposes and versions (404 otherwise), in the visitor's language", async () => {
		for (const path of ["/consent/newsletter", "/consent/purchase?version=2", "/consent/account?version=x"]) {
			expect(statusOf(await page(path)), path).toBe(404);
		}
		const russian = await settle(() =>
			consentPageLoader({
				request: getRequest("/consent/account?lng=ru"),
				params: { purpose: "account" },
				context: {},
			}),
		);
		expect((russian as { data: { body: string } }).data.body).toContain("Регистрируясь");
	});

	it("is for administrators only: a signed-in user can neither read the record nor save a text", async () => {
		const { cookie } = await signedIn("user", "nosy");
		const read = await settle(() =>
			consentsAdminLoader({
				request: getRequest("/admin/consents?q=vera@example.com", cookie),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(read)).toBe(302);
		const write = await save(cookie, { purpose: "account", basedOn: "1", bodyRu: "x", bodyEn: "y" });
		expect(statusOf(write)).toBe(302);
		expect(await db.selectFrom("consent_texts").select("id").execute()).toHaveLength(2);
		const anonymous = await settle(() =>
			consentsAdminLoader({ request: getRequest("/admin/consents"), params: {}, context: {} }),
		);
		expect(statusOf(anonymous)).toBe(302);
	});
});

describe("finding and withdrawing consents", () => {
	it("finds a person's consents by e-mail in any case or by phone in any spacing", async () => {
		await postPurchase({ ...GIVEN_CONSENT, email: "Finder@Example.com", phone: "+7 916 555-44-33" });
		await postPurchase(
			{ ...GIVEN_CONSENT, email: "other@example.com", phone: "+79160000000" },
			{ ip: "192.0.2.90" },
		);
		const byEmail = await findConsentsByContact("FINDER@example.COM");
		const byPhone = await findConsentsByContact("+7 (916) 555 44 33");
		expect(byEmail.map((record) => record.email)).toEqual(["finder@example.com"]);
		expect(byPhone.map((record) => record.email)).toEqual(["finder@example.com"]);

		const { cookie } = await signedIn("admin", "curator-f");
		const screen = (await consentsAdminLoader({
			request: getRequest("/admin/consents?q=finder%40example.com", cookie),
			params: {},
			context: {},
		})) as unknown as { data: { found: Array<{ purpose: string; version: number }> } };
		expect(screen.data.found).toMatchObject([{ purpose: "purchase", version: 1 }]);
	});

	it("withdrawal from the account page is recorded (method account) and the page shows it withdrawn", async () => {
		const { user, cookie } = await signedIn("user", "wanda");
		await postPurchase({ ...GIVEN_CONSENT, email: "wanda@example.com", phone: "+79161234567" }, { cookie });
		const answer = await settle(() =>
			accountAction({
				request: formRequest(
					"/account",
					{ intent: "withdraw-consent", purpose: "purchase" },
					{ cookie, headers: { "X-Forwarded-For": "192.0.2.55" } },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(answer)).toBe(302);
		expect((answer as Response).headers.get("Location")).toBe("/account#consents");
		expect(await consentRows()).toMatchObject([
			{ purpose: "purchase", action: "given", method: "form" },
			{
				purpose: "purchase",
				text_version: 1,
				action: "withdrawn",
				method: "account",
				user_id: user.id,
				client_address: "192.0.2.55",
			},
		]);
		const account = (await accountLoader({
			request: getRequest("/account", cookie),
			params: {},
			context: {},
		})) as unknown as { data: { consents: Array<{ purpose: string; action: string }> } };
		expect(account.data.consents).toEqual([
			expect.objectContaining({ purpose: "purchase", action: "withdrawn" }),
		]);

		// Withdrawing the account consent leads to deleting the account.
		await db
			.insertInto("consents")
			.values({
				purpose: "account",
				text_version: 1,
				action: "given",
				user_id: user.id,
				method: "form",
				created_at: new Date().toISOString(),
			})
			.execute();
		const accountWithdrawal = await settle(() =>
			accountAction({
				request: formRequest("/account", { intent: "withdraw-consent", purpose: "account" }, { cookie }),
				params: {},
				context: {},
			}),
		);
		expect((accountWithdrawal as Response).headers.get("Location")).toBe("/account#delete-account");
		expect((await consentRows()).at(-1)).toMatchObject({ purpose: "account", action: "withdrawn" });
	});
});
