import { type Kysely, sql } from "kysely";
import { generatedId, nowDefault } from "../db/dialect";

/**
 * Mail is real (issue #13): an outbox written in the same transaction as whatever causes a message, one-time
 * e-mail tokens (verification, password reset; only their hashes are kept), the language each person used
 * (their mail is written in it), when an address was proven, and the admin's switch for buyers' status mail.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	const now = nowDefault(db);
	const id = generatedId(db);
	await db.schema
		.createTable("outbox")
		.addColumn("id", "integer", id)
		// The Message-ID header, fixed when the message is written: a retry after an unclear failure (the
		// server accepted it, then the connection dropped) carries the same one, so it can be recognised.
		.addColumn("message_id", "text", (col) => col.notNull().unique())
		.addColumn("kind", "text", (col) => col.notNull())
		.addColumn("to_address", "text", (col) => col.notNull())
		.addColumn("language", "text", (col) => col.notNull().check(sql`language in ('en','ru')`))
		.addColumn("from_name", "text", (col) => col.notNull())
		.addColumn("subject", "text", (col) => col.notNull())
		.addColumn("text_body", "text", (col) => col.notNull())
		.addColumn("html_body", "text", (col) => col.notNull())
		// What caused it ("purchase_request:12", "user:4"): the admin's list links to it, tests count by it.
		.addColumn("reference", "text")
		.addColumn("status", "text", (col) =>
			col.notNull().defaultTo("pending").check(sql`status in ('pending','sent','failed')`),
		)
		.addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
		.addColumn("next_attempt_at", "text", (col) => col.notNull().defaultTo(now))
		.addColumn("last_error", "text")
		.addColumn("sent_at", "text")
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();
	await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
	await db.schema.createIndex("outbox_reference_idx").on("outbox").column("reference").execute();
	await sql`create index outbox_recipient_idx on outbox (to_address collate nocase, kind, created_at)`.execute(
		db,
	);

	await db.schema
		.createTable("email_tokens")
		.addColumn("id", "integer", id)
		.addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
		.addColumn("purpose", "text", (col) =>
			col.notNull().check(sql`purpose in ('verify_email','reset_password')`),
		)
		// SHA-256 of the token in the link: a copy of the database cannot be turned into working links.
		.addColumn("token_hash", "text", (col) => col.notNull().unique())
		// The address the link was sent to: verifying proves that address, not whatever the account has now.
		.addColumn("email", "text", (col) => col.notNull())
		.addColumn("expires_at", "text", (col) => col.notNull())
		.addColumn("used_at", "text")
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();
	await db.schema
		.createIndex("email_tokens_user_idx")
		.on("email_tokens")
		.columns(["user_id", "purpose"])
		.execute();

	await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
	await db.schema
		.alterTable("users")
		.addColumn("language", "text", (col) => col.notNull().defaultTo("en").check(sql`language in ('en','ru')`))
		.execute();
	// Administrators were made by the operator (ADMIN_* or the CLI), who vouches for their addresses.
	await db
		.updateTable("users")
		.set({ email_verified_at: sql`created_at` })
		.where("role", "=", "admin")
		.execute();

	await db.schema
		.alterTable("purchase_requests")
		.addColumn("language", "text", (col) => col.notNull().defaultTo("en").check(sql`language in ('en','ru')`))
		.execute();
	await db.schema
		.alterTable("settings")
		.addColumn("buyer_status_emails", "integer", (col) => col.notNull().defaultTo(1))
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("settings").dropColumn("buyer_status_emails").execute();
	await db.schema.alterTable("purchase_requests").dropColumn("language").execute();
	await db.schema.alterTable("users").dropColumn("language").execute();
	await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
	await db.schema.dropTable("email_tokens").execute();
	await db.schema.dropTable("outbox").execute();
}
