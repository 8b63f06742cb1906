import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { action as accountAction } from "~/routes/account/route";
import { action as requestAction, loader as requestLoader } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest, withFormToken } from "../support/form-tokens";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

/*
 * Issue #35, buying: a repeat of a visitor's own open request is recognised (answered with its number,
 * stored once), phones are stored in one form whichever form took them, and a signed-in buyer's phone
 * fills the purchase form.
 */

const PROJECT = "terra-modular-sofa";

interface Sent {
	ok: true;
	mode: string;
	requestId: number;
	email: string;
	repeated: boolean;
	mailed: boolean;
}

let ip = 10;
/** Posts the purchase form of `id` with a fresh token, as a browser holding `cookie` (its session and the sent-requests cookie). */
async function post(fields: Record<string, string>, options: { cookie?: string; id?: string } = {}) {
	const id = options.id ?? PROJECT;
	const path = `/project/${id}/request`;
	const sent = await withFormToken(path, { ...GIVEN_CONSENT, ...fields }, options.cookie);
	ip += 1;
	const result = await settle(() =>
		requestAction({
			request: formRequest(path, sent, {
				cookie: options.cookie,
				headers: { "X-Forwarded-For": `192.0.2.${ip}` },
			}),
			params: { id },
			context: {},
		}),
	);
	const init = (result as { init?: { headers?: HeadersInit } }).init;
	const setCookie = new Headers(init?.headers).getSetCookie();
	const cookie = setCookie.map((header) => header.split(";")[0]).join("; ");
	return {
		status: statusOf(result),
		sent: (result as { data: Sent }).data,
		cookie,
		setCookie: setCookie.join(),
	};
}

const requests = (email: string) =>
	db.selectFrom("purchase_requests").selectAll().where("email", "=", email).orderBy("id").execute();
const confirmations = async (email: string) =>
	(
		await db
			.selectFrom("outbox")
			.select("id")
			.where("kind", "=", "purchase_confirmation")
			.where("to_address", "=", email)
			.execute()
	).length;

describe("a repeated purchase request", () => {
	it("from the same browser is answered with the open request's number, stored once and mailed once", async () => {
		const first = await post({ email: "twice@example.com", phone: "+79161234567" });
		expect(first.sent).toMatchObject({ ok: true, repeated: false, mailed: true });
		expect(first.cookie).toMatch(/^forma_sent=/);
		// Sent to the request page and its data URL (a fetcher posts to …/request.data), never to the piece's
		// own page, whose copy the page cache shares.
		expect(first.setCookie).toContain(`Path=/project/${PROJECT}/;`);

		// The Buy button pressed again, a new form (a new token), the same browser.
		const again = await post(
			{ email: "Twice@Example.com", phone: "8 916 123 45 67" },
			{ cookie: first.cookie },
		);
		expect(again.status).toBe(200);
		expect(again.sent).toMatchObject({ repeated: true, requestId: first.sent.requestId, mailed: true });
		expect(await requests("twice@example.com")).toHaveLength(1);
		expect(await confirmations("twice@example.com")).toBe(1);
	});

	it("from the same account on another device is recognised too", async () => {
		const user = await createUser({ email: "acc@example.com", phone: null, password: "long-enough-pw" });
		const session = (await startSession(user.id)).split(";")[0] ?? "";
		const first = await post({ email: "acc@example.com", phone: "+79161234567" }, { cookie: session });
		const again = await post({ email: "acc@example.com", phone: "+79161234567" }, { cookie: session });
		expect(again.sent).toMatchObject({ repeated: true, requestId: first.sent.requestId });
		expect(await requests("acc@example.com")).toHaveLength(1);
	});

	it("probing who asked: a stranger typing the same address gets a request of their own, and learns nothing of the other", async () => {
		const first = await post({ email: "victim@example.com", phone: "+79161234567" });
		const stranger = await post({ email: "victim@example.com", phone: "+79990000000" });
		expect(stranger.sent).toMatchObject({ repeated: false });
		expect(stranger.sent.requestId).not.toBe(first.sent.requestId);
		// A cookie made up by hand (not signed by us) proves nothing.
		const forged = `forma_sent=${Buffer.from(JSON.stringify([first.sent.requestId])).toString("base64")}`;
		const withForged = await post({ email: "victim@example.com", phone: "+79990000000" }, { cookie: forged });
		expect(withForged.sent.repeated).toBe(false);
		expect(await requests("victim@example.com")).toHaveLength(3);
	});

	it("is news again once the open request is closed, older than the window, or of another kind", async () => {
		const first = await post({ email: "later@example.com", phone: "+79161234567" });
		await db
			.updateTable("purchase_requests")
			.set({ status: "done" })
			.where("id", "=", first.sent.requestId)
			.execute();
		const afterDone = await post(
			{ email: "later@example.com", phone: "+79161234567" },
			{ cookie: first.cookie },
		);
		expect(afterDone.sent.repeated).toBe(false);

		const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
		await db
			.updateTable("purchase_requests")
			.set({ created_at: old })
			.where("id", "=", afterDone.sent.requestId)
			.execute();
		const afterWindow = await post(
			{ email: "later@example.com", phone: "+79161234567" },
			{ cookie: afterDone.cookie },
		);
		expect(afterWindow.sent.repeated).toBe(false);

		const otherKind = await post(
			{ email: "later@example.com", phone: "+79161234567", kind: "wait" },
			{ cookie: afterWindow.cookie },
		);
		expect(otherKind.sent.repeated).toBe(false);
		expect(await requests("later@example.com")).toHaveLength(4);
	});
});

