import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, MessageParty, RequestAttachment, RequestMessage } from "~db/schema";

/** One message of a request's conversation with what came with it. */
export interface ThreadMessage extends RequestMessage {
	attachments: RequestAttachment[];
}

export interface NewAttachment {
	storageKey: string;
	filename: string;
	contentType: string;
	size: number;
}

export interface NewMessage {
	requestId: number;
	author: MessageParty;
	/** The staff member, or the buyer's account; null for a guest. */
	userId: number | null;
	/** The staff member's username; "" for the buyer. */
	authorName?: string;
	body: string;
	via?: "site" | "email";
	attachments?: NewAttachment[];
}

/**
 * Adds a message and its attachments with `executor` (the transaction that does the rest of the posting:
 * app/services/conversation.server.ts). Only writes rows: who may post, and who is told, is the service's.
 */
export async function insertMessage(
	executor: Kysely<Database>,
	message: NewMessage,
	now = new Date(),
): Promise<RequestMessage> {
	const row = await executor
		.insertInto("request_messages")
		.values({
			request_id: message.requestId,
			author: message.author,
			user_id: message.userId,
			author_name: message.authorName ?? "",
			body: message.body,
			via: message.via ?? "site",
			created_at: now.toISOString(),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
	for (const attachment of message.attachments ?? []) {
		await executor
			.insertInto("request_attachments")
			.values({
				message_id: row.id,
				storage_key: attachment.storageKey,
				filename: attachment.filename,
				content_type: attachment.contentType,
				size: attachment.size,
				created_at: now.toISOString(),
			})
			.execute();
	}
	return row;
}

/** A request's messages, oldest first, with their attachments. */
export async function listThread(
	requestId: number,
	executor: Kysely<Database> = db,
): Promise<ThreadMessage[]> {
	const messages = await executor
		.selectFrom("request_messages")
		.selectAll()
		.where("request_id", "=", requestId)
		.orderBy("id")
		.execute();
	if (messages.length === 0) return [];
	const attachments = await executor
		.selectFrom("request_attachments")
		.selectAll()
		.where(
			"message_id",
			"in",
			messages.map((message) => message.id),
		)
		.orderBy("id")
		.execute();
	return messages.map((message) => ({
		...message,
		attachments: attachments.filter((attachment) => attachment.message_id === message.id),
	}));
}

/**
 * Staff opened the request: the buyer's unread messages are read now, and the request no longer counts
 * as unread in the list. Returns how many messages it marked.
 */
export async function markBuyerMessagesRead(requestId: number, now = new Date()): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const result = await trx
			.updateTable("request_messages")
			.set({ read_at: now.toISOString() })
			.where("request_id", "=", requestId)
			.where("author", "=", "buyer")
			.where("read_at", "is", null)
			.executeTakeFirst();
		await trx
			.updateTable("purchase_requests")
			.set({ unread_by_staff: 0 })
			.where("id", "=", requestId)
			.where("unread_by_staff", "!=", 0)
			.execute();
		return Number(result.numUpdatedRows);
	});
}
