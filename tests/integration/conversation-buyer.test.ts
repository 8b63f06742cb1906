import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { getImageStore } from "~/lib/image-store.server";
import { requestLinkFor, requestLinkToken, revokeRequestLinks } from "~/models/request-links.server";
import { createUser } from "~/models/users.server";
import * as accountThread from "~/routes/account_.requests.$id";
import * as guestThread from "~/routes/requests.$id/route";
import { buyerMessageLimiter, threadLimitKey } from "~/routes/requests.$id/thread.server";
import { loader as attachmentLoader } from "~/routes/requests.$id_.attachments.$attachmentId";
import { startSession } from "~/services/auth.server";
import { postMessage } from "~/services/conversation.server";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

/*
 * Issue #37, the buyer's side of the thread: a buyer never reads another request's thread, a guest link
 * opens its own request only (and nothing once revoked), staff notes never leave the admin, and the
 * buyer's answer lands in the thread from the account page and from the link.
 */

interface ThreadView {
	request: { id: number };
	messages: Array<{ author: string; authorName: string; body: string; readAt: string | null }>;
	token: string | null;
	formToken: string;
}

async function buyer(email: string, verified = true) {
	const user = await createUser({
		email,
		phone: null,
		password: "a-password",
		username: email.split("@")[0],
	});
	if (verified)
		await db
			.updateTable("users")
			.set({ email_verified_at: new Date().toISOString() })
			.where("id", "=", user.id)
			.execute();
	const cookie = (await startSession(user.id)).split(";")[0] ?? "";
	return { user, cookie };
}

