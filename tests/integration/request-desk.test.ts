import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { anonymisePerson, guestScope } from "~/models/personal-data.server";
import { listRequests } from "~/models/purchase-requests.server";
import { findRequestLink, requestLinkFor, requestLinkToken } from "~/models/request-links.server";
import { markBuyerMessagesRead } from "~/models/request-messages.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { action as cannedAction, loader as cannedLoader } from "~/routes/admin.canned-replies/route";
import { loader as listLoader } from "~/routes/admin.requests/route";
import { action as deskAction, loader as deskLoader } from "~/routes/admin.requests_.$id/route";
import { startSession } from "~/services/auth.server";
import { postMessage } from "~/services/conversation.server";
import { seedCannedReplies } from "~db/seed/canned-replies";
import { plain } from "../support/plain";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

let counter = 0;
async function signedIn(role: "admin" | "user") {
	counter += 1;
	const user = await createUser({
		email: `desk-${role}-${counter}@example.com`,
		phone: null,
		password: "a-good-password",
		role,
		username: `desk-${role}-${counter}`,
	});
	return { user, cookie: (await startSession(user.id)).split(";")[0] ?? "" };
}

async function addRequest(values: {
	email: string;
	language?: "en" | "ru";
	createdAt?: string;
	projectId?: string;
}) {
	const row = await db
		.insertInto("purchase_requests")
		.values({
			project_id: values.projectId ?? "terra-modular-sofa",
			project_name: values.projectId ?? "Terra",
			project_price: 100,
			email: values.email,
			phone: "+79161234567",
			language: values.language ?? "en",
			...(values.createdAt ? { created_at: values.createdAt, updated_at: values.createdAt } : {}),
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}

const buyerSays = (requestId: number, body: string) =>
	postMessage({ requestId, author: "buyer", userId: null, body });

type Desk = Awaited<ReturnType<typeof deskLoader>> extends infer T ? T : never;
async function openDesk(cookie: string, id: number, search = "") {
	const result = (await settle(() =>
		deskLoader({
			request: getRequest(`/admin/requests/${id}${search}`, cookie),
			params: { id: String(id) },
			context: {},
		}),
	)) as Desk & { data: Record<string, unknown> };
	return result;
}

const post = (cookie: string | undefined, id: number, fields: Record<string, string>) =>
	settle(() =>
		deskAction({
			request: formRequest(`/admin/requests/${id}`, fields, { cookie }),
			params: { id: String(id) },
			context: {},
		}),
	);

describe("the staff's request page", () => {
	it("is for administrators only: visitors and plain users are sent away and read nothing", async () => {
		const id = await addRequest({ email: "buyer@example.com" });
		await buyerSays(id, "Is it still available?");
		const { cookie } = await signedIn("user");
		for (const who of [undefined, cookie]) {
			const result = (await settle(() =>
				deskLoader({
					request: getRequest(`/admin/requests/${id}`, who),
					params: { id: String(id) },
					context: {},
				}),
			)) as Response;
			expect(result.status).toBe(302);
			expect(result.headers.get("Location")).toMatch(who ? /^\/account/ : /^\/login/);
			const sent = (await post(who, id, { intent: "message", body: "hijacked" })) as Response;
			expect(sent.status).toBe(302);
		}
		const messages = await db.selectFrom("request_messages").select(["body", "read_at"]).execute();
		expect(messages).toEqual([{ body: "Is it still available?", read_at: null }]);
	});

	it("shows the thread, marks the buyer's messages read once, and sends the gallery's answer", async () => {
		const { cookie, user } = await signedIn("admin");
		const id = await addRequest({ email: "buyer@example.com" });
		await buyerSays(id, "Is it still available?");
		await buyerSays(id, "And can you ship to Kazan?");
		expect((await listRequests()).rows[0]).toMatchObject({ id, unread_by_staff: 2 });

		const first = await openDesk(cookie, id);
		expect(first.data.thread).toMatchObject([
			{ body: "Is it still available?" },
			{ body: "And can you ship to Kazan?" },
		]);
		expect((first.data.unreadIds as number[]).length).toBe(2);
		const request = await db
			.selectFrom("purchase_requests")
			.select("unread_by_staff")
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		expect(request.unread_by_staff).toBe(0);
		const again = await openDesk(cookie, id);
		expect(again.data.unreadIds).toEqual([]);
		expect(
			(again.data.thread as Array<{ read_at: string | null }>).every((message) => message.read_at !== null),
		).toBe(true);

		const sent = (await post(cookie, id, {
			intent: "message",
			body: "Yes, and shipping is 2–3 days.",
		})) as Response;
		expect(sent.status).toBe(302);
		expect(sent.headers.get("Location")).toBe(`/admin/requests/${id}#thread`);
		const thread = await db
			.selectFrom("request_messages")
			.selectAll()
			.where("request_id", "=", id)
			.orderBy("id")
			.execute();
		expect(thread.at(-1)).toMatchObject({
			author: "gallery",
			user_id: user.id,
			author_name: user.username,
			via: "site",
		});
		const answered = await db
			.selectFrom("purchase_requests")
			.select("first_reply_at")
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		expect(answered.first_reply_at).not.toBeNull();
	});

	it("a buyer message that arrives while staff read the page stays unread", async () => {
		const id = await addRequest({ email: "buyer@example.com" });
		const seen = await buyerSays(id, "First question");
		await buyerSays(id, "A second one, sent as the page loaded");
		expect(await markBuyerMessagesRead(id, [seen.id])).toBe(1);
		const unread = await db
			.selectFrom("purchase_requests")
			.select("unread_by_staff")
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		expect(unread.unread_by_staff).toBe(1);
	});

	it("refuses an empty or too long message with a translated message for the field, and an unknown request with 404", async () => {
		const { cookie } = await signedIn("admin");
		const id = await addRequest({ email: "buyer@example.com" });
		for (const [body, error] of [
			["   ", "sale:desk.errors.messageEmpty"],
			["x".repeat(5001), "sale:desk.errors.messageTooLong"],
		] as const) {
			const refused = (await post(cookie, id, { intent: "message", body })) as {
				data: { result: { error: Record<string, string[]> } };
			};
			expect(statusOf(refused)).toBe(400);
			expect(refused.data.result.error.body).toEqual([error]);
		}
		expect(statusOf(await post(cookie, 999_999, { intent: "message", body: "Hello" }))).toBe(404);
		expect(await db.selectFrom("request_messages").select("id").execute()).toEqual([]);
	});

	it("keeps notes apart from the thread: added with author and time, never overwritten", async () => {
		const { cookie, user } = await signedIn("admin");
		const id = await addRequest({ email: "buyer@example.com" });
		await post(cookie, id, { intent: "note", body: "Called: wants it before the New Year" });
		await post(cookie, id, { intent: "note", body: "Prefers delivery on Saturday" });
		const desk = await openDesk(cookie, id);
		expect(desk.data.notes).toMatchObject([
			{ body: "Called: wants it before the New Year", author_name: user.username },
			{ body: "Prefers delivery on Saturday", author_name: user.username },
		]);
		expect(desk.data.thread).toEqual([]);
		// The buyer's mail and thread hold no note.
		const outbox = await db.selectFrom("outbox").select(["text_body", "html_body"]).execute();
		expect(JSON.stringify(outbox)).not.toContain("New Year");
	});

	it("saves the status only when asked, with a step in the timeline, a preview of the mail, and the mail only when ticked", async () => {
		await updateSettings({ buyerStatusEmails: true });
		const { cookie, user } = await signedIn("admin");
		const id = await addRequest({ email: "olga@example.com", language: "ru" });
		const before = await openDesk(cookie, id);
		expect(before.data.notifyByDefault).toBe(true);
		const previews = before.data.previews as Record<string, { subject: string; text: string } | null>;
		expect(previews.new).toBeNull();
		expect(plain(previews.done?.subject ?? "")).toBe(`Ваша заявка № ${id}: Выполнена`);
		expect(plain(previews.done?.text ?? "")).toContain("Terra");

		expect(statusOf(await post(cookie, id, { intent: "status", status: "in_progress" }))).toBe(302);
		expect(statusOf(await post(cookie, id, { intent: "status", status: "done", notify: "on" }))).toBe(302);
		const mails = await db
			.selectFrom("outbox")
			.select(["kind", "to_address"])
			.where("kind", "=", "request_status")
			.execute();
		expect(mails).toEqual([{ kind: "request_status", to_address: "olga@example.com" }]);
		const after = await openDesk(cookie, id);
		expect(after.data.events).toMatchObject([
			{
				kind: "status_changed",
				actor_name: user.username,
				details: { from: "new", to: "in_progress", notified: false },
			},
			{
				kind: "status_changed",
				actor_name: user.username,
				details: { from: "in_progress", to: "done", notified: true },
			},
		]);
		expect(after.data.mails).toMatchObject([{ kind: "request_status", to_address: "olga@example.com" }]);
		const bad = await post(cookie, id, { intent: "status", status: "shipped" });
		expect(statusOf(bad)).toBe(400);
	});

	it("erasing the buyer takes the notes and the conversation with their address", async () => {
		const { cookie } = await signedIn("admin");
		const id = await addRequest({ email: "erase-me@example.com" });
		await buyerSays(id, "Call me on +7 916 111-22-33, Anna");
		await post(cookie, id, { intent: "note", body: "Anna, erase-me@example.com, prefers mornings" });
		await db.transaction().execute((trx) => anonymisePerson(trx, guestScope("erase-me@example.com")));
		expect(
			await db.selectFrom("request_notes").select("body").where("request_id", "=", id).execute(),
		).toEqual([]);
		expect(
			await db
				.selectFrom("request_messages")
				.select(["author", "body"])
				.where("request_id", "=", id)
				.execute(),
		).toEqual([]);
		// No one is left to write to: Send is refused with a message, and nothing is posted.
		const refused = (await post(cookie, id, { intent: "message", body: "Still there?" })) as {
			data: { result: { error: Record<string, string[]> } };
		};
		expect(statusOf(refused)).toBe(409);
		expect(refused.data.result.error[""]).toEqual(["sale:desk.errors.erased"]);
		const left = await db.selectFrom("request_messages").select("id").where("request_id", "=", id).execute();
		expect(left).toEqual([]);
	});

	it("stops the buyer's private link: the mailed one opens nothing, the next message carries a new one", async () => {
		const { cookie } = await signedIn("admin");
		const id = await addRequest({ email: "forwarded@example.com" });
		const first = await db.transaction().execute((trx) => requestLinkFor(trx, id, "buyer"));
		const mailed = requestLinkToken(first);
		expect((await openDesk(cookie, id)).data.buyerLink).toBe(true);
		// Only staff may stop it: a plain user is sent away, and the link still works.
		const { cookie: userCookie } = await signedIn("user");
		await post(userCookie, id, { intent: "revoke-link" });
		expect(await findRequestLink(mailed)).toBeDefined();

		const revoked = await post(cookie, id, { intent: "revoke-link" });
		expect(statusOf(revoked)).toBe(302);
		expect(await findRequestLink(mailed)).toBeUndefined();
		const desk = await openDesk(cookie, id);
		expect(desk.data.buyerLink).toBe(false);
		expect(desk.data.events).toMatchObject([{ kind: "link_revoked" }]);
		// The next message makes a new link, which works.
		const next = await db.transaction().execute((trx) => requestLinkFor(trx, id, "buyer"));
		expect(next.id).not.toBe(first.id);
		expect((await findRequestLink(requestLinkToken(next)))?.request_id).toBe(id);
	});

	it("groups the buyer's other requests: the same address in any case, not other buyers'", async () => {
		const { cookie } = await signedIn("admin");
		const id = await addRequest({ email: "Anna@Example.com" });
		const same = await addRequest({ email: "anna@example.com", projectId: "arc-lounge-chair" });
		await addRequest({ email: "boris@example.com" });
		const desk = await openDesk(cookie, id);
		expect((desk.data.others as Array<{ id: number }>).map((other) => other.id)).toEqual([same]);
	});
});

describe("the requests list", () => {
	it("puts unread buyer messages first and marks open requests unanswered for over a working day", async () => {
		const { cookie } = await signedIn("admin");
		const old = await addRequest({ email: "old@example.com", createdAt: "2026-01-05T09:00:00.000Z" });
		const answered = await addRequest({
			email: "answered@example.com",
			createdAt: "2026-01-05T09:00:00.000Z",
		});
		await postMessage({
			requestId: answered,
			author: "gallery",
			userId: null,
			authorName: "staff",
			body: "Hello",
		});
		const fresh = await addRequest({ email: "fresh@example.com", createdAt: new Date().toISOString() });
		await buyerSays(old, "Any news?");
		const list = (await settle(() =>
			listLoader({ request: getRequest("/admin/requests", cookie), params: {}, context: {} }),
		)) as { data: { requests: Array<{ id: number; overdue: boolean; unread_by_staff: number }> } };
		const rows = list.data.requests.filter((row) => [old, answered, fresh].includes(row.id));
		expect(rows[0]).toMatchObject({ id: old, unread_by_staff: 1, overdue: true });
		expect(rows.find((row) => row.id === answered)?.overdue).toBe(false);
		expect(rows.find((row) => row.id === fresh)?.overdue).toBe(false);
	});
});

describe("canned replies", () => {
	it("are seeded once: four per language, and not again after the gallery deletes them", async () => {
		const seeded = await db
			.selectFrom("canned_replies")
			.select(["language", "title"])
			.orderBy("id")
			.execute();
		expect(seeded.filter((reply) => reply.language === "en").map((reply) => reply.title)).toEqual([
			"Availability confirmed",
			"Shipping quote",
			"Price",
			"Similar work",
		]);
		expect(seeded.filter((reply) => reply.language === "ru")).toHaveLength(4);
		await db.deleteFrom("canned_replies").execute();
		expect(await seedCannedReplies(db)).toBe(false);
		expect(await db.selectFrom("canned_replies").select("id").execute()).toEqual([]);
	});

	it("are kept by administrators, offered in the request's language first, and inserted by ?template without JavaScript", async () => {
		const { cookie } = await signedIn("admin");
		const save = (fields: Record<string, string>) =>
			settle(() =>
				cannedAction({
					request: formRequest("/admin/canned-replies", fields, { cookie }),
					params: {},
					context: {},
				}),
			);
		expect(
			statusOf(await save({ intent: "save", language: "ru", title: "Рамы", body: "Рама входит в цену." })),
		).toBe(302);
		const refused = (await save({ intent: "save", language: "ru", title: "", body: "x" })) as {
			data: { result: { error: Record<string, string[]> } };
		};
		expect(statusOf(refused)).toBe(400);
		expect(refused.data.result.error.title).toEqual(["sale:desk.canned.errors.title"]);
		const created = await db
			.selectFrom("canned_replies")
			.selectAll()
			.where("title", "=", "Рамы")
			.executeTakeFirstOrThrow();
		expect(
			statusOf(
				await save({
					intent: "save",
					id: String(created.id),
					language: "ru",
					title: "Рама",
					body: "Рама входит в стоимость.",
				}),
			),
		).toBe(302);
		expect(
			statusOf(await save({ intent: "save", id: "999999", language: "ru", title: "Lost", body: "x" })),
		).toBe(404);

		const id = await addRequest({ email: "olga@example.com", language: "ru" });
		const desk = await openDesk(cookie, id, `?template=${created.id}`);
		expect(desk.data.messageDraft).toBe("Рама входит в стоимость.");
		const templates = desk.data.templates as Array<{ language: string }>;
		expect(templates[0]?.language).toBe("ru");
		expect(templates.at(-1)?.language).toBe("en");

		expect(statusOf(await save({ intent: "delete", id: String(created.id) }))).toBe(302);
		expect(await db.selectFrom("canned_replies").select("id").where("id", "=", created.id).execute()).toEqual(
			[],
		);

		const { cookie: userCookie } = await signedIn("user");
		const denied = (await settle(() =>
			cannedLoader({ request: getRequest("/admin/canned-replies", userCookie), params: {}, context: {} }),
		)) as Response;
		expect(denied.status).toBe(302);
	});
});
