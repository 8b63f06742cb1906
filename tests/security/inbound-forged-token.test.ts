import { describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { revokeRequestLinks } from "~/models/request-links.server";
import { receiveInboundMail } from "~/services/inbound-mail.server";
import { composeMessage, inboundRecords, requestWithReplyAddress, threadOf } from "../support/inbound-mail";

vi.hoisted(() => {
	process.env.INBOUND_MAIL_ADDRESS = "replies@gallery.example";
	process.env.INBOUND_MAIL_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
});

/**
 * Attack: writing into a request's thread by guessing or forging the reply address, or by replying to an
 * old mail after the link was revoked. Each is refused and counted; no thread gets a message.
 */
describe("inbound mail: a forged, unknown or revoked reply token", () => {
	it("refuses a token whose signature was altered", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const last = thread.token.at(-1) === "0" ? "1" : "0";
		const forged = `${thread.token.slice(0, -1)}${last}`;
		const outcome = await receiveInboundMail(
			composeMessage({ to: `replies+${forged}@gallery.example`, text: "Let me in." }),
		);
		expect(outcome).toEqual({ status: "refused", reason: "unknown-token" });
		expect(await threadOf(thread.requestId)).toEqual([]);
		expect(await inboundRecords()).toMatchObject([{ status: "refused", reason: "unknown-token" }]);
	});

	it("refuses another request's nonce with a signature made up for this one", async () => {
		const victim = await requestWithReplyAddress("buyer");
		const made = `${victim.token.slice(0, 16)}${"a".repeat(24)}`;
		const outcome = await receiveInboundMail(
			composeMessage({ to: `replies+${made}@gallery.example`, text: "Let me in." }),
		);
		expect(outcome).toEqual({ status: "refused", reason: "unknown-token" });
		expect(await threadOf(victim.requestId)).toEqual([]);
	});

	it("refuses a revoked token", async () => {
		const thread = await requestWithReplyAddress("buyer");
		await revokeRequestLinks(db, thread.requestId, "buyer");
		const outcome = await receiveInboundMail(composeMessage({ to: thread.address, text: "Still here?" }));
		expect(outcome).toEqual({ status: "refused", reason: "unknown-token" });
		expect(await threadOf(thread.requestId)).toEqual([]);
	});

	it("refuses mail that is not addressed to a reply address at all", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const outcome = await receiveInboundMail(
			composeMessage({
				to: `replies@gallery.example`,
				text: "Hello?",
				headers: { Cc: "someone@else.example" },
			}),
		);
		expect(outcome).toEqual({ status: "refused", reason: "no-reply-address" });
		expect(await threadOf(thread.requestId)).toEqual([]);
	});
});
