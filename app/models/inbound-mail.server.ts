import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, InboundMail } from "~db/schema";

/**
 * Every message posted to the inbound-mail hook (issue #37, docs/decisions/0037), accepted or refused and
 * why: a provider's retry of an accepted message is found by its key and not posted twice, and the
 * operator sees what was refused on /admin/mail.
 */

export interface InboundRecord {
	messageKey: string;
	status: "accepted" | "refused";
	reason?: string;
	requestId?: number | null;
	messageId?: number | null;
}

export async function recordInboundMail(
	executor: Kysely<Database>,
	record: InboundRecord,
	now = new Date(),
): Promise<void> {
	await executor
		.insertInto("inbound_mail")
		.values({
			message_key: record.messageKey,
			status: record.status,
			reason: record.reason ?? "",
			request_id: record.requestId ?? null,
			message_id: record.messageId ?? null,
			created_at: now.toISOString(),
		})
		.execute();
}

/** The accepted message with this key, if one came before (a provider's retry, or the same mail twice). */
export async function findAcceptedInboundMail(
	messageKey: string,
	executor: Kysely<Database> = db,
): Promise<InboundMail | undefined> {
	return executor
		.selectFrom("inbound_mail")
		.selectAll()
		.where("message_key", "=", messageKey)
		.where("status", "=", "accepted")
		.executeTakeFirst();
}

/** How many inbound messages were refused, and the latest of them (newest first) for the operator. */
export async function refusedInboundMail(limit = 20): Promise<{ total: number; latest: InboundMail[] }> {
	const [count, latest] = await Promise.all([
		db
			.selectFrom("inbound_mail")
			.select((eb) => eb.fn.countAll<number | string>().as("total"))
			.where("status", "=", "refused")
			.executeTakeFirstOrThrow(),
		db
			.selectFrom("inbound_mail")
			.selectAll()
			.where("status", "=", "refused")
			.orderBy("id", "desc")
			.limit(limit)
			.execute(),
	]);
	return { total: Number(count.total), latest };
}
