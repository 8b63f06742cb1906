import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { getImageStore, readImage } from "~/lib/image-store.server";
import { createUser } from "~/models/users.server";
import { loader as mailLoader } from "~/routes/admin.mail._index/route";
import { startSession } from "~/services/auth.server";
import { receiveInboundMail } from "~/services/inbound-mail.server";
import {
	composeMessage,
	fixtureMessage,
	inboundRecords,
	requestWithReplyAddress,
	threadOf,
} from "../support/inbound-mail";
import { plain } from "../support/plain";
import { getRequest, settle, statusOf } from "../support/requests";

vi.hoisted(() => {
	// The app reads its environment once, as it loads (app/lib/env.server.ts).
	process.env.INBOUND_MAIL_ADDRESS = "replies@gallery.example";
	process.env.INBOUND_MAIL_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
});

/** What each client's reply must become in the thread: the new text only. */
const CLIENTS: [string, string][] = [
	[
		"thunderbird-en.eml",
		"Thank you! Could you send two more photos of the back of the sofa?\n\nWe could collect it on Saturday.",
	],
	["thunderbird-ru.eml", "Спасибо! А можно забрать диван в субботу?"],
	["gmail-en.eml", "Yes, please hold it for me until Friday."],
	["gmail-ru.eml", "Да, пожалуйста, отложите до пятницы."],
	["outlook-en.eml", "What would delivery to Kazan cost?\n\nKind regards,\nAnna"],
	["outlook-ru.eml", "Добрый день! Пришлите, пожалуйста, счёт."],
	["outlook-web-html-en.eml", "Is the price negotiable?"],
	["apple-mail-en.eml", "Great, I’ll take it."],
	["apple-mail-ru.eml", "Беру!"],
	["yandex-ru.eml", "Добрый вечер! Есть ли такой же диван в сером цвете?"],
	["mailru-ru.eml", "Спасибо, жду счёт.\nАнна"],
];

