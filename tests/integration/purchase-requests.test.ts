import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { listRequestsForUser } from "~/models/purchase-requests.server";
import { createUser } from "~/models/users.server";
import { loader as accountLoader } from "~/routes/account/route";
import { action as loginAction } from "~/routes/login/route";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { withFormToken } from "../support/form-tokens";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

const PROJECT = "terra-modular-sofa";

async function post(
	fields: Record<string, string>,
	options: { cookie?: string; id?: string; ip?: string } = {},
) {
	const id = options.id ?? PROJECT;
	const path = `/project/${id}/request`;
	const sent = await withFormToken(path, { ...GIVEN_CONSENT, ...fields }, options.cookie);
	return settle(() =>
		requestAction({
			request: formRequest(path, sent, {
				cookie: options.cookie,
				headers: { "X-Forwarded-For": options.ip ?? "192.0.2.10" },
			}),
			params: { id },
			context: {},
		}),
	);
}

/** The orders the account page shows to the holder of `cookie`. */
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

/** The confirmation an action answered with (PurchaseSent), as the page reads it. */
function sentOf(result: unknown): Record<string, unknown> {
	return (result as { data: Record<string, unknown> }).data;
}

const count = async () => (await db.selectFrom("purchase_requests").select("id").execute()).length;

