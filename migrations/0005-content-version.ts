import { type Kysely, sql } from "kysely";
import { createContentVersionTriggers, dropContentVersionTriggers } from "../db/dialect";

/**
 * A counter of changes to what anonymous pages show (docs/decisions/0005): any insert, update or delete
 * in these tables bumps `app_meta.content_version`, whoever makes it (the app, a CLI, a restore script).
 * The server's page cache keys its copies on it, so purchase requests, sign-ins and favourites — which no
 * anonymous page shows — leave cached pages alone, while any catalogue edit shows on the next request.
 * (On Postgres the triggers announce the change instead: db/dialect.ts.)
 */
const CONTENT_TABLES = ["products", "product_images", "hero_slides", "artists", "settings"] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await sql`insert into app_meta (key, value) values ('content_version', '1') on conflict (key) do nothing`.execute(
		db,
	);
	for (const table of CONTENT_TABLES) await createContentVersionTriggers(db, table);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
	for (const table of CONTENT_TABLES) await dropContentVersionTriggers(db, table);
	await sql`delete from app_meta where key = 'content_version'`.execute(db);
}
