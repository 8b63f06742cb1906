import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { SEED_CANNED_REPLIES as templates } from "./canned-replies-data";

const SEEDED_KEY = "canned_replies_seeded_at";

/**
 * The staff's first canned replies (issue #37): availability confirmed, shipping quote, price and similar
 * work, in English and Russian (db/seed/canned-replies-data.ts). Written once per
 * database, also into one seeded before the templates existed; a gallery that deletes them does not get
 * them back. Returns whether it wrote them.
 */
export async function seedCannedReplies(db: Kysely<Database>, now = new Date()): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const done = await trx
			.selectFrom("app_meta")
			.select("value")
			.where("key", "=", SEEDED_KEY)
			.executeTakeFirst();
		if (done) return false;
		const existing = await trx
			.selectFrom("canned_replies")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow();
		if (Number(existing.n) === 0) {
			const rows = (["en", "ru"] as const).flatMap((language) =>
				templates[language].map((template, index) => ({
					language,
					title: template.title,
					body: template.body,
					position: index + 1,
					created_at: now.toISOString(),
					updated_at: now.toISOString(),
				})),
			);
			await trx.insertInto("canned_replies").values(rows).execute();
		}
		await trx.insertInto("app_meta").values({ key: SEEDED_KEY, value: now.toISOString() }).execute();
		return true;
	});
}
