import { type Kysely, sql } from "kysely";
import { generatedId } from "../db/dialect";

/**
 * From request to sale (issue #37; docs/decisions/0035–0037): the request becomes the place where the sale
 * happens.
 *
 * - `request_messages`: the conversation on a request, the buyer's and the gallery's messages, oldest first;
 *   `read_at` is when the other side read it. `via` says where it was written: "site" or "email" (a reply by
 *   mail through POST /hooks/inbound-mail).
 * - `request_attachments`: pictures and PDFs that came with a message (stored through the image store).
 * - `request_notes`: the staff's internal notes, added and never overwritten; buyers never see them.
 * - `request_events`: the request's timeline besides messages and notes: status changes, mails, holds,
 *   offers, the outcome (`kind` and a JSON `details`).
 * - `request_links`: a party's private key to one request's thread, for the guest link in each mail and the
 *   reply address (`replies+<token>@…`): a random nonce, signed when the token is made (the token is never
 *   stored), revocable.
 * - `canned_replies`: the staff's short templates, each in one language.
 * - `holds`: a piece kept for one buyer until a date; at most one active (`ended_at` null) per piece,
 *   enforced by a partial unique index on both databases.
 * - `offers`: a personal price with an expiry, answered by the buyer.
 * - `inbound_mail`: every message posted to the inbound hook, accepted or refused (and why), by its
 *   Message-ID, so a provider's retry is not a second message and refusals are counted.
 * - `purchase_requests`: the outcome when closed, the first reply's time, unread buyer messages for staff,
 *   and when the buyer was told the piece is available again.
 * - `outbox`: a Reply-To (its token put in as the message leaves, like a one-time link's) and the request
 *   link whose token the message carries.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("request_messages")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("request_id", "integer", (col) =>
			col.notNull().references("purchase_requests.id").onDelete("cascade"),
		)
		// "buyer" | "gallery"
		.addColumn("author", "text", (col) => col.notNull())
		// The staff member who wrote it, or the buyer's account; null for a guest or a deleted account.
		.addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
		// The staff member's username when they wrote it; "" for the buyer.
		.addColumn("author_name", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("body", "text", (col) => col.notNull())
		// "site" | "email"
		.addColumn("via", "text", (col) => col.notNull().defaultTo("site"))
		.addColumn("created_at", "text", (col) => col.notNull())
		// When the other side read it.
		.addColumn("read_at", "text")
		.execute();
	await db.schema
		.createIndex("request_messages_request_idx")
		.on("request_messages")
		.columns(["request_id", "id"])
		.execute();
	await db.schema
		.createTable("request_attachments")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("message_id", "integer", (col) =>
			col.notNull().references("request_messages.id").onDelete("cascade"),
		)
		// The image store's key.
		.addColumn("storage_key", "text", (col) => col.notNull())
		.addColumn("filename", "text", (col) => col.notNull())
		.addColumn("content_type", "text", (col) => col.notNull())
		.addColumn("size", "integer", (col) => col.notNull())
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("request_attachments_message_idx")
		.on("request_attachments")
		.column("message_id")
		.execute();
	await db.schema
		.createTable("request_notes")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("request_id", "integer", (col) =>
			col.notNull().references("purchase_requests.id").onDelete("cascade"),
		)
		.addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
		.addColumn("author_name", "text", (col) => col.notNull())
		.addColumn("body", "text", (col) => col.notNull())
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("request_notes_request_idx")
		.on("request_notes")
		.columns(["request_id", "id"])
		.execute();
	await db.schema
		.createTable("request_events")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("request_id", "integer", (col) =>
			col.notNull().references("purchase_requests.id").onDelete("cascade"),
		)
		.addColumn("kind", "text", (col) => col.notNull())
		// The staff member's username; "" for the buyer or the site itself (a job).
		.addColumn("actor_name", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("request_events_request_idx")
		.on("request_events")
		.columns(["request_id", "id"])
		.execute();
	await db.schema
		.createTable("request_links")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("request_id", "integer", (col) =>
			col.notNull().references("purchase_requests.id").onDelete("cascade"),
		)
		// "buyer" | "gallery"
		.addColumn("party", "text", (col) => col.notNull())
		.addColumn("nonce", "text", (col) => col.notNull().unique())
		.addColumn("created_at", "text", (col) => col.notNull())
		.addColumn("revoked_at", "text")
		.execute();
	await db.schema
		.createIndex("request_links_request_idx")
		.on("request_links")
		.columns(["request_id", "party"])
		.execute();
	await db.schema
		.createTable("canned_replies")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("language", "text", (col) => col.notNull())
		.addColumn("title", "text", (col) => col.notNull())
		.addColumn("body", "text", (col) => col.notNull())
		.addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
		.addColumn("created_at", "text", (col) => col.notNull())
		.addColumn("updated_at", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createTable("holds")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("project_id", "text", (col) => col.notNull().references("projects.id").onDelete("cascade"))
		.addColumn("request_id", "integer", (col) =>
			col.notNull().references("purchase_requests.id").onDelete("cascade"),
		)
		.addColumn("until", "text", (col) => col.notNull())
		.addColumn("created_by", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("created_at", "text", (col) => col.notNull())
		.addColumn("reminded_at", "text")
		.addColumn("ended_at", "text")
		// "released" | "sold" | "expired"
		.addColumn("end_reason", "text")
		.execute();
	await sql`create unique index holds_one_active_idx on holds (project_id) where ended_at is null`.execute(
		db,
	);
	await db.schema.createIndex("holds_request_idx").on("holds").column("request_id").execute();
	await db.schema
		.createTable("offers")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("request_id", "integer", (col) =>
			col.notNull().references("purchase_requests.id").onDelete("cascade"),
		)
		.addColumn("project_id", "text", (col) => col.notNull().references("projects.id").onDelete("cascade"))
		// Whole rubles.
		.addColumn("price", "integer", (col) => col.notNull())
		.addColumn("expires_at", "text", (col) => col.notNull())
		// "open" | "accepted" | "declined" | "expired" | "withdrawn" | "lost"
		.addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
		.addColumn("created_by", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("created_at", "text", (col) => col.notNull())
		.addColumn("answered_at", "text")
		.execute();
	await db.schema.createIndex("offers_request_idx").on("offers").columns(["request_id", "id"]).execute();
	await db.schema.createIndex("offers_project_idx").on("offers").columns(["project_id", "status"]).execute();
	await db.schema
		.createTable("inbound_mail")
		.addColumn("id", "integer", generatedId(db))
		// The message's Message-ID, or a hash of it when it has none.
		.addColumn("message_key", "text", (col) => col.notNull())
		// "accepted" | "refused"
		.addColumn("status", "text", (col) => col.notNull())
		.addColumn("reason", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("request_id", "integer", (col) => col.references("purchase_requests.id").onDelete("set null"))
		.addColumn("message_id", "integer", (col) => col.references("request_messages.id").onDelete("set null"))
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema.createIndex("inbound_mail_key_idx").on("inbound_mail").column("message_key").execute();
	for (const column of ["outcome", "closed_at", "first_reply_at", "available_notice_at"]) {
		await db.schema.alterTable("purchase_requests").addColumn(column, "text").execute();
	}
	await db.schema
		.alterTable("purchase_requests")
		.addColumn("unread_by_staff", "integer", (col) => col.notNull().defaultTo(0))
		.execute();
	await db.schema.alterTable("outbox").addColumn("reply_to", "text").execute();
	await db.schema.alterTable("outbox").addColumn("request_link_id", "integer").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("outbox").dropColumn("request_link_id").execute();
	await db.schema.alterTable("outbox").dropColumn("reply_to").execute();
	for (const column of ["unread_by_staff", "available_notice_at", "first_reply_at", "closed_at", "outcome"]) {
		await db.schema.alterTable("purchase_requests").dropColumn(column).execute();
	}
	for (const table of [
		"inbound_mail",
		"offers",
		"holds",
		"canned_replies",
		"request_links",
		"request_events",
		"request_notes",
		"request_attachments",
		"request_messages",
	]) {
		await db.schema.dropTable(table).execute();
	}
}
