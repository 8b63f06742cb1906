import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createEmailToken } from "~/models/email-tokens.server";
import { setFavourite } from "~/models/favourites.server";
import { applyRetention, type PersonalDataExport } from "~/models/personal-data.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { loader as exportLoader } from "~/routes/account_.data[.]json";
import { action as deleteAction } from "~/routes/account_.delete";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.personal-data/route";
import { action as adminExportAction } from "~/routes/admin.personal-data_.export";
import { action as settingsAction } from "~/routes/admin.settings/route";
import { action as loginAction } from "~/routes/login/route";
import { action as myDataAction, loader as myDataLoader } from "~/routes/my-data";
import { action as downloadAction } from "~/routes/my-data_.download";
import { getUser, startSession } from "~/services/auth.server";
import { submitPurchaseRequest } from "~/services/purchase-requests.server";
import type { Database } from "~db/schema";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { renderPage, visibleText } from "../support/render-page";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { linkIn } from "../support/smtp";
import { versionOf } from "../support/versions";

/** A purchase request as the form makes it; the request itself (not whether it was a repeat). */
const submitRequest = async (input: Parameters<typeof submitPurchaseRequest>[0]) =>
	(await submitPurchaseRequest(input)).request;

const PASSWORD = "a-long-password-1";
const { deliver } = smtpDeliveryForEachTest();

async function session(userId: number) {
	return (await startSession(userId)).split(";")[0] ?? "";
}

let counter = 0;
function unique(name: string) {
	counter += 1;
	return `${name}-${Date.now().toString(36)}-${counter}`;
}

/** A verified account with a phone, a request made signed in and one made as a guest, a favourite, a consent. */
async function personWithData(name: string) {
	const email = `${name}@example.com`;
	const phone = `+7916${String(1000000 + counter * 7919).slice(-7)}`;
	const user = await createUser({ email, phone, password: PASSWORD, username: name });
	await db
		.updateTable("users")
		.set({ email_verified_at: new Date().toISOString() })
		.where("id", "=", user.id)
		.execute();
	await updateSettings({ emailNotifications: true, adminEmail: "gallery@example.com" });
	const signedIn = await submitRequest({
		projectId: "terra-modular-sofa",
		email,
		phone,
		userId: user.id,
		kind: "purchase",
		language: "en",
		origin: "http://localhost",
		consent: { version: 1, clientAddress: "127.0.0.1" },
	});
	const asGuest = await submitRequest({
		projectId: "arc-lounge-chair",
		email: email.toUpperCase(),
		phone,
		userId: null,
		kind: "purchase",
		language: "ru",
		origin: "http://localhost",
		consent: { version: 1, clientAddress: "127.0.0.1" },
	});
	// The old single note, a note of the staff's and a message of the conversation (issue #37) all name them.
	await db
		.updateTable("purchase_requests")
		.set({ note: `Called ${email} at ${phone}, wants delivery` })
		.where("id", "=", signedIn.id)
		.execute();
	const now = new Date().toISOString();
	await db
		.insertInto("request_notes")
		.values({ request_id: signedIn.id, author_name: "boss", body: `Wrote to ${email}`, created_at: now })
		.execute();
	await db
		.insertInto("request_messages")
		.values({ request_id: signedIn.id, author: "buyer", body: `Call me on ${phone}`, created_at: now })
		.execute();
	await setFavourite(user.id, "arc-lounge-chair", true);
	await db
		.transaction()
		.execute((trx) => createEmailToken(trx, { userId: user.id, purpose: "reset_password", email }));
	return { user, email, phone, signedIn, asGuest };
}

async function exportAs(cookie: string): Promise<PersonalDataExport> {
	const response = (await exportLoader({
		request: getRequest("/account/data.json", cookie),
		params: {},
		context: {},
	})) as Response;
	expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="forma-my-data-/);
	expect(response.headers.get("Cache-Control")).toBe("private, no-store");
	return (await response.json()) as PersonalDataExport;
}

async function signIn(username: string, password: string) {
	const result = await settle(() =>
		loginAction({
			request: formRequest(
				"/login",
				{ username, password },
				{ headers: { "X-Forwarded-For": "192.0.2.200" } },
			),
			params: {},
			context: {},
		}),
	);
	return (
		result instanceof Response &&
		result.status === 302 &&
		result.headers.get("Set-Cookie")?.includes("forma_session=")
	);
}