describe("reserved pieces", () => {
	it("offer to wait: the form asks that, and the request is kept as one of the waiting kind", async () => {
		const loaded = await requestLoader({
			request: getRequest("/project/slab-oak-dining-table/request"),
			params: { id: "slab-oak-dining-table" },
			context: {},
		});
		expect(loaded.mode).toBe("wait");
		const waiting = await post(
			{ email: "patient@example.com", phone: "+79161234567", kind: "wait" },
			{ id: "slab-oak-dining-table" },
		);
		expect(waiting.sent).toMatchObject({ mode: "wait", repeated: false });
		expect(await requests("patient@example.com")).toMatchObject([
			{ kind: "wait", project_id: "slab-oak-dining-table" },
		]);
	});
});

describe("phones in one form (decision 0034)", () => {
	it("registration, the account's phone and the purchase form all take «8 916 123 45 67» and store +79161234567", async () => {
		const registered = await registerAction({
			request: await countedFormRequest(
				"/register",
				{
					...GIVEN_CONSENT,
					email: "phoner@example.com",
					phone: "8 916 123 45 67",
					password: "long-enough-pw",
				},
				{ headers: { "X-Forwarded-For": "192.0.2.200" } },
			),
			params: {},
			context: {},
		});
		expect(statusOf(registered)).toBe(200);
		const user = await db
			.selectFrom("users")
			.selectAll()
			.where("email", "=", "phoner@example.com")
			.executeTakeFirstOrThrow();
		expect(user.phone).toBe("+79161234567");

		const session = (await startSession(user.id)).split(";")[0] ?? "";
		const saved = await settle(() =>
			accountAction({
				request: formRequest(
					"/account",
					{ intent: "phone", phone: "+7 (926) 765-43-21" },
					{ cookie: session },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(saved)).toBe(302);
		const after = await db
			.selectFrom("users")
			.select("phone")
			.where("id", "=", user.id)
			.executeTakeFirstOrThrow();
		expect(after.phone).toBe("+79267654321");

		await post({ email: "phoner@example.com", phone: "8 (926) 765-43-21" }, { cookie: session });
		expect((await requests("phoner@example.com"))[0]?.phone).toBe("+79267654321");
	});

	it("refuses what is not a number with the spec's messages", async () => {
		const purchase = await post({ email: "bad@example.com", phone: "8 916 12" });
		expect(purchase.status).toBe(400);
		expect(JSON.stringify(purchase.sent)).toContain("validation.phoneMin");
		const account = await registerAction({
			request: await countedFormRequest(
				"/register",
				{
					...GIVEN_CONSENT,
					email: "bad-phone@example.com",
					phone: "+44 20 7946 0958",
					password: "long-enough-pw",
				},
				{ headers: { "X-Forwarded-For": "192.0.2.201" } },
			),
			params: {},
			context: {},
		});
		expect(statusOf(account)).toBe(400);
		expect(JSON.stringify(account)).toContain("validation.phoneFormat");
		// A number from abroad is a phone for the purchase form (the spec's rule: 11 characters), kept compact.
		const abroad = await post({ email: "abroad@example.com", phone: "+44 20 7946 0958" });
		expect(abroad.status).toBe(200);
		expect((await requests("abroad@example.com"))[0]?.phone).toBe("+442079460958");
	});

	it("fills the purchase form's phone from a signed-in buyer's profile", async () => {
		const user = await createUser({
			email: "prefill@example.com",
			phone: "+79161112233",
			password: "long-enough-pw",
		});
		const session = (await startSession(user.id)).split(";")[0] ?? "";
		const signedIn = await requestLoader({
			request: getRequest(`/project/${PROJECT}/request`, session),
			params: { id: PROJECT },
			context: {},
		});
		expect(signedIn).toMatchObject({ email: "prefill@example.com", phone: "+79161112233" });
		const anonymous = await requestLoader({
			request: getRequest(`/project/${PROJECT}/request`),
			params: { id: PROJECT },
			context: {},
		});
		expect(anonymous).toMatchObject({ email: "", phone: "" });
	});
});