describe("a reply by e-mail lands in the request's thread", () => {
	it.each(CLIENTS)("%s: the new text only, from the buyer, by e-mail", async (fixture, expected) => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(fixtureMessage(fixture, thread));
		expect(outcome).toMatchObject({ status: "accepted", requestId: thread.requestId });
		const [message, ...rest] = await threadOf(thread.requestId);
		expect(rest).toEqual([]);
		expect(message).toMatchObject({ author: "buyer", via: "email", body: expected, user_id: null });
		const request = await db
			.selectFrom("purchase_requests")
			.select("unread_by_staff")
			.where("id", "=", thread.requestId)
			.executeTakeFirstOrThrow();
		expect(request.unread_by_staff).toBe(1);
	});

	it("posts a message delivered twice (a provider's retry) once", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const raw = fixtureMessage("gmail-en.eml", thread);
		const first = await receiveInboundMail(raw);
		const again = await receiveInboundMail(raw);
		const both = await Promise.all([receiveInboundMail(raw), receiveInboundMail(raw)]);
		expect(first.status).toBe("accepted");
		expect([again, ...both].map((outcome) => outcome.status)).toEqual([
			"duplicate",
			"duplicate",
			"duplicate",
		]);
		expect(await threadOf(thread.requestId)).toHaveLength(1);
		expect((await inboundRecords()).filter((record) => record.status === "accepted")).toHaveLength(1);
	});

	it("finds the reply address in the envelope when To names another (a forward, a Bcc)", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const forwarded = composeMessage({
			to: "gallery@other.example",
			text: "Forwarded by my mail rules.",
			headers: { "Delivered-To": thread.address },
		});
		expect(await receiveInboundMail(forwarded)).toMatchObject({ status: "accepted" });
		const piped = composeMessage({ to: "gallery@other.example", text: "Through a Postfix pipe." });
		expect(await receiveInboundMail(piped, { recipient: thread.address })).toMatchObject({
			status: "accepted",
		});
		expect((await threadOf(thread.requestId)).map((message) => message.body)).toEqual([
			"Forwarded by my mail rules.",
			"Through a Postfix pipe.",
		]);
	});

	it("takes a staff member's reply to the gallery's address as the gallery's message", async () => {
		const staff = await createUser({
			email: "Manager@Gallery.example",
			phone: null,
			password: "a-password-long-enough",
			role: "admin",
			username: "manager",
		});
		const thread = await requestWithReplyAddress("gallery");
		const outcome = await receiveInboundMail(
			composeMessage({ from: "manager@gallery.example", to: thread.address, text: "It is yours." }),
		);
		expect(outcome.status).toBe("accepted");
		const [message] = await threadOf(thread.requestId);
		expect(message).toMatchObject({
			author: "gallery",
			user_id: staff.id,
			author_name: "manager",
			body: "It is yours.",
			via: "email",
		});
	});

	it("keeps pictures and PDFs through the image store, and says which files it refused", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const photo = await sharp({
			create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
		})
			.png()
			.toBuffer();
		const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
		const outcome = await receiveInboundMail(
			composeMessage({
				to: thread.address,
				attachments: [
					{ filename: "back.png", contentType: "image/png", content: photo },
					{ filename: "plan.pdf", contentType: "application/pdf", content: pdf },
					{
						filename: "notes.docx",
						contentType: "application/octet-stream",
						content: Buffer.from("PK\u0003\u0004"),
					},
				],
			}),
		);
		expect(outcome).toMatchObject({
			status: "accepted",
			refusedAttachments: [{ filename: "notes.docx", reason: "not-image-or-pdf" }],
		});
		const [message] = await threadOf(thread.requestId);
		const attachments = await db
			.selectFrom("request_attachments")
			.selectAll()
			.where("message_id", "=", message?.id ?? 0)
			.orderBy("id")
			.execute();
		expect(attachments.map((file) => [file.filename, file.content_type])).toEqual([
			["back.png", "image/jpeg"],
			["plan.pdf", "application/pdf"],
		]);
		for (const file of attachments) {
			expect(file.storage_key).toMatch(/^requests\//);
			expect(await readImage(getImageStore(), file.storage_key)).not.toBeNull();
		}
		expect((await readImage(getImageStore(), attachments[1]?.storage_key ?? ""))?.equals(pdf)).toBe(true);
		const [record] = await inboundRecords();
		expect(record).toMatchObject({
			status: "accepted",
			reason: "attachments refused: notes.docx (not-image-or-pdf)",
		});
		const events = await db
			.selectFrom("request_events")
			.select(["kind", "details"])
			.where("request_id", "=", thread.requestId)
			.execute();
		expect(events).toEqual([
			{ kind: "attachmentsRefused", details: JSON.stringify({ files: "notes.docx" }) },
		]);
		const told = await db
			.selectFrom("outbox")
			.selectAll()
			.where("kind", "=", "inbound_refused_files")
			.execute();
		expect(told).toHaveLength(1);
		expect(told[0]).toMatchObject({ to_address: "anna@example.com", language: "en" });
		expect(plain(told[0]?.subject ?? "")).toBe(
			`Request № ${thread.requestId}: some of your files were not accepted`,
		);
		expect(plain(told[0]?.text_body ?? "")).toContain("these files were not accepted: notes.docx.");
	});

	it("refuses a message with no text of its own and nothing attached", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(
			composeMessage({ to: thread.address, text: "\n> On Sat, FORMA wrote:\n> Hello\n" }),
		);
		expect(outcome).toEqual({ status: "refused", reason: "empty" });
		expect(await threadOf(thread.requestId)).toEqual([]);
	});
});

describe("the operator sees refused replies on /admin/mail", () => {
	it("counts refusals and lists the latest with why, for administrators only", async () => {
		const thread = await requestWithReplyAddress("buyer");
		await receiveInboundMail(
			composeMessage({ from: "mallory@evil.example", to: thread.address, text: "Hi" }),
		);
		await receiveInboundMail(composeMessage({ to: "replies+0123@gallery.example", text: "Hi" }));
		await receiveInboundMail(composeMessage({ to: thread.address, text: "Accepted, not counted" }));
		const admin = await createUser({
			email: "ops@example.com",
			phone: null,
			password: "a-password-long-enough",
			role: "admin",
			username: "ops",
		});
		const cookie = (await startSession(admin.id)).split(";")[0] ?? "";
		const result = await mailLoader({ request: getRequest("/admin/mail", cookie), params: {}, context: {} });
		expect((result as unknown as { data: { inbound: unknown } }).data.inbound).toMatchObject({
			refused: 2,
			latest: [
				{ reason: "unknown-token", request_id: null },
				{ reason: "wrong-sender", request_id: thread.requestId },
			],
		});
		const visitor = await settle(() =>
			mailLoader({ request: getRequest("/admin/mail"), params: {}, context: {} }),
		);
		expect(statusOf(visitor)).not.toBe(200);
	});
});
