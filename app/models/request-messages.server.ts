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
 * Staff opened the request and saw these buyer messages (`ids`): they are read now, and the request's count
 * of unread buyer messages becomes what is still unread (a message that arrived while the page was being
 * read stays unread). Returns how many messages it marked.
 */
export async function markBuyerMessagesRead(
	requestId: number,
	ids: readonly number[],
	now = new Date(),
): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const result =
			ids.length > 0
				? await trx
						.updateTable("request_messages")
						.set({ read_at: now.toISOString() })
						.where("request_id", "=", requestId)
						.where("author", "=", "buyer")
						.where("id", "in", ids)
						.where("read_at", "is", null)
						.executeTakeFirst()
				: { numUpdatedRows: 0n };
		await trx
			.updateTable("purchase_requests")
			.set((eb) => ({
				unread_by_staff: eb
					.selectFrom("request_messages")
					.select((inner) => inner.fn.countAll<number>().as("n"))
					.where("request_messages.request_id", "=", requestId)
					.where("request_messages.author", "=", "buyer")
					.where("request_messages.read_at", "is", null),
			}))
			.where("id", "=", requestId)
			.execute();
		return Number(result.numUpdatedRows);
	});
}
