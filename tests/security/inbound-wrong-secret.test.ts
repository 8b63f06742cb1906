import { describe, expect, it, vi } from "vitest";
import { action } from "~/routes/hooks.inbound-mail";
import {
	fixtureMessage,
	INBOUND_SECRET,
	inboundRecords,
	requestWithReplyAddress,
	threadOf,
} from "../support/inbound-mail";

vi.hoisted(() => {
	process.env.INBOUND_MAIL_ADDRESS = "replies@gallery.example";
	process.env.INBOUND_MAIL_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
});

/**
 * Attack: posting a made-up reply straight to the hook, without the secret the mail provider holds (a
 * forged message with a stolen or guessed reply token). The hook answers 401, records the attempt and
 * never reads the message into a thread.
 */
function post(raw: Buffer, headers: Record<string, string>) {
	return action({
		request: new Request("http://localhost/hooks/inbound-mail", {
			method: "POST",
			body: new Uint8Array(raw),
			headers,
		}),
		params: {},
		context: {},
	});
}

describe("inbound hook: a wrong secret", () => {
	it.each([
		["no Authorization", {}],
		["a wrong secret", { Authorization: "Bearer not-the-secret-not-the-secret-not-the-secret" }],
		["the secret as Basic", { Authorization: `Basic ${INBOUND_SECRET}` }],
		["a prefix of the secret", { Authorization: `Bearer ${INBOUND_SECRET.slice(0, 20)}` }],
	])("is refused with 401 and counted: %s", async (_name, auth) => {
		const thread = await requestWithReplyAddress("buyer");
		const response = await post(fixtureMessage("gmail-en.eml", thread), {
			"Content-Type": "message/rfc822",
			...auth,
		});
		expect(response.status).toBe(401);
		expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
		expect(await threadOf(thread.requestId)).toEqual([]);
		expect(await inboundRecords()).toMatchObject([{ status: "refused", reason: "wrong-secret" }]);
	});

	it("lets the right secret in with a raw RFC 822 body, and nothing else", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const raw = fixtureMessage("thunderbird-ru.eml", thread);
		const wrongType = await post(raw, {
			"Content-Type": "text/plain",
			Authorization: `Bearer ${INBOUND_SECRET}`,
		});
		expect(wrongType.status).toBe(415);
		const response = await post(raw, {
			"Content-Type": "message/rfc822",
			Authorization: `Bearer ${INBOUND_SECRET}`,
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ status: "accepted", requestId: thread.requestId });
		expect(await threadOf(thread.requestId)).toMatchObject([
			{ body: "Спасибо! А можно забрать диван в субботу?", via: "email" },
		]);
	});
});
