import type { Kysely } from "kysely";

/**
 * An account made on /register signs in only once its address is confirmed (issue #31): signing in with
 * the password just chosen told a new address (a session) from a taken one (a wrong password), which
 * undid registration's care to answer both alike. `confirm_before_sign_in` is 1 for the accounts
 * registration makes from now on; 0 for those an administrator, the CLI or start-up makes (whoever made
 * them vouches for them) and for accounts that existed before, which keep signing in as they did.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.alterTable("users")
		.addColumn("confirm_before_sign_in", "integer", (col) => col.notNull().defaultTo(0))
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("users").dropColumn("confirm_before_sign_in").execute();
}
