import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, MessageParty, PurchaseRequest, RequestAttachment, RequestMessage } from "~db/schema";

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

/**
 * The buyers' messages from message `sinceId` on (every request's), oldest first, with the request each is
 * on, at most `limit`: what the gallery's gathered notice names (app/services/conversation.server.ts).
 */
export async function listBuyerMessagesSince(
	executor: Kysely<Database>,
	sinceId: number,
	limit: number,
): Promise<
	Array<{
		message: Pick<RequestMessage, "id" | "body" | "via">;
		request: Pick<PurchaseRequest, "id" | "project_name" | "email">;
	}>
> {
	const rows = await executor
		.selectFrom("request_messages as m")
		.innerJoin("purchase_requests as r", "r.id", "m.request_id")
		.select(["m.id as message_id", "m.body", "m.via", "r.id as request_id", "r.project_name", "r.email"])
		.where("m.author", "=", "buyer")
		.where("m.id", ">=", sinceId)
		.orderBy("m.id")
		.limit(limit)
		.execute();
	return rows.map((row) => ({
		message: { id: row.message_id, body: row.body, via: row.via },
		request: { id: row.request_id, project_name: row.project_name, email: row.email },
	}));
}

/** The buyer has read the thread: the gallery's messages not read yet are marked read now. */
export async function markGalleryMessagesRead(requestId: number, now = new Date()): Promise<number> {
	const result = await db
		.updateTable("request_messages")
		.set({ read_at: now.toISOString() })
		.where("request_id", "=", requestId)
		.where("author", "=", "gallery")
		.where("read_at", "is", null)
		.executeTakeFirst();
	return Number(result.numUpdatedRows);
}

/** The gallery's messages each buyer has not read yet, by request (My orders shows them). */
export async function countUnreadGalleryMessages(requestIds: number[]): Promise<Map<number, number>> {
	if (requestIds.length === 0) return new Map();
	const rows = await db
		.selectFrom("request_messages")
		.select(["request_id", (eb) => eb.fn.countAll<number>().as("n")])
		.where("request_id", "in", requestIds)
		.where("author", "=", "gallery")
		.where("read_at", "is", null)
		.groupBy("request_id")
		.execute();
	return new Map(rows.map((row) => [row.request_id, Number(row.n)]));
}

/** An attachment of a message in request `requestId`'s thread; undefined when it is not that thread's. */
export async function getThreadAttachment(
	requestId: number,
	attachmentId: number,
): Promise<(RequestAttachment & { author: MessageParty }) | undefined> {
	return db
		.selectFrom("request_attachments as a")
		.innerJoin("request_messages as m", "m.id", "a.message_id")
		.selectAll("a")
		.select("m.author")
		.where("a.id", "=", attachmentId)
		.where("m.request_id", "=", requestId)
		.executeTakeFirst();
}
