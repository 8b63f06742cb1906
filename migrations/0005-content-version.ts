import { type Kysely, sql } from "kysely";

/**
 * A counter of changes to what anonymous pages show (docs/decisions/0005): any insert, update or delete
 * in these tables bumps `app_meta.content_version`, whoever makes it (the app, a CLI, a restore script).
 * The server's page cache keys its copies on it, so purchase requests, sign-ins and favourites — which no
 * anonymous page shows — leave cached pages alone, while any catalogue edit shows on the next request.
 */
const CONTENT_TABLES = ["products", "product_images", "hero_slides", "artists", "settings"] as const;
const EVENTS = ["insert", "update", "delete"] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await sql`insert into app_meta (key, value) values ('content_version', '1') on conflict (key) do nothing`.execute(
		db,
	);
	for (const table of CONTENT_TABLES) {
		for (const event of EVENTS) {
			await sql
				.raw(
					`create trigger ${table}_${event}_content_version after ${event} on ${table} begin
					   update app_meta set value = cast(value as integer) + 1 where key = 'content_version';
					 end`,
				)
				.execute(db);
		}
	}
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
	for (const table of CONTENT_TABLES) {
		for (const event of EVENTS)
			await sql.raw(`drop trigger if exists ${table}_${event}_content_version`).execute(db);
	}
	await sql`delete from app_meta where key = 'content_version'`.execute(db);
}
