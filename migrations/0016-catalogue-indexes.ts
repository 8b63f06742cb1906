import { type Kysely, sql } from "kysely";
import { createCatalogueCountTriggers, dropCatalogueCountTriggers } from "../db/dialect";

/**
 * The catalogue at any size (issue #33, docs/decisions/0029): every public list reads one page through an
 * index that holds its filter and its order, and its counts from `catalogue_counts`, kept by triggers, so
 * no request counts or sorts the catalogue. Runs inside the migrator's transaction.
 *
 * Each list's index, in the order its query filters and sorts (newest first: created_at, then id, both
 * descending; by price: pieces without a price last in both directions):
 */
const INDEXES = [
	// The shop and the newest pieces; category is there so the Design page's three categories filter in the index.
	["projects_published_newest_idx", "projects (status, created_at desc, id desc, category)"],
	// The sitemap's pieces, a file at a time.
	["projects_published_id_idx", "projects (status, id)"],
	// A category page, the shop filtered by category, "you may also like".
	["projects_category_newest_idx", "projects (category, status, created_at desc, id desc)"],
	// An artist's works, "more from"; also the artist foreign key's lookups.
	["projects_artist_newest_idx", "projects (artist_id, status, created_at desc, id desc)"],
	// The shop sorted by price, all or by category.
	["projects_price_asc_idx", "projects (status, (price = 0), price, created_at desc, id desc)"],
	["projects_price_desc_idx", "projects (status, (price = 0), price desc, created_at desc, id desc)"],
	[
		"projects_category_price_asc_idx",
		"projects (category, status, (price = 0), price, created_at desc, id desc)",
	],
	[
		"projects_category_price_desc_idx",
		"projects (category, status, (price = 0), price desc, created_at desc, id desc)",
	],
	// The admin's list, drafts included, newest first.
	["projects_newest_idx", "projects (created_at desc, id)"],
	// The home page's Featured block.
	["projects_featured_idx", "projects (featured, featured_order)"],
	// /artists and the home page's designers, in the gallery's order.
	["artists_order_idx", "artists (sort_order, name)"],
	// Favourites, newest first.
	["favourites_user_created_idx", "favourites (user_id, created_at desc)"],
] as const;

/** What these replace: each is a prefix of a new one, or a filter the new ones hold better. */
const REPLACED = [
	["projects_status_idx", "projects (status, created_at)"],
	["projects_category_idx", "projects (category)"],
	["projects_artist_idx", "projects (artist_id)"],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	for (const [name] of REPLACED) await sql.raw(`drop index if exists ${name}`).execute(db);
	for (const [name, on] of INDEXES) await sql.raw(`create index ${name} on ${on}`).execute(db);

	// Published pieces by category and artist: (category, '') a category's, ('', artist) an artist's,
	// (category, artist) both. A handful of rows answer every count and facet a page shows.
	await db.schema
		.createTable("catalogue_counts")
		.addColumn("category", "text", (col) => col.notNull())
		.addColumn("artist_id", "text", (col) => col.notNull())
		.addColumn("published", "integer", (col) => col.notNull().defaultTo(0))
		.addPrimaryKeyConstraint("catalogue_counts_pk", ["category", "artist_id"])
		.execute();
	await sql`create index catalogue_counts_artist_idx on catalogue_counts (artist_id, category)`.execute(db);
	// The shop's designer filter: the artists with the most works.
	await sql`create index catalogue_counts_top_idx on catalogue_counts (category, published, artist_id)`.execute(
		db,
	);
	await sql`insert into catalogue_counts (category, artist_id, published)
		select category, '', count(*) from projects where status = 'published' group by category
		union all
		select '', artist_id, count(*) from projects where status = 'published' and artist_id is not null group by artist_id
		union all
		select category, artist_id, count(*) from projects where status = 'published' and artist_id is not null
			group by category, artist_id`.execute(db);
	await createCatalogueCountTriggers(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await dropCatalogueCountTriggers(db);
	await db.schema.dropTable("catalogue_counts").execute();
	for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
	for (const [name, on] of REPLACED) await sql.raw(`create index ${name} on ${on}`).execute(db);
}
