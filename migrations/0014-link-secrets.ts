import type { Kysely } from "kysely";

/**
 * No working link rests in the database (issue #31). Only the hashes of e-mail tokens were kept, but the
 * outbox kept every message as rendered, link and all, so a copy of the database (a backup, a replica, the
 * admin's mail screen) held working reset and verification links. From now on a queued message holds a
 * placeholder where its link's secret goes and names its token (`outbox.email_token_id`); the sender makes
 * the secret as it sends, from the token's `nonce` under a key derived from SESSION_SECRET
 * (docs/decisions/0017). The links already written into messages cannot be taken back from the mailboxes,
 * so every token still unused is used up here, and the secrets are cut out of the stored messages; one of
 * them still waiting to go is failed (its link would not work), and its owner asks for a new one.
 */

/** The placeholder as it was when this migration was written (migrations never import today's code). */
const PLACEHOLDER = "SECRET-ADDED-WHEN-SENT";
const STORED_SECRET = /([?&]token=)[\w-]{20,}/g;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("email_tokens").addColumn("nonce", "text").execute();
	await db.schema
		.alterTable("outbox")
		.addColumn("email_token_id", "integer", (col) => col.references("email_tokens.id").onDelete("set null"))
		.execute();
	await db.schema.createIndex("outbox_email_token_idx").on("outbox").column("email_token_id").execute();

	const now = new Date().toISOString();
	await db.updateTable("email_tokens").set({ used_at: now }).where("used_at", "is", null).execute();
	const messages = (await db
		.selectFrom("outbox")
		.select(["id", "status", "text_body", "html_body"])
		.where("kind", "in", ["verify_email", "password_reset"])
		.execute()) as Array<{ id: number; status: string; text_body: string; html_body: string }>;
	for (const message of messages) {
		await db
			.updateTable("outbox")
			.set({
				text_body: message.text_body.replace(STORED_SECRET, `$1${PLACEHOLDER}`),
				html_body: message.html_body.replace(STORED_SECRET, `$1${PLACEHOLDER}`),
				...(message.status === "pending"
					? {
							status: "failed",
							last_error: "its link was withdrawn when links stopped being stored (migration 0014)",
						}
					: {}),
			})
			.where("id", "=", message.id)
			.execute();
	}
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("outbox_email_token_idx").execute();
	await db.schema.alterTable("outbox").dropColumn("email_token_id").execute();
	await db.schema.alterTable("email_tokens").dropColumn("nonce").execute();
}
