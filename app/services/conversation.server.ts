import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import { insertMessage, type NewMessage } from "~/models/request-messages.server";
import type { Database, RequestMessage } from "~db/schema";

/**
 * The conversation on a request (issue #37, docs/decisions/0035): every message, from the site, the account
 * page, a guest link or a reply by e-mail (app/services/inbound-mail.server.ts), is posted through here, in
 * one transaction with what it sets going: the request's counters (unread buyer messages, the first reply)
 * and the mail to the other party (the buyer's in the request's language, the gallery's batched).
 */
export async function postMessage(
	message: NewMessage,
	options: { executor?: Kysely<Database>; now?: Date; origin?: string } = {},
): Promise<RequestMessage> {
	const now = options.now ?? new Date();
	const run = async (trx: Kysely<Database>) => {
		const row = await insertMessage(trx, message, now);
		if (message.author === "buyer") {
			await trx
				.updateTable("purchase_requests")
				.set((eb) => ({ unread_by_staff: eb("unread_by_staff", "+", 1), updated_at: now.toISOString() }))
				.where("id", "=", message.requestId)
				.execute();
		} else {
			await trx
				.updateTable("purchase_requests")
				.set({ first_reply_at: now.toISOString() })
				.where("id", "=", message.requestId)
				.where("first_reply_at", "is", null)
				.execute();
		}
		return row;
	};
	return options.executor ? run(options.executor) : db.transaction().execute(run);
}
