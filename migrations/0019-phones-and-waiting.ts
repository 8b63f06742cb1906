import { type Kysely, sql } from "kysely";

/**
 * Issue #35, buying:
 * - `purchase_requests.kind` gains "wait": "tell me if this reserved piece becomes available". The column's
 *   CHECK cannot be altered in place on SQLite, so a new column takes the values and the name (the same steps
 *   on Postgres, where dropping the old column drops its constraint).
 * - Stored phones take the one form the forms now store (docs/decisions/0034-phones-and-repeats.md): the
 *   Russian ways of writing a number become +7XXXXXXXXXX, a number from abroad loses its separators.
 *   Accounts' phones already had that form (registration asked for it); requests kept theirs as typed.
 *   Anonymised requests are left as they are. The rule is copied here, not imported: a migration does what
 *   it did on the day it was written.
 */

const PHONE_CHARS = /^\+?[\d ()-]+$/;

function normalisePhone(value: string): string {
	const typed = value.trim();
	if (!PHONE_CHARS.test(typed)) return typed;
	const compact = typed.replace(/[ ()-]/g, "");
	const digits = compact.replace("+", "");
	if (compact.startsWith("+")) return digits.length > 0 ? `+${digits}` : typed;
	if (digits.length === 11 && (digits.startsWith("8") || digits.startsWith("7")))
		return `+7${digits.slice(1)}`;
	if (digits.length === 10 && digits.startsWith("9")) return `+7${digits}`;
	return typed;
}

async function replaceKindColumn(
	// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema of their day
	db: Kysely<any>,
	kinds: readonly string[],
): Promise<void> {
	const allowed = sql.join(kinds.map((kind) => sql.lit(kind)));
	await db.schema
		.alterTable("purchase_requests")
		.addColumn("kind_next", "text", (col) =>
			col.notNull().defaultTo("purchase").check(sql`kind_next in (${allowed})`),
		)
		.execute();
	await db
		.updateTable("purchase_requests")
		.set({ kind_next: sql`case when kind in (${allowed}) then kind else 'purchase' end` })
		.execute();
	await db.schema.alterTable("purchase_requests").dropColumn("kind").execute();
	await db.schema.alterTable("purchase_requests").renameColumn("kind_next", "kind").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
	await replaceKindColumn(db, ["purchase", "similar", "wait"]);

	const requests = await db
		.selectFrom("purchase_requests")
		.select(["id", "phone"])
		.where("anonymised_at", "is", null)
		.execute();
	for (const { id, phone } of requests as Array<{ id: number; phone: string }>) {
		const stored = normalisePhone(phone);
		if (stored !== phone)
			await db.updateTable("purchase_requests").set({ phone: stored }).where("id", "=", id).execute();
	}
	const users = await db.selectFrom("users").select(["id", "phone"]).where("phone", "is not", null).execute();
	for (const { id, phone } of users as Array<{ id: number; phone: string }>) {
		const stored = normalisePhone(phone);
		if (stored !== phone) await db.updateTable("users").set({ phone: stored }).where("id", "=", id).execute();
	}
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
	// A waiting request becomes the purchase request it would have been; phones keep their stored form.
	await replaceKindColumn(db, ["purchase", "similar"]);
}
