import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createSmtpTransport, type MailTransport } from "~/lib/mail.server";
import { updateSettings } from "~/models/settings.server";
import { action as requestAction } from "~/routes/project.$id_.request";
import { deliverDueMail } from "~/services/mail.server";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { plain } from "../support/plain";
import { settle, statusOf } from "../support/requests";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

const PROJECT = "terra-modular-sofa";
const GALLERY = "gallery@forma.example";

let smtp: TestSmtpServer | undefined;
let transport: MailTransport | undefined;
afterEach(async () => {
	transport?.close();
	transport = undefined;
	await smtp?.stop();
	smtp = undefined;
});

async function requestPiece(email: string, language: "en" | "ru" = "en") {
	const request = await countedFormRequest(
		`/project/${PROJECT}/request?lng=${language}`,
		{ ...GIVEN_CONSENT, email, phone: "+79161234567" },
		{
			headers: { "X-Forwarded-For": "192.0.2.77" },
		},
	);
	const response = await settle(() =>
		requestAction({
			request,
			params: { id: PROJECT },
			context: {},
		}),
	);
	expect(statusOf(response)).toBe(200);
}

/** The stored messages, their texts as a reader sees them (plain.ts). */
const outbox = async () =>
	(await db.selectFrom("outbox").selectAll().orderBy("id").execute()).map((message) => ({
		...message,
		subject: plain(message.subject),
	}));

describe("the outbox", () => {
	it("writes the gallery's notification and the buyer's confirmation with the request, each in its reader's language", async () => {
		await updateSettings({ emailNotifications: true, adminEmail: GALLERY });
		await requestPiece("anna@example.com", "ru");
		const request = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		const messages = await outbox();
		expect(messages.map((m) => [m.kind, m.to_address, m.status, m.reference])).toEqual([
			["purchase_notification", GALLERY, "pending", `purchase_request:${request.id}`],
			["purchase_confirmation", "anna@example.com", "pending", `purchase_request:${request.id}`],
		]);
		const confirmation = messages[1];
		expect(confirmation?.language).toBe("ru");
		expect(confirmation?.subject).toContain("Мы получили вашу заявку");
		// No trackers: the one picture is the piece's, in the buyer's confirmation, from the site itself.
		for (const message of messages) {
			expect(message.html_body).not.toMatch(/url\(|<script/i);
			expect(message.text_body.length).toBeGreaterThan(100);
			const sources = [...message.html_body.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
			expect(sources).toEqual(
				message.kind === "purchase_confirmation"
					? [expect.stringMatching(/^http:\/\/localhost\/[^?]+$/)]
					: [],
			);
		}
	});

	it("sends nothing to the gallery when notifications are off, and still confirms to the buyer", async () => {
		await updateSettings({ emailNotifications: false, adminEmail: GALLERY });
		await requestPiece("boris@example.com");
		expect((await outbox()).map((m) => m.kind)).toEqual(["purchase_confirmation"]);
	});

	it("delivers over SMTP with its fixed Message-ID, both parts and the shop name in its language as the sender", async () => {
		await updateSettings({ emailNotifications: true, adminEmail: GALLERY, shopName: "Галерея ФОРМА" });
		// An English message is signed with the English name (issue #35).
		await db.updateTable("settings").set({ shop_name_en: "FORMA Gallery" }).execute();
		await requestPiece("vera@example.com");
		smtp = await startSmtpServer();
		transport = createSmtpTransport(smtp.url);
		const round = await deliverDueMail(transport);
		expect(round).toMatchObject({ sent: 2, failed: 0, unreachable: false });
		const stored = await outbox();
		expect(stored.every((m) => m.status === "sent" && m.attempts === 1)).toBe(true);
		const mail = await smtp.waitFor((m) => m.to.includes("vera@example.com"));
		expect(mail.messageId).toBe(stored[1]?.message_id);
		expect(mail.from).toContain("FORMA Gallery");
		expect(mail.subject).toContain("We have your request");
		expect(mail.text).toContain("What happens next");
		expect(mail.html).toContain("What happens next");
		expect(mail.language).toBe("en");
		// A second round finds nothing more to send: each message went exactly once.
		expect(await deliverDueMail(transport)).toMatchObject({ sent: 0 });
		expect(smtp.messages).toHaveLength(2);
	});

	it("keeps mail waiting, attempts unspent, while the SMTP server is down, and sends it once it is back", async () => {
		await requestPiece("gleb@example.com");
		const down = await startSmtpServer();
		const { port, url } = down;
		await down.stop();
		transport = createSmtpTransport(url);
		const round = await deliverDueMail(transport);
		expect(round.unreachable).toBe(true);
		const waiting = await outbox();
		expect(waiting.map((m) => [m.status, m.attempts])).toEqual([["pending", 0]]);
		expect(waiting[0]?.last_error).toBeTruthy();

		smtp = await startSmtpServer({ port });
		expect(await deliverDueMail(transport)).toMatchObject({ sent: 1 });
		await smtp.waitFor((m) => m.to.includes("gleb@example.com"));
	});
});
