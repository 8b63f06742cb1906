import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import * as guestThread from "~/routes/requests.$id/route";
import { annaWrites, guestRequest } from "../support/conversation";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { getRequest, settle, statusOf } from "../support/requests";

/**
 * A buyer's private thread link read from a copy of the database: every gallery message mails the buyer a
 * link that opens their request's conversation (and, with replies by e-mail, the same token is in the
 * Reply-To). If the outbox kept the message as rendered, whoever read a backup, a replica or /admin/mail
 * could read and write in every buyer's conversation. The token may rest in no column of any table; the
 * delivered message carries one that works.
 */
const { deliverTo } = smtpDeliveryForEachTest();

async function columnsHolding(secret: string): Promise<string[]> {
	const tables = (await db.introspection.getTables()).filter(
		(table) => !table.schema || table.schema === "public",
	);
	const found = new Set<string>();
	for (const table of tables) {
		const rows = await db
			.selectFrom(table.name as "users")
			.selectAll()
			.execute();
		for (const row of rows as Array<Record<string, unknown>>) {
			for (const [column, value] of Object.entries(row)) {
				if (JSON.stringify(value ?? null).includes(secret)) found.add(`${table.name}.${column}`);
			}
		}
	}
	return [...found];
}

describe("thread links at rest", () => {
	it("a gallery message's mail keeps no working thread link in the database; the delivered one works", async () => {
		const request = await guestRequest("eve@example.com");
		await annaWrites(request.id, "Hi");

		const mail = await deliverTo("eve@example.com");
		const token = new RegExp(`/requests/${request.id}\\?t=([0-9a-f]{40})`).exec(mail.text)?.[1] ?? "";
		expect(token).toHaveLength(40);
		expect(await columnsHolding(token)).toEqual([]);
		// Nor its signature alone (the nonce is stored; the signature is what makes it work).
		expect(await columnsHolding(token.slice(16))).toEqual([]);
		const opened = await settle(() =>
			guestThread.loader({
				request: getRequest(`/requests/${request.id}?t=${token}`),
				params: { id: String(request.id) },
				context: {},
			}),
		);
		expect(statusOf(opened)).toBe(200);
	});
});
