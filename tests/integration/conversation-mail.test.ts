import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import { purchaseNotificationMail } from "~/mail/messages/purchase-notification.server";
import { findRequestLink } from "~/models/request-links.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { NOTICE_GATHER_MS, postMessage } from "~/services/conversation.server";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { plain } from "../support/plain";
import { refuseWrites } from "../support/refuse-writes";

/*
 * Issue #37, the conversation's mail: a gallery message reaches the buyer (their language, the message, the
 * piece, their private link, no working link kept in the outbox), a buyer's message reaches the gallery
 * (linked to the request, gathered when several come within minutes).
 */

const PROJECT = "terra-modular-sofa";
const GALLERY = "gallery@forma.example";
const ORIGIN = "https://forma.example";
const { deliver, deliverTo } = smtpDeliveryForEachTest();

async function insertRequest(email: string, language: "en" | "ru" = "en") {
	return db
		.insertInto("purchase_requests")
		.values({
			project_id: PROJECT,
			project_name: "Terra",
			project_price: 100,
			email,
			phone: "+79161234567",
			language,
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

async function staff() {
	return createUser({
		email: "anna@example.com",
		phone: null,
		password: "a-password",
		role: "admin",
		username: "anna",
	});
}

const mailOf = (kind: string) =>
	db.selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute();

describe("a gallery message reaches the buyer by e-mail", () => {
	it("in the request's language, with the message, the piece and a private link to that thread only", async () => {
		const anna = await staff();
		const english = await insertRequest("eve@example.com", "en");
		const russian = await insertRequest("olga@example.com", "ru");
		await postMessage(
			{
				requestId: english.id,
				author: "gallery",
				userId: anna.id,
				authorName: "anna",
				body: "It is available.\n\nShall we hold it for you?",
			},
			{ origin: ORIGIN },
		);
		await postMessage(
			{
				requestId: russian.id,
				author: "gallery",
				userId: anna.id,
				authorName: "anna",
				body: "Работа свободна.",
			},
			{ origin: ORIGIN },
		);

		const [first, second] = await mailOf("thread_message");
		expect(first).toMatchObject({
			to_address: "eve@example.com",
			language: "en",
			reference: `purchase_request:${english.id}`,
		});
		expect(plain(first?.subject ?? "")).toBe(`A message about Terra (request № ${english.id})`);
		// The outbox keeps no working link: the token is put in as the message leaves.
		expect(first?.text_body).toContain(`${ORIGIN}/requests/${english.id}?t=${LINK_SECRET_PLACEHOLDER}`);
		expect(second).toMatchObject({ to_address: "olga@example.com", language: "ru" });
		expect(plain(second?.subject ?? "")).toBe(`Сообщение по заявке № ${russian.id}: «Terra»`);

		const mail = await deliverTo("eve@example.com");
		expect(mail.text).toContain("It is available.");
		expect(mail.text).toContain("Shall we hold it for you?");
		expect(mail.text).toContain("Piece: Terra");
		expect(mail.language).toBe("en");
		// Without INBOUND_MAIL_* set the message has no Reply-To and says to answer on the site.
		expect(mail.replyTo).toBe("");
		expect(mail.text).toContain("Please answer on the site");
		const token = new RegExp(`${ORIGIN}/requests/${english.id}\\?t=([0-9a-f]+)`).exec(mail.text)?.[1] ?? "";
		const link = await findRequestLink(token);
		expect(link).toMatchObject({ request_id: english.id, party: "buyer" });

		const russianMail = await deliverTo("olga@example.com");
		expect(russianMail.text).toContain("Работа свободна.");
		expect(russianMail.text).toContain("Пожалуйста, отвечайте на сайте");
		const russianToken = /\?t=([0-9a-f]+)/.exec(russianMail.text)?.[1] ?? "";
		// Each request's link opens that request only.
		expect((await findRequestLink(russianToken))?.request_id).toBe(russian.id);
		expect(russianToken).not.toBe(token);
	});

	it("posts the message and queues its mail together, or neither", async () => {
		const anna = await staff();
		const request = await insertRequest("gus@example.com");
		const allowMail = await refuseWrites(db, {
			name: "refuse_mail",
			table: "outbox",
			event: "insert",
			message: "outbox refused",
		});
		await expect(
			postMessage({
				requestId: request.id,
				author: "gallery",
				userId: anna.id,
				authorName: "anna",
				body: "Hello",
			}),
		).rejects.toThrow(/outbox refused/);
		expect(await db.selectFrom("request_messages").selectAll().execute()).toEqual([]);
		await allowMail();
	});

	it("writes to no one once the request is anonymised", async () => {
		const anna = await staff();
		const request = await insertRequest("gone@example.com");
		await db
			.updateTable("purchase_requests")
			.set({ anonymised_at: new Date().toISOString() })
			.where("id", "=", request.id)
			.execute();
		await postMessage({
			requestId: request.id,
			author: "gallery",
			userId: anna.id,
			authorName: "anna",
			body: "Hello",
		});
		expect(await mailOf("thread_message")).toEqual([]);
	});
});

describe("a buyer's message reaches the gallery", () => {
	it("at the admin address, linked straight to the request; several within minutes are gathered", async () => {
		await updateSettings({ emailNotifications: true, adminEmail: GALLERY });
		const one = await insertRequest("eve@example.com");
		const two = await insertRequest("fay@example.com");
		await postMessage(
			{ requestId: one.id, author: "buyer", userId: null, body: "Is it still free?" },
			{ origin: ORIGIN },
		);

		const [notice] = await mailOf("thread_notice");
		expect(notice?.to_address).toBe(GALLERY);
		const first = await deliverTo(GALLERY);
		expect(first.subject).toBe(`A buyer wrote about Terra (request № ${one.id})`);
		expect(first.text).toContain("Is it still free?");
		expect(first.text).toContain(`${ORIGIN}/admin/requests/${one.id}`);

		// Two more within minutes: one notice waits for them, rewritten with each, not one mail apiece.
		await postMessage(
			{ requestId: one.id, author: "buyer", userId: null, body: "And the shipping?" },
			{ origin: ORIGIN },
		);
		await postMessage(
			{ requestId: two.id, author: "buyer", userId: null, body: "Do you have similar work?" },
			{ origin: ORIGIN },
		);
		const notices = await mailOf("thread_notice");
		expect(notices).toHaveLength(2);
		const waiting = notices[1];
		expect(new Date(waiting?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(
			Date.now() + NOTICE_GATHER_MS - 60_000,
		);
		expect((await deliver()).messages).toHaveLength(1);

		const later = () => new Date(Date.now() + NOTICE_GATHER_MS + 1000);
		const server = await deliver({ now: later });
		const gathered = await server.waitFor((mail) => mail.subject === "2 new messages from buyers");
		expect(gathered.text).toContain("And the shipping?");
		expect(gathered.text).toContain("Do you have similar work?");
		expect(gathered.text).not.toContain("Is it still free?");
		// Two requests: the notice sends staff to the list, where unread messages come first.
		expect(gathered.text).toContain(`${ORIGIN}/admin/requests\n`);
	});

	it("counts the message unread by staff, and tells no one while notifications are off", async () => {
		await updateSettings({ emailNotifications: false, adminEmail: GALLERY });
		const request = await insertRequest("eve@example.com");
		await postMessage({ requestId: request.id, author: "buyer", userId: null, body: "Hello?" });
		expect(await mailOf("thread_notice")).toEqual([]);
		const row = await db
			.selectFrom("purchase_requests")
			.select("unread_by_staff")
			.where("id", "=", request.id)
			.executeTakeFirstOrThrow();
		expect(row.unread_by_staff).toBe(1);
	});
});

describe("the gallery's notification of a new request", () => {
	it("links straight to the request's own page", async () => {
		const request = await insertRequest("eve@example.com");
		const mail = await purchaseNotificationMail({
			request,
			artistName: "",
			account: undefined,
			language: "en",
			origin: ORIGIN,
		});
		expect(mail.body.action?.url).toBe(`${ORIGIN}/admin/requests/${request.id}`);
	});
});
