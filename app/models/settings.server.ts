import { db } from "~/lib/db.server";
import type { Settings } from "~db/schema";

/** The one settings row (created by the first migration). */
export async function getSettings(): Promise<Settings> {
	return db.selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}
