import { describe, expect, it, vi } from "vitest";
import { createUser } from "~/models/users.server";
import { receiveInboundMail } from "~/services/inbound-mail.server";
import { composeMessage, inboundRecords, requestWithReplyAddress, threadOf } from "../support/inbound-mail";

vi.hoisted(() => {
	process.env.INBOUND_MAIL_ADDRESS = "replies@gallery.example";
	process.env.INBOUND_MAIL_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
});

/**
 * Attack: a reply address seen by someone else (a forwarded mail, a shared mailbox, a leaked header) used
 * to write into the thread as the buyer or as the gallery. The sender must be the party the token names.
 */
describe("inbound mail: a sender who is not the party", () => {
	it("refuses a stranger writing to the buyer's reply address", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(
			composeMessage({ from: "mallory@evil.example", to: thread.address, text: "Cancel my order." }),
		);
		expect(outcome).toEqual({ status: "refused", reason: "wrong-sender" });
		expect(await threadOf(thread.requestId)).toEqual([]);
		expect(await inboundRecords()).toMatchObject([
			{ status: "refused", reason: "wrong-sender", request_id: thread.requestId, message_id: null },
		]);
	});

	it("refuses a From that names the buyer beside someone else", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(
			composeMessage({
				from: "anna@example.com>, <mallory@evil.example",
				to: thread.address,
				text: "Both of us",
			}),
		);
		expect(outcome).toEqual({ status: "refused", reason: "wrong-sender" });
		expect(await threadOf(thread.requestId)).toEqual([]);
	});

	it("refuses the buyer's +tag look-alike of their own address", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(
			composeMessage({ from: "anna+x@example.com", to: thread.address, text: "Me again" }),
		);
		expect(outcome).toEqual({ status: "refused", reason: "wrong-sender" });
	});

	it("refuses the buyer writing to the gallery's reply address, and a non-staff account", async () => {
		await createUser({
			email: "visitor@example.com",
			phone: null,
			password: "a-password-long-enough",
			role: "user",
			username: "visitor",
		});
		const thread = await requestWithReplyAddress("gallery");
		for (const from of ["anna@example.com", "visitor@example.com"]) {
			const outcome = await receiveInboundMail(
				composeMessage({ from, to: thread.address, text: "Speaking for the gallery" }),
			);
			expect(outcome).toEqual({ status: "refused", reason: "wrong-sender" });
		}
		expect(await threadOf(thread.requestId)).toEqual([]);
	});

	it("refuses the buyer's address in From when the provider found it forged (DMARC failed)", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(
			composeMessage({
				to: thread.address,
				text: "Please send it to another address.",
				headers: {
					"Authentication-Results":
						"mx.gallery.example; spf=fail smtp.mailfrom=evil.example; dmarc=fail (p=none) header.from=example.com",
				},
			}),
		);
		expect(outcome).toEqual({ status: "refused", reason: "not-authenticated" });
		expect(await threadOf(thread.requestId)).toEqual([]);
	});
});
