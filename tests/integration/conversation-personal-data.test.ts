import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { anonymisePerson, exportPersonalData, guestScope } from "~/models/personal-data.server";
import { findRequestLink, requestLinkFor, requestLinkToken } from "~/models/request-links.server";
import { postMessage } from "~/services/conversation.server";
import { annaWrites, guestRequest } from "../support/conversation";

/*
 * Issue #37 and the personal-data rules (decision 0032): a buyer's conversation is theirs to take away, and
 * goes when they are erased (with the staff's notes on it, its private links and the mail that carried it).
 */

async function setUp() {
	const request = await guestRequest("olga@example.com");
	await postMessage({ requestId: request.id, author: "buyer", userId: null, body: "I am Olga, flat 5" });
	const anna = await annaWrites(request.id, "Dear Olga, it is free");
	await db
		.insertInto("request_notes")
		.values({
			request_id: request.id,
			user_id: anna.id,
			author_name: "anna",
			body: "Olga haggles",
			created_at: new Date().toISOString(),
		})
		.execute();
	const token = requestLinkToken(await requestLinkFor(db, request.id, "buyer"));
	return { request, token };
}

describe("a buyer's conversation and their personal data", () => {
	it("is in their export, both sides, without the staff's notes", async () => {
		const { request } = await setUp();
		const exported = await exportPersonalData(guestScope("olga@example.com"));
		expect(exported.messages.map((m) => [m.requestId, m.from, m.body])).toEqual([
			[request.id, "buyer", "I am Olga, flat 5"],
			[request.id, "gallery", "Dear Olga, it is free"],
		]);
		expect(JSON.stringify(exported)).not.toContain("haggles");
	});

	it("goes with their erasure: messages, notes, the private link and the mail that carried it", async () => {
		const { request, token } = await setUp();
		await db.transaction().execute((trx) => anonymisePerson(trx, guestScope("olga@example.com")));
		expect(await db.selectFrom("request_messages").selectAll().execute()).toEqual([]);
		expect(await db.selectFrom("request_notes").selectAll().execute()).toEqual([]);
		expect(await findRequestLink(token)).toBeUndefined();
		const mail = await db
			.selectFrom("outbox")
			.select(["kind", "text_body"])
			.where("kind", "=", "thread_message")
			.execute();
		expect(mail).toEqual([]);
		// The request stays for the sales history, anonymised.
		const row = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", request.id)
			.executeTakeFirstOrThrow();
		expect(row.anonymised_at).not.toBeNull();
	});
});