async function insertRequest(email: string, userId: number | null) {
	return db
		.insertInto("purchase_requests")
		.values({
			project_id: "terra-modular-sofa",
			project_name: "Terra",
			project_price: 100,
			email,
			phone: "+79161234567",
			user_id: userId,
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

async function tokenFor(requestId: number) {
	return requestLinkToken(await requestLinkFor(db, requestId, "buyer"));
}

const loadAccount = (id: number, cookie?: string) =>
	settle(() =>
		accountThread.loader({
			request: getRequest(`/account/requests/${id}`, cookie),
			params: { id: String(id) },
			context: {},
		}),
	);
const loadGuest = (id: number, token: string, cookie?: string) =>
	settle(() =>
		guestThread.loader({
			request: getRequest(`/requests/${id}?t=${token}`, cookie),
			params: { id: String(id) },
			context: {},
		}),
	);
const viewOf = (result: unknown) => (result as { data: ThreadView }).data;

describe("who reads a request's thread as its buyer", () => {
	it("the account that made it; another account and a visitor signed out do not", async () => {
		const eve = await buyer("eve@example.com");
		const mallory = await buyer("mallory@example.com");
		const request = await insertRequest("eve@example.com", eve.user.id);

		expect(statusOf(await loadAccount(request.id, eve.cookie))).toBe(200);
		expect(viewOf(await loadAccount(request.id, eve.cookie)).request.id).toBe(request.id);
		// Someone else's request answers as if it did not exist.
		expect(statusOf(await loadAccount(request.id, mallory.cookie))).toBe(404);
		expect(statusOf(await loadAccount(999_999, eve.cookie))).toBe(404);
		const signedOut = (await loadAccount(request.id)) as Response;
		expect(signedOut.status).toBe(302);
		expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
	});

	it("a guest request of the address, once the account has verified it, as My orders lists it", async () => {
		const fay = await buyer("fay@example.com");
		const unverified = await buyer("gil@example.com", false);
		const fays = await insertRequest("FAY@example.com", null);
		const gils = await insertRequest("gil@example.com", null);
		expect(statusOf(await loadAccount(fays.id, fay.cookie))).toBe(200);
		expect(statusOf(await loadAccount(gils.id, unverified.cookie))).toBe(404);
	});

	it("a guest link opens its own request only, and nothing once revoked or forged", async () => {
		const one = await insertRequest("eve@example.com", null);
		const two = await insertRequest("fay@example.com", null);
		const token = await tokenFor(one.id);

		expect(statusOf(await loadGuest(one.id, token))).toBe(200);
		expect(viewOf(await loadGuest(one.id, token)).token).toBe(token);
		// The same link at another request's address opens nothing.
		expect(statusOf(await loadGuest(two.id, token))).toBe(404);
		// A forged signature, a made-up token, no token at all.
		const forged = `${token.slice(0, 16)}${"0".repeat(token.length - 16)}`;
		expect(statusOf(await loadGuest(one.id, forged))).toBe(404);
		expect(statusOf(await loadGuest(one.id, "0".repeat(40)))).toBe(404);
		expect(statusOf(await loadGuest(one.id, ""))).toBe(404);

		await revokeRequestLinks(db, one.id, "buyer");
		expect(statusOf(await loadGuest(one.id, token))).toBe(404);
	});

	it("never shows the staff's notes or accounts, and reading marks the gallery's messages read", async () => {
		const anna = await createUser({
			email: "anna@example.com",
			phone: null,
			password: "a-password",
			role: "admin",
			username: "anna",
		});
		const request = await insertRequest("eve@example.com", null);
		await db
			.updateTable("purchase_requests")
			.set({ note: "old secret note" })
			.where("id", "=", request.id)
			.execute();
		await db
			.insertInto("request_notes")
			.values({
				request_id: request.id,
				user_id: anna.id,
				author_name: "anna",
				body: "Haggles; hold firm",
				created_at: new Date().toISOString(),
			})
			.execute();
		await postMessage({
			requestId: request.id,
			author: "gallery",
			userId: anna.id,
			authorName: "anna",
			body: "It is free.",
		});
		const token = await tokenFor(request.id);

		const result = await loadGuest(request.id, token);
		const view = viewOf(result);
		const json = JSON.stringify(view);
		expect(json).not.toContain("Haggles");
		expect(json).not.toContain("old secret note");
		expect(json).not.toContain("anna@example.com");
		expect(view.messages).toEqual([
			expect.objectContaining({ author: "gallery", authorName: "anna", body: "It is free." }),
		]);
		// The page was built before it was read; the next reading shows the message read.
		const row = await db.selectFrom("request_messages").select("read_at").executeTakeFirstOrThrow();
		expect(row.read_at).not.toBeNull();
		// The private link's page is never cached or told to other sites.
		const init = (result as { init: ResponseInit }).init;
		expect(new Headers(init.headers).get("Cache-Control")).toBe("no-store");
		expect(new Headers(init.headers).get("Referrer-Policy")).toBe("same-origin");
	});
});

describe("the buyer answers on the site", () => {
	// Each post carries its form's one-time token, as the page hands it out (docs/decisions/0022).
	const postAccount = async (id: number, body: string, cookie?: string, token?: string) => {
		const formToken = token ?? viewOf(await loadAccount(id, cookie)).formToken;
		return settle(() =>
			accountThread.action({
				request: formRequest(`/account/requests/${id}`, { body, formToken }, { cookie }),
				params: { id: String(id) },
				context: {},
			}),
		);
	};
	const postGuest = async (id: number, token: string, body: string, formToken?: string) =>
		settle(() =>
			guestThread.action({
				request: formRequest(`/requests/${id}?t=${token}`, { body, formToken: formToken ?? "" }),
				params: { id: String(id) },
				context: {},
			}),
		);
	const messages = () => db.selectFrom("request_messages").selectAll().orderBy("id").execute();

	it("from the account page and from the private link, back to the thread with a toast", async () => {
		const eve = await buyer("eve@example.com");
		const mine = await insertRequest("eve@example.com", eve.user.id);
		const guest = await insertRequest("fay@example.com", null);
		const token = await tokenFor(guest.id);

		const fromAccount = (await postAccount(mine.id, "  Is it still free?  ", eve.cookie)) as Response;
		expect(fromAccount.status).toBe(302);
		expect(fromAccount.headers.get("Location")).toBe(`/account/requests/${mine.id}`);
		const formToken = viewOf(await loadGuest(guest.id, token)).formToken;
		const fromLink = (await postGuest(guest.id, token, "Can you ship to Kazan?", formToken)) as Response;
		expect(fromLink.headers.get("Location")).toBe(`/requests/${guest.id}?t=${token}`);

		expect((await messages()).map((m) => [m.request_id, m.author, m.user_id, m.body, m.via])).toEqual([
			[mine.id, "buyer", eve.user.id, "Is it still free?", "site"],
			[guest.id, "buyer", null, "Can you ship to Kazan?", "site"],
		]);
		const unread = await db
			.selectFrom("purchase_requests")
			.select(["id", "unread_by_staff"])
			.orderBy("id")
			.execute();
		expect(unread.map((row) => row.unread_by_staff)).toEqual([1, 1]);
	});

	it("refuses an empty or overlong message with a message by the field, and another request's thread", async () => {
		const eve = await buyer("eve@example.com");
		const mallory = await buyer("mallory@example.com");
		const request = await insertRequest("eve@example.com", eve.user.id);
		const empty = await postAccount(request.id, "   ", eve.cookie);
		expect(statusOf(empty)).toBe(400);
		expect(JSON.stringify(empty)).toContain("sale:thread.messageRequired");
		expect(statusOf(await postAccount(request.id, "x".repeat(5001), eve.cookie))).toBe(400);
		const eveToken = viewOf(await loadAccount(request.id, eve.cookie)).formToken;
		expect(statusOf(await postAccount(request.id, "Mine now", mallory.cookie, eveToken))).toBe(404);
		const other = await insertRequest("fay@example.com", null);
		expect(statusOf(await postGuest(request.id, await tokenFor(other.id), "Through the wrong door"))).toBe(
			404,
		);
		expect(await messages()).toEqual([]);
	});

	it("holds a flood through one thread: 30 messages an hour, then 429 with Retry-After", async () => {
		const request = await insertRequest("eve@example.com", null);
		// Each test's database starts afresh, so its requests' ids repeat: the count starts afresh too.
		await buyerMessageLimiter.reset(threadLimitKey(request.id));
		const token = await tokenFor(request.id);
		const send = async (n: number) =>
			postGuest(request.id, token, `Message ${n}`, viewOf(await loadGuest(request.id, token)).formToken);
		for (let n = 1; n <= 30; n++) expect(statusOf(await send(n))).toBe(302);
		const refused = await send(31);
		expect(statusOf(refused)).toBe(429);
		expect(new Headers((refused as { init: ResponseInit }).init.headers).get("Retry-After")).toMatch(/^\d+$/);
		expect(JSON.stringify(refused)).toContain("sale:thread.tooMany");
		expect(await messages()).toHaveLength(30);
		await buyerMessageLimiter.reset(threadLimitKey(request.id));
	});

	it("counts a double click of Send once, and refuses a post without the form's token", async () => {
		const eve = await buyer("eve@example.com");
		const request = await insertRequest("eve@example.com", eve.user.id);
		const formToken = viewOf(await loadAccount(request.id, eve.cookie)).formToken;
		const first = (await postAccount(request.id, "Only once", eve.cookie, formToken)) as Response;
		const again = (await postAccount(request.id, "Only once", eve.cookie, formToken)) as Response;
		expect(again.status).toBe(302);
		expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
		expect((await messages()).map((m) => m.body)).toEqual(["Only once"]);
		const forged = await settle(() =>
			accountThread.action({
				request: formRequest(`/account/requests/${request.id}`, { body: "No token" }, { cookie: eve.cookie }),
				params: { id: String(request.id) },
				context: {},
			}),
		);
		expect(statusOf(forged)).toBe(403);
		expect((await messages()).map((m) => m.body)).toEqual(["Only once"]);
	});
});

describe("a message's attachments", () => {
	async function withAttachments(requestId: number) {
		const store = getImageStore();
		await store.put(`attachments/test-${requestId}.png`, Buffer.from("png bytes"));
		await store.put(`attachments/test-${requestId}.svg`, Buffer.from("<svg onload=alert(1)></svg>"));
		const message = await postMessage({
			requestId,
			author: "buyer",
			userId: null,
			body: "Photos of my room",
			via: "email",
			attachments: [
				{
					storageKey: `attachments/test-${requestId}.png`,
					filename: "room.png",
					contentType: "image/png",
					size: 9,
				},
				{
					storageKey: `attachments/test-${requestId}.svg`,
					filename: "plan.svg",
					contentType: "image/svg+xml",
					size: 27,
				},
			],
		});
		return db
			.selectFrom("request_attachments")
			.selectAll()
			.where("message_id", "=", message.id)
			.orderBy("id")
			.execute();
	}
	const open = (requestId: number, attachmentId: number, query = "", cookie?: string) =>
		settle(() =>
			attachmentLoader({
				request: getRequest(`/requests/${requestId}/attachments/${attachmentId}${query}`, cookie),
				params: { id: String(requestId), attachmentId: String(attachmentId) },
				context: {},
			}),
		) as Promise<Response>;

	it("open for the request's buyer only; a picture in place, anything else downloaded and sandboxed", async () => {
		const eve = await buyer("eve@example.com");
		const mallory = await buyer("mallory@example.com");
		const request = await insertRequest("eve@example.com", eve.user.id);
		const other = await insertRequest("fay@example.com", null);
		const [png, svg] = await withAttachments(request.id);
		if (!png || !svg) throw new Error("no attachments");

		const picture = await open(request.id, png.id, "", eve.cookie);
		expect(picture.status).toBe(200);
		expect(await picture.text()).toBe("png bytes");
		expect(picture.headers.get("Content-Type")).toBe("image/png");
		expect(picture.headers.get("Content-Disposition")).toMatch(/^inline; filename\*=UTF-8''room\.png$/);

		const drawing = await open(request.id, svg.id, "", eve.cookie);
		expect(drawing.headers.get("Content-Type")).toBe("application/octet-stream");
		expect(drawing.headers.get("Content-Disposition")).toMatch(/^attachment;/);
		expect(drawing.headers.get("Content-Security-Policy")).toMatch(/sandbox/);
		expect(drawing.headers.get("X-Content-Type-Options")).toBe("nosniff");

		// Through the private link too; not for another account, not signed out, not at another request's address.
		const token = await tokenFor(request.id);
		expect((await open(request.id, png.id, `?t=${token}`)).status).toBe(200);
		expect((await open(request.id, png.id, "", mallory.cookie)).status).toBe(404);
		expect((await open(request.id, png.id)).status).toBe(404);
		const otherToken = await tokenFor(other.id);
		expect((await open(other.id, png.id, `?t=${otherToken}`)).status).toBe(404);

		// The thread names them with their own addresses.
		const view = viewOf(await loadAccount(request.id, eve.cookie)) as unknown as {
			messages: Array<{ attachments: Array<{ filename: string }> }>;
		};
		expect(view.messages[0]?.attachments.map((a) => a.filename)).toEqual(["room.png", "plan.svg"]);
	});
});