/** Every text value in every table, with where it is: so a column added later cannot escape the check. */
async function everyText(): Promise<Array<{ table: string; value: string }>> {
	const tables = (await db.introspection.getTables())
		.filter((table) => table.schema === undefined || table.schema === "public")
		.map((table) => table.name);
	const found: Array<{ table: string; value: string }> = [];
	for (const table of tables) {
		const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
		for (const row of rows) {
			for (const value of Object.values(row)) {
				if (typeof value === "string") found.push({ table, value });
			}
		}
	}
	return found;
}

function mentioning(texts: Array<{ table: string; value: string }>, needle: string) {
	const lower = needle.toLowerCase();
	const digits = needle.replace(/\D/g, "");
	return texts.filter(
		({ value }) =>
			value.toLowerCase().includes(lower) ||
			value.toLowerCase().includes(encodeURIComponent(lower)) ||
			(digits.length >= 10 && value.replace(/\D/g, "").includes(digits)),
	);
}

async function count(table: keyof Database): Promise<number> {
	const row = await db
		.selectFrom(table)
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

describe("a signed-in user's export", () => {
	it("holds their account, requests with status, favourites and consents, never the internal note or another's request", async () => {
		const name = unique("exporter");
		const { user, email, phone, signedIn, asGuest } = await personWithData(name);
		const other = await submitRequest({
			projectId: "terra-modular-sofa",
			email: `${unique("stranger")}@example.com`,
			phone: "+79990001122",
			userId: null,
			kind: "purchase",
			language: "en",
			origin: "http://localhost",
			consent: { version: 1, clientAddress: "127.0.0.1" },
		});
		const data = await exportAs(await session(user.id));
		expect(data.accounts).toEqual([
			expect.objectContaining({ username: name, email, phone, language: "en", role: "user" }),
		]);
		expect(data.requests.map((request) => request.id).sort()).toEqual([signedIn.id, asGuest.id].sort());
		expect(data.requests.every((request) => request.status === "new")).toBe(true);
		expect(data.favourites).toEqual([expect.objectContaining({ projectId: "arc-lounge-chair" })]);
		// One consent given with each of the two requests (the guest's address recorded lower-cased).
		const given = expect.objectContaining({ purpose: "purchase", textVersion: 1, action: "given", email });
		expect(data.consents).toEqual([given, given]);
		const text = JSON.stringify(data);
		expect(text).not.toContain("wants delivery");
		expect(text).not.toContain(String(other.email));
		expect(data.requests.some((request) => request.id === other.id)).toBe(false);
	});

	it("needs a session", async () => {
		const result = await settle(() =>
			exportLoader({ request: getRequest("/account/data.json"), params: {}, context: {} }),
		);
		expect(statusOf(result)).toBe(302);
	});
});

describe("deleting an account", () => {
	it("refuses a wrong password and changes nothing", async () => {
		const { user } = await personWithData(unique("keeper"));
		const cookie = await session(user.id);
		const result = await settle(() =>
			deleteAction({
				request: formRequest("/account/delete", { password: "not-the-password" }, { cookie }),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(result)).toBe(400);
		expect(JSON.stringify(result)).toContain("validation.currentPasswordWrong");
		expect(await getUser(getRequest("/", cookie))).not.toBeNull();
	});

	it("ends every session, removes the account, favourites and tokens, anonymises requests: no column anywhere names them", async () => {
		const name = unique("leaver");
		const { user, email, phone, signedIn, asGuest } = await personWithData(name);
		const cookie = await session(user.id);
		const elsewhere = await session(user.id);
		const requestsBefore = await count("purchase_requests");
		const consentsBefore = await count("consents");
		expect(mentioning(await everyText(), email).length).toBeGreaterThan(0);

		const result = (await settle(() =>
			deleteAction({
				request: formRequest("/account/delete", { password: PASSWORD }, { cookie }),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(result.status).toBe(302);
		expect(result.headers.get("Set-Cookie")).toContain("forma_session=;");

		expect(await getUser(getRequest("/", cookie))).toBeNull();
		expect(await getUser(getRequest("/", elsewhere))).toBeNull();
		expect(
			await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst(),
		).toBeUndefined();
		expect(await db.selectFrom("favourites").selectAll().where("user_id", "=", user.id).execute()).toEqual(
			[],
		);
		expect(await db.selectFrom("email_tokens").selectAll().where("user_id", "=", user.id).execute()).toEqual(
			[],
		);
		expect(await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).execute()).toEqual([]);
		// The sales history keeps its rows, without the person.
		expect(await count("purchase_requests")).toBe(requestsBefore);
		expect(await count("consents")).toBe(consentsBefore);
		const kept = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "in", [signedIn.id, asGuest.id])
			.execute();
		expect(kept).toHaveLength(2);
		for (const request of kept) {
			expect(request).toMatchObject({ email: "", phone: "", note: "", user_id: null });
			expect(request.anonymised_at).not.toBeNull();
		}
		const consent = await db
			.selectFrom("consents")
			.selectAll()
			.where("request_id", "=", asGuest.id)
			.executeTakeFirstOrThrow();
		expect(consent).toMatchObject({
			purpose: "purchase",
			text_version: 1,
			email: "",
			phone: "",
			user_id: null,
		});

		const texts = await everyText();
		expect(mentioning(texts, email)).toEqual([]);
		expect(mentioning(texts, phone)).toEqual([]);
		expect(await signIn(name, PASSWORD)).toBe(false);
	});

	it("is refused for an administrator's own account", async () => {
		const admin = await createUser({
			email: `${unique("boss")}@example.com`,
			phone: null,
			password: PASSWORD,
			username: unique("boss"),
			role: "admin",
		});
		const cookie = await session(admin.id);
		const result = await settle(() =>
			deleteAction({
				request: formRequest("/account/delete", { password: PASSWORD }, { cookie }),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(result)).toBe(403);
		expect(
			await db.selectFrom("users").select("id").where("id", "=", admin.id).executeTakeFirst(),
		).toBeDefined();
	});
});

describe("a guest's one-time link", () => {
	async function askForLink(email: string, address = "192.0.2.150") {
		return settle(() =>
			myDataAction({
				request: formRequest(
					"/my-data?lng=ru",
					{ intent: "request", email },
					{ headers: { "X-Forwarded-For": address } },
				),
				params: {},
				context: {},
			}),
		);
	}

	async function tokenFromMail(email: string) {
		const server = await deliver();
		const mail = server.messages.filter((each) => each.to.includes(email.toLowerCase())).at(-1);
		if (!mail) throw new Error(`no mail to ${email}`);
		return {
			mail,
			token: new URL(linkIn(mail, "http://localhost/my-data?")).searchParams.get("token") ?? "",
		};
	}

	async function post(fields: Record<string, string>) {
		if (fields.intent === "download") {
			return settle(() =>
				downloadAction({ request: formRequest("/my-data/download", fields), params: {}, context: {} }),
			);
		}
		return settle(() => myDataAction({ request: formRequest("/my-data", fields), params: {}, context: {} }));
	}

	it("answers alike for a known and an unknown address, and mails a link only for the known one, in the page's language", async () => {
		const email = `${unique("guest")}@example.com`;
		await submitRequest({
			projectId: "terra-modular-sofa",
			email,
			phone: "+79161112233",
			userId: null,
			kind: "purchase",
			language: "en",
			origin: "http://localhost",
			consent: { version: 1, clientAddress: "127.0.0.1" },
		});
		const unknown = `${unique("nobody")}@example.com`;
		const known = await askForLink(email);
		const stranger = await askForLink(unknown);
		expect(statusOf(known)).toBe(200);
		expect(statusOf(stranger)).toBe(200);
		expect(JSON.stringify((known as { data: unknown }).data).replace(email, "X")).toBe(
			JSON.stringify((stranger as { data: unknown }).data).replace(unknown, "X"),
		);
		const { mail, token } = await tokenFromMail(email);
		expect(mail.subject).toBe("Ваши данные в ФОРМЕ");
		expect(token.length).toBeGreaterThan(20);
		// At rest: the outbox keeps a placeholder, the links table only a hash.
		const outbox = await db
			.selectFrom("outbox")
			.select("text_body")
			.where("kind", "=", "personal_data_link")
			.execute();
		expect(outbox.map((row) => row.text_body).join("\n")).not.toContain(token);
		const links = await db.selectFrom("personal_data_links").selectAll().execute();
		expect(JSON.stringify(links)).not.toContain(token);
		const server = await deliver();
		expect(server.messages.some((each) => each.to.includes(unknown))).toBe(false);
	});

	it("downloads the address's data, erases it once, and is refused afterwards, when wrong, and after an hour", async () => {
		const email = `${unique("guest")}@example.com`;
		const request = await submitRequest({
			projectId: "terra-modular-sofa",
			email,
			phone: "+79163334455",
			userId: null,
			kind: "purchase",
			language: "en",
			origin: "http://localhost",
			consent: { version: 1, clientAddress: "127.0.0.1" },
		});
		await askForLink(email);
		const { token } = await tokenFromMail(email);

		const page = await myDataLoader({
			request: getRequest(`/my-data?token=${token}`),
			params: {},
			context: {},
		});
		expect(statusOf(page)).toBe(200);
		const download = (await post({ intent: "download", token })) as Response;
		const data = (await download.json()) as PersonalDataExport;
		expect(data.requests.map((each) => each.id)).toEqual([request.id]);
		expect(data.accounts).toEqual([]);

		const confirm = await post({ intent: "erase", token });
		expect(JSON.stringify(confirm)).toContain('"confirm"');
		expect(
			(
				await db
					.selectFrom("purchase_requests")
					.select("email")
					.where("id", "=", request.id)
					.executeTakeFirstOrThrow()
			).email,
		).toBe(email);
		const erased = (await post({ intent: "erase-confirmed", token })) as Response;
		expect(erased.status).toBe(302);
		const row = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", request.id)
			.executeTakeFirstOrThrow();
		expect(row).toMatchObject({ email: "", phone: "" });

		for (const used of [
			await post({ intent: "erase-confirmed", token }),
			await post({ intent: "download", token }),
		]) {
			expect(statusOf(used)).toBe(410);
		}
		expect(statusOf(await post({ intent: "download", token: "made-up-token-made-up-token" }))).toBe(410);

		// A new link, an hour and a second later, no longer works.
		const later = `${unique("guest")}@example.com`;
		await submitRequest({
			projectId: "terra-modular-sofa",
			email: later,
			phone: "+79165556677",
			userId: null,
			kind: "purchase",
			language: "en",
			origin: "http://localhost",
			consent: { version: 1, clientAddress: "127.0.0.1" },
		});
		await askForLink(later, "192.0.2.151");
		const second = await tokenFromMail(later);
		await db
			.updateTable("personal_data_links")
			.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
			.where("email", "=", later)
			.execute();
		expect(statusOf(await post({ intent: "download", token: second.token }))).toBe(410);
		const expiredPage = await myDataLoader({
			request: getRequest(`/my-data?token=${second.token}`),
			params: {},
			context: {},
		});
		expect(JSON.stringify(expiredPage)).toContain("expired");
	});
});

describe("an administrator's export and erasure", () => {
	async function adminCookie() {
		const admin = await createUser({
			email: `${unique("curator")}@example.com`,
			phone: null,
			password: PASSWORD,
			username: unique("curator"),
			role: "admin",
		});
		return { admin, cookie: await session(admin.id) };
	}

	it("finds a person by phone, exports and erases (after a confirmation), each recorded without naming them", async () => {
		const { admin, cookie } = await adminCookie();
		const name = unique("caller");
		const { user, email, phone } = await personWithData(name);
		const held = async (q: string) =>
			(
				(await adminLoader({
					request: getRequest(`/admin/personal-data?q=${encodeURIComponent(q)}`, cookie),
					params: {},
					context: {},
				})) as unknown as { data: { held: { accounts: unknown[]; requests: unknown[] } } }
			).data.held;
		expect(await held(phone)).toMatchObject({ accounts: [expect.anything()], requests: [{}, {}] });
		// The number as a caller reads it out, with 8 and spaces, finds the same person.
		const spoken = `8 ${phone.slice(2, 5)} ${phone.slice(5, 8)} ${phone.slice(8, 10)} ${phone.slice(10)}`;
		expect(await held(spoken)).toMatchObject({ accounts: [expect.anything()], requests: [{}, {}] });

		const exported = (await adminExportAction({
			request: formRequest("/admin/personal-data/export", { q: phone }, { cookie }),
			params: {},
			context: {},
		})) as Response;
		expect(((await exported.json()) as PersonalDataExport).accounts[0]?.email).toBe(email);

		const confirm = await adminAction({
			request: formRequest("/admin/personal-data", { intent: "erase", q: phone }, { cookie }),
			params: {},
			context: {},
		});
		expect(JSON.stringify(confirm)).toContain(phone);
		expect(
			await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst(),
		).toBeDefined();
		const erased = (await settle(() =>
			adminAction({
				request: formRequest("/admin/personal-data", { intent: "erase-confirmed", q: phone }, { cookie }),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(erased.status).toBe(302);
		expect(
			await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst(),
		).toBeUndefined();
		const trail = await db
			.selectFrom("audit_log")
			.selectAll()
			.where("entity_kind", "=", "personal_data")
			.where("actor_id", "=", admin.id)
			.orderBy("id")
			.execute();
		expect(trail.map((row) => row.action)).toEqual(["exported", "erased"]);
		expect(JSON.parse(trail[1]?.changes ?? "[]")).toContainEqual({
			field: "accounts",
			before: null,
			after: 1,
		});
		expect(mentioning(await everyText(), email)).toEqual([]);
		expect(mentioning(await everyText(), phone)).toEqual([]);
	});

	it("refuses anyone who is not an administrator", async () => {
		const { user, phone } = await personWithData(unique("victim"));
		const intruder = await createUser({
			email: `${unique("intruder")}@example.com`,
			phone: null,
			password: PASSWORD,
			username: unique("intruder"),
		});
		const cookie = await session(intruder.id);
		for (const run of [
			() =>
				adminLoader({
					request: getRequest(`/admin/personal-data?q=${phone}`, cookie),
					params: {},
					context: {},
				}),
			() =>
				adminAction({
					request: formRequest("/admin/personal-data", { intent: "erase-confirmed", q: phone }, { cookie }),
					params: {},
					context: {},
				}),
			() =>
				adminExportAction({
					request: formRequest("/admin/personal-data/export", { q: phone }, { cookie }),
					params: {},
					context: {},
				}),
		]) {
			const result = (await settle(run)) as Response;
			expect(result.status).toBe(302);
			expect(result.headers.get("Content-Type") ?? "").not.toContain("json");
		}
		expect(
			await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst(),
		).toBeDefined();
	});
});

describe("retention", () => {
	it("anonymises only closed requests last changed before the period, and purges the consents they no longer need", async () => {
		await updateSettings({ retentionMonths: 12 });
		const made = async (status: "new" | "in_progress" | "done" | "cancelled", monthsAgo: number) => {
			const email = `${unique(`kept-${status}`)}@example.com`;
			const request = await submitRequest({
				projectId: "terra-modular-sofa",
				email,
				phone: "+79160000000",
				userId: null,
				kind: "purchase",
				language: "en",
				origin: "http://localhost",
				consent: { version: 1, clientAddress: "127.0.0.1" },
			});
			const when = new Date();
			when.setUTCMonth(when.getUTCMonth() - monthsAgo);
			await db
				.updateTable("purchase_requests")
				.set({ status, updated_at: when.toISOString(), created_at: when.toISOString() })
				.where("id", "=", request.id)
				.execute();
			// The consent given with the request, as old as the request.
			await db
				.updateTable("consents")
				.set({ created_at: when.toISOString() })
				.where("request_id", "=", request.id)
				.execute();
			return { id: request.id, email };
		};
		const oldDone = await made("done", 13);
		const oldCancelled = await made("cancelled", 14);
		const oldOpen = await made("in_progress", 20);
		const recentDone = await made("done", 11);
		await applyRetention(12);
		const rows = await db
			.selectFrom("purchase_requests")
			.select(["id", "email", "anonymised_at"])
			.where("id", "in", [oldDone.id, oldCancelled.id, oldOpen.id, recentDone.id])
			.execute();
		const byId = new Map(rows.map((row) => [row.id, row]));
		expect(byId.get(oldDone.id)).toMatchObject({ email: "" });
		expect(byId.get(oldCancelled.id)).toMatchObject({ email: "" });
		expect(byId.get(oldOpen.id)).toMatchObject({ email: oldOpen.email, anonymised_at: null });
		expect(byId.get(recentDone.id)).toMatchObject({ email: recentDone.email, anonymised_at: null });
		const consents = await db
			.selectFrom("consents")
			.select("request_id")
			.where("request_id", "in", [oldDone.id, oldCancelled.id, oldOpen.id, recentDone.id])
			.execute();
		expect(consents.map((row) => row.request_id).sort()).toEqual([oldOpen.id, recentDone.id].sort());
	});
});

describe("the seller's details and the retention period in the settings", () => {
	async function saveSeller(fields: Record<string, string>) {
		const admin = await createUser({
			email: `${unique("owner")}@example.com`,
			phone: null,
			password: PASSWORD,
			username: unique("owner"),
			role: "admin",
		});
		const cookie = await session(admin.id);
		const version = await versionOf("settings");
		return settle(() =>
			settingsAction({
				request: formRequest(
					"/admin/settings",
					{
						version,
						tab: "seller",
						shopNameEn: "Art shop",
						retentionMonths: "36",
						...fields,
					},
					{ cookie },
				),
				params: {},
				context: {},
			}),
		);
	}

	it("refuses a malformed INN, OGRN, address or period with a message next to each field, and saves nothing", async () => {
		const before = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
		const result = await saveSeller({
			sellerInn: "12345",
			sellerOgrn: "123456789012",
			privacyEmail: "not-an-address",
			retentionMonths: "0",
			shopNameEn: "",
		});
		expect(statusOf(result)).toBe(400);
		const errors = (result as { data: { result: { error: Record<string, string[]> } } }).data.result.error;
		expect(errors).toMatchObject({
			sellerInn: ["admin:settings.errors.sellerInnInvalid"],
			sellerOgrn: ["admin:settings.errors.sellerOgrnInvalid"],
			privacyEmail: ["admin:settings.errors.privacyEmailInvalid"],
			retentionMonths: ["admin:settings.errors.retentionMonthsInvalid"],
			shopNameEn: ["admin:settings.errors.shopNameEnRequired"],
		});
		expect(await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow()).toEqual(before);
	});

	it("saves them (audited) and shows them on /contact, in the footer, on the privacy page and in the mail's footer", async () => {
		const saved = (await saveSeller({
			sellerLegalName: "ИП Петрова Анна Сергеевна",
			sellerInn: "770612345678",
			sellerOgrn: "323770000123456",
			sellerLegalAddress: "Москва, ул. Пример, д. 1",
			privacyEmail: "data@forma.example",
			retentionMonths: "24",
		})) as Response;
		expect(saved.status).toBe(302);
		const trail = await db
			.selectFrom("audit_log")
			.select("changes")
			.where("entity_kind", "=", "settings")
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(JSON.parse(trail.changes)).toContainEqual({
			field: "seller_inn",
			before: "7706123456",
			after: "770612345678",
		});

		const contact = visibleText((await renderPage("/contact")).html);
		for (const text of [
			"ИП Петрова Анна Сергеевна",
			"770612345678",
			"OGRNIP",
			"323770000123456",
			"data@forma.example",
		]) {
			expect(contact).toContain(text);
		}
		expect(contact).toMatch(/ИП Петрова Анна Сергеевна, INN 770612345678/);
		const privacy = visibleText((await renderPage("/privacy?lng=ru")).html);
		expect(privacy).toContain("24");
		expect(privacy).toContain("forma_session");
		expect(privacy).toContain("data@forma.example");
		expect(privacy).toMatch(/ОГРНИП\s323770000123456/);

		await updateSettings({ emailNotifications: true, adminEmail: "gallery@example.com" });
		await submitRequest({
			projectId: "terra-modular-sofa",
			email: `${unique("buyer")}@example.com`,
			phone: "+79161230000",
			userId: null,
			kind: "purchase",
			language: "en",
			origin: "http://localhost",
			consent: { version: 1, clientAddress: "127.0.0.1" },
		});
		const mail = await db
			.selectFrom("outbox")
			.select(["text_body", "html_body"])
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(mail.text_body).toMatch(/INN\s770612345678, OGRNIP\s323770000123456/);
		expect(mail.text_body).toContain("data@forma.example");
		expect(mail.html_body).toContain("770612345678");
	});
});
