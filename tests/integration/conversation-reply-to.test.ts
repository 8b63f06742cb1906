import { describe, expect, it, vi } from "vitest";

// Replies by e-mail set up for this file's server (read once, when the environment is first parsed).
vi.hoisted(() => {
	process.env.INBOUND_MAIL_ADDRESS = "replies@forma.example";
	process.env.INBOUND_MAIL_SECRET = "an-inbound-secret-of-at-least-32-characters";
});

import { db } from "~/lib/db.server";
import { replyAddressToken } from "~/lib/reply-address.server";
import { findRequestLink } from "~/models/request-links.server";
import { updateSettings } from "~/models/settings.server";
import { postMessage } from "~/services/conversation.server";
import { annaWrites, guestRequest } from "../support/conversation";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";

const { deliverTo } = smtpDeliveryForEachTest();

describe("with replies by e-mail set up", () => {
	it("a gallery message carries a Reply-To naming the request and the buyer, and says a reply reaches us", async () => {
		const request = await guestRequest("eve@example.com");
		await annaWrites(request.id, "Hi");

		const [queued] = await db.selectFrom("outbox").selectAll().where("kind", "=", "thread_message").execute();
		// The outbox keeps the placeholder, never the working address.
		expect(queued?.reply_to).toBe("replies+SECRET-ADDED-WHEN-SENT@forma.example");

		const mail = await deliverTo("eve@example.com");
		expect(mail.replyTo).toMatch(/^replies\+[0-9a-f]+@forma\.example$/);
		expect(mail.text).toContain("Reply to this e-mail or answer on the site");
		const token = replyAddressToken(mail.replyTo) ?? "";
		expect(await findRequestLink(token)).toMatchObject({ request_id: request.id, party: "buyer" });
		// The reply address and the guest link are the same key: revoking one stops both.
		expect(mail.text).toContain(`/requests/${request.id}?t=${token}`);
	});

	it("a buyer's message tells staff they can answer by replying; a gathered notice has no Reply-To", async () => {
		await updateSettings({ emailNotifications: true, adminEmail: "gallery@forma.example" });
		const request = await guestRequest("eve@example.com");
		await postMessage({ requestId: request.id, author: "buyer", userId: null, body: "Is it free?" });
		await postMessage({ requestId: request.id, author: "buyer", userId: null, body: "And the frame?" });
		const [first, gathered] = await db
			.selectFrom("outbox")
			.selectAll()
			.where("kind", "=", "thread_notice")
			.orderBy("id")
			.execute();
		expect(gathered?.reply_to).toBeNull();
		expect(first?.reply_to).toBe("replies+SECRET-ADDED-WHEN-SENT@forma.example");

		const mail = await deliverTo("gallery@forma.example");
		expect(mail.text).toContain("Reply to this e-mail to answer the buyer");
		const link = await findRequestLink(replyAddressToken(mail.replyTo) ?? "");
		// The gallery's own key to this request: a reply comes back as the gallery's message.
		expect(link).toMatchObject({ request_id: request.id, party: "gallery" });
	});
});
