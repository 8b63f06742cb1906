import { type Kysely, sql } from "kysely";

/**
 * Per-mailbox mail caps count a mailbox, not a spelling of its address (issue #31): `Victim+1@` and
 * `victim+2@` reach one inbox, and each used to get the hourly share of a new address. `recipient_key` is
 * the address in lower case without its +tag (app/lib/mail.server.ts mailboxKey), written with each message
 * and indexed with the kind and time the caps count by. Old rows get the lower-cased address, and those of
 * the last two hours (the caps look back one) lose their +tag too; older ones count for nothing any more.
 */

/** mailboxKey as it was when this migration was written (migrations never import today's code). */
function mailboxKey(address: string): string {
	const lower = address.trim().toLowerCase();
	const at = lower.lastIndexOf("@");
	if (at < 0) return lower;
	return `${lower.slice(0, at).split("+")[0]}@${lower.slice(at + 1)}`;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("outbox").addColumn("recipient_key", "text").execute();
	await db.updateTable("outbox").set({ recipient_key: sql`lower(to_address)` }).execute();
	const since = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
	const recent = await db
		.selectFrom("outbox")
		.select(["id", "to_address"])
		.where("created_at", ">=", since)
		.execute();
	for (const row of recent as Array<{ id: number; to_address: string }>) {
		await db
			.updateTable("outbox")
			.set({ recipient_key: mailboxKey(row.to_address) })
			.where("id", "=", row.id)
			.execute();
	}
	await db.schema.dropIndex("outbox_recipient_idx").execute();
	await db.schema
		.createIndex("outbox_mailbox_idx")
		.on("outbox")
		.columns(["recipient_key", "kind", "created_at"])
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("outbox_mailbox_idx").execute();
	await sql`create index outbox_recipient_idx on outbox (to_address collate nocase, kind, created_at)`.execute(
		db,
	);
	await db.schema.alterTable("outbox").dropColumn("recipient_key").execute();
}
