import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { type HttpSite, startHttpSite } from "../support/http-site";
import {
	composeMessage,
	fixtureMessage,
	INBOUND_ADDRESS,
	INBOUND_SECRET,
	requestWithReplyAddress,
	threadOf,
} from "../support/inbound-mail";

/**
 * The inbound hook over real HTTP, through the whole server (method and cross-site guards, maintenance,
 * the body streamed into the route), as a mail provider's inbound route calls it.
 */
let site: HttpSite;

beforeAll(async () => {
	site = await startHttpSite({ INBOUND_MAIL_ADDRESS: INBOUND_ADDRESS, INBOUND_MAIL_SECRET: INBOUND_SECRET });
});

afterAll(async () => {
	await site?.stop();
});

function post(body: Buffer, headers: Record<string, string> = {}) {
	return fetch(`${site.origin}/hooks/inbound-mail`, {
		method: "POST",
		body: new Uint8Array(body),
		headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${INBOUND_SECRET}`, ...headers },
	});
}

describe("POST /hooks/inbound-mail", () => {
	it("takes a provider's raw message into the thread, and a retry of it once", async () => {
		const thread = await requestWithReplyAddress("buyer", { language: "ru" });
		const raw = fixtureMessage("outlook-ru.eml", thread);
		const first = await post(raw);
		expect(first.status).toBe(200);
		expect(await first.json()).toMatchObject({ status: "accepted", requestId: thread.requestId });
		const retry = await post(raw);
		expect(await retry.json()).toMatchObject({ status: "duplicate" });
		expect(await threadOf(thread.requestId)).toMatchObject([
			{ author: "buyer", via: "email", body: "Добрый день! Пришлите, пожалуйста, счёт." },
		]);
	});

	it("answers 401 without the secret, 405 to GET, 415 to another body", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const raw = fixtureMessage("gmail-en.eml", thread);
		expect((await post(raw, { Authorization: "Bearer wrong" })).status).toBe(401);
		expect((await fetch(`${site.origin}/hooks/inbound-mail`)).status).toBe(405);
		expect((await post(raw, { "Content-Type": "application/json" })).status).toBe(415);
		expect(await threadOf(thread.requestId)).toEqual([]);
	});

	it("keeps an attached photo private: 404 by its image URL, served to the buyer's link", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#884422" } })
			.png()
			.toBuffer();
		const answer = await post(
			composeMessage({
				to: thread.address,
				attachments: [{ filename: "wall.png", contentType: "image/png", content: photo }],
			}),
		);
		expect(await answer.json()).toMatchObject({ status: "accepted", refusedAttachments: [] });
		const file = await db.selectFrom("request_attachments").selectAll().executeTakeFirstOrThrow();
		expect((await fetch(`${site.origin}/resources/images/${file.storage_key}`)).status).toBe(404);
		expect((await fetch(`${site.origin}/resources/request-attachments/${file.id}`)).status).toBe(404);
		const asBuyer = await fetch(`${site.origin}/resources/request-attachments/${file.id}?t=${thread.token}`);
		expect(asBuyer.status).toBe(200);
		expect(asBuyer.headers.get("content-type")).toBe("image/jpeg");
	});
});