describe("purchase requests", () => {
	it("saves a request with a snapshot of the project's name and price, then confirms", async () => {
		const project = await db
			.selectFrom("projects")
			.selectAll()
			.where("id", "=", PROJECT)
			.executeTakeFirstOrThrow();
		const response = await post({ email: "buyer@example.com", phone: "+7 916 123-45-67" });
		// The confirmation that stays, on the request page itself (no redirect to a 3-second toast).
		expect(statusOf(response)).toBe(200);
		const saved = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(saved).toMatchObject({
			project_id: PROJECT,
			project_name: project.name,
			project_price: project.price,
			email: "buyer@example.com",
			// Stored in the one form (decision 0034), however it was typed.
			phone: "+79161234567",
			user_id: null,
			status: "new",
		});
		// The snapshot stays when the project later changes.
		await db.updateTable("projects").set({ price: 1 }).where("id", "=", PROJECT).execute();
		const again = await db
			.selectFrom("purchase_requests")
			.select("project_price")
			.where("id", "=", saved.id)
			.executeTakeFirstOrThrow();
		expect(again.project_price).toBe(project.price);
		expect(sentOf(response)).toMatchObject({
			ok: true,
			mode: "buy",
			requestId: saved.id,
			email: "buyer@example.com",
			repeated: false,
			mailed: true,
			signedIn: false,
		});
	});

	it("refuses bad input with the spec's messages and saves nothing", async () => {
		const before = await count();
		const result = await post({ email: "not-an-email", phone: "+7123" });
		expect(statusOf(result)).toBe(400);
		expect(JSON.stringify(result)).toContain("validation.emailInvalid");
		expect(JSON.stringify(result)).toContain("validation.phoneMin");
		expect(await post({ email: "x@example.com", phone: `+7${"1".repeat(5000)}` }).then(statusOf)).toBe(400);
		expect(await count()).toBe(before);
	});

	it("answers 404 for an unknown project and saves nothing", async () => {
		const before = await count();
		const result = await post({ email: "a@example.com", phone: "+79161234567" }, { id: "no-such-project" });
		expect(statusOf(result)).toBe(404);
		expect(await count()).toBe(before);
	});

	it("pretends to accept a filled honeypot but saves nothing", async () => {
		const before = await count();
		const result = await post({
			email: "bot@example.com",
			phone: "+79161234567",
			website: "http://spam",
		});
		expect(statusOf(result)).toBe(200);
		expect(sentOf(result)).toMatchObject({ ok: true, requestId: 0 });
		expect(await count()).toBe(before);
	});

	it("links the request to a signed-in buyer, and My orders shows it", async () => {
		const nina = await createUser({
			email: "nina@example.com",
			phone: null,
			password: "long-enough-pw",
			username: "nina",
		});
		const cookie = (await startSession(nina.id)).split(";")[0] ?? "";
		await post({ email: "nina@example.com", phone: "+79161234567" }, { cookie, ip: "192.0.2.20" });
		const orders = await listRequestsForUser(nina);
		expect(orders).toHaveLength(1);
		expect(orders[0]?.user_id).toBe(nina.id);
		expect(await myOrders(cookie)).toHaveLength(1);
	});

	it("other people's orders: an anonymous request made with victim@corp.example never shows in the My orders of whoever registers that address", async () => {
		// The victim (or anyone typing the victim's address) asks for a piece without signing in…
		await post({ email: "Victim@Corp.example", phone: "+79161234567" }, { ip: "192.0.2.30" });
		// …and an attacker registers that address (nothing proves they own it).
		const registered = await registerAction({
			request: formRequest(
				"/register",
				await withFormToken("/register", {
					email: "victim@corp.example",
					...GIVEN_CONSENT,
					phone: "+79160000000",
					password: "attacker-password",
				}),
				{ headers: { "X-Forwarded-For": "192.0.2.31" } },
			),
			params: {},
			context: {},
		});
		expect(statusOf(registered)).toBe(200);
		// Registration signs nobody in, and the account cannot sign in before its address is confirmed
		// (tests/security/verification-hijack.test.ts): the password the attacker chose answers 401.
		const signedIn = await loginAction({
			request: formRequest(
				"/login",
				{ username: "victim@corp.example", password: "attacker-password" },
				{ headers: { "X-Forwarded-For": "192.0.2.31" } },
			),
			params: {},
			context: {},
		});
		expect(statusOf(signedIn)).toBe(401);
		// Even a session of that account (however had) shows nothing of the victim's.
		const account = await db
			.selectFrom("users")
			.select("id")
			.where("email", "=", "victim@corp.example")
			.executeTakeFirstOrThrow();
		expect(await myOrders((await startSession(account.id)).split(";")[0] ?? "")).toEqual([]);
	});

	it("other people's orders: an anonymous request cannot be planted in a signed-up user's list", async () => {
		const olga = await createUser({
			email: "olga@example.com",
			phone: null,
			password: "long-enough-pw",
			username: "olga",
		});
		await post({ email: "OLGA@example.com", phone: "+79161234567" }, { ip: "192.0.2.40" });
		const cookie = (await startSession(olga.id)).split(";")[0] ?? "";
		expect(await myOrders(cookie)).toEqual([]);
	});

	it("refuses to sell a sold piece (409, a message, nothing saved), but records a request about similar work", async () => {
		const before = await count();
		const refused = await post(
			{ email: "late@example.com", phone: "+79161234567" },
			{ id: "nido-stool", ip: "192.0.2.50" },
		);
		expect(statusOf(refused)).toBe(409);
		expect(JSON.stringify(refused)).toContain("purchase.sold");
		expect(await count()).toBe(before);

		const asked = await post(
			{ email: "late@example.com", phone: "+79161234567", kind: "similar" },
			{ id: "nido-stool", ip: "192.0.2.50" },
		);
		expect(statusOf(asked)).toBe(200);
		const saved = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(saved).toMatchObject({ project_id: "nido-stool", kind: "similar", email: "late@example.com" });
	});

	it("records that no price was shown for a piece on request, whatever the form says", async () => {
		await post(
			{ email: "price@example.com", phone: "+79161234567", price_shown: "1", price: "500" },
			{ id: "northline-identity", ip: "192.0.2.60" },
		);
		await post({ email: "priced@example.com", phone: "+79161234567" }, { ip: "192.0.2.60" });
		const rows = await db
			.selectFrom("purchase_requests")
			.select(["email", "price_shown", "project_price", "kind"])
			.where("email", "in", ["price@example.com", "priced@example.com"])
			.orderBy("email")
			.execute();
		expect(rows).toEqual([
			{ email: "price@example.com", price_shown: 0, project_price: 0, kind: "purchase" },
			{ email: "priced@example.com", price_shown: 1, project_price: expect.any(Number), kind: "purchase" },
		]);
	});

	it("takes no request for a draft: 404, even from an administrator", async () => {
		await db.updateTable("projects").set({ status: "draft" }).where("id", "=", "pill-side-table").execute();
		const admin = await createUser({
			email: "boss@example.com",
			phone: null,
			password: "long-enough-pw",
			username: "boss",
		});
		await db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
		const cookie = (await startSession(admin.id)).split(";")[0] ?? "";
		const before = await count();
		const result = await post(
			{ email: "boss@example.com", phone: "+79161234567" },
			{ id: "pill-side-table", cookie, ip: "192.0.2.70" },
		);
		expect(statusOf(result)).toBe(404);
		expect(await count()).toBe(before);
	});

	it("limits requests per address with a 429", async () => {
		let last: unknown;
		for (let i = 0; i < 21; i++)
			last = await post({ email: `r${i}@example.com`, phone: "+79161234567" }, { ip: "198.51.100.7" });
		expect(statusOf(last)).toBe(429);
	});
});
