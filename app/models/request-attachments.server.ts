import { db } from "~/lib/db.server";
import type { RequestAttachment } from "~db/schema";

/** An attachment with the request its message belongs to, or undefined. */
export async function getRequestAttachment(
	id: number,
): Promise<(RequestAttachment & { request_id: number }) | undefined> {
	return db
		.selectFrom("request_attachments")
		.innerJoin("request_messages", "request_messages.id", "request_attachments.message_id")
		.selectAll("request_attachments")
		.select("request_messages.request_id")
		.where("request_attachments.id", "=", id)
		.executeTakeFirst();
}
