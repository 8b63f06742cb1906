import { type Kysely, sql } from "kysely";

/**
 * The shop's lists put available pieces first, and filter by availability, price and collection (issue #35,
 * docs/decisions/0029, "Available first"). Every public list still reads one page's ids from an index that
 * holds its filter and its order; the order now starts with the piece's availability rank (available 0,
 * reserved 1, sold 2: the search's order too), so the "available only" filter is that rank's first range of
 * the same index, and a price range is checked inside the index as it is walked (price is the last column).
 *
 * The rank is an expression; the models write it exactly as here (AVAILABILITY_RANK in
 * app/models/projects.server.ts), or neither database would match it to the index.
 *
 * Each index ends with the availability column itself: Postgres answers from an index alone only when every
 * column a statement names is in it as a column (an expression over it is not enough).
 *
 * A collection (/art's five cards) is a tag on a piece: `projects.collection`, null for none.
 */
const RANK = "(case availability when 'available' then 0 when 'reserved' then 1 else 2 end)";

/*
 * "Has a price" is `(price > 0) desc`, not 0016's `(price = 0)`: a price range's `(price > 0) = true` is
 * what both databases match to the index (Postgres rewrites `(price = 0) = false` to `price <> 0`, which
 * no index column is).
 */
const INDEXES = [
	// The shop and the newest pieces (the Design page's categories checked in the index, a price range too).
	[
		"projects_shop_newest_idx",
		`projects (status, ${RANK}, created_at desc, id desc, category, price, availability)`,
	],
	// A category page, the shop in a category, "you may also like".
	[
		"projects_shop_category_idx",
		`projects (category, status, ${RANK}, created_at desc, id desc, price, availability)`,
	],
	// An artist's works, "more from"; also the artist foreign key's lookups.
	[
		"projects_shop_artist_idx",
		`projects (artist_id, status, ${RANK}, created_at desc, id desc, price, availability)`,
	],
	// The shop sorted by price, all or in a category; a price range is a range of these.
	[
		"projects_shop_price_asc_idx",
		`projects (status, ${RANK}, (price > 0) desc, price, created_at desc, id desc, availability)`,
	],
	[
		"projects_shop_price_desc_idx",
		`projects (status, ${RANK}, (price > 0) desc, price desc, created_at desc, id desc, availability)`,
	],
	[
		"projects_shop_category_price_asc_idx",
		`projects (category, status, ${RANK}, (price > 0) desc, price, created_at desc, id desc, availability)`,
	],
	[
		"projects_shop_category_price_desc_idx",
		`projects (category, status, ${RANK}, (price > 0) desc, price desc, created_at desc, id desc, availability)`,
	],
	// A collection's pieces.
	[
		"projects_shop_collection_idx",
		`projects (collection, status, ${RANK}, created_at desc, id desc, category, price, availability)`,
	],
] as const;

/** Migration 0016's list indexes, each replaced by one above that starts its order with the rank. */
const REPLACED = [
	["projects_published_newest_idx", "projects (status, created_at desc, id desc, category)"],
	["projects_category_newest_idx", "projects (category, status, created_at desc, id desc)"],
	["projects_artist_newest_idx", "projects (artist_id, status, created_at desc, id desc)"],
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
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("projects").addColumn("collection", "text").execute();
	for (const [name] of REPLACED) await sql.raw(`drop index if exists ${name}`).execute(db);
	for (const [name, on] of INDEXES) await sql.raw(`create index ${name} on ${on}`).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	for (const [name] of INDEXES) await sql.raw(`drop index if exists ${name}`).execute(db);
	for (const [name, on] of REPLACED) await sql.raw(`create index ${name} on ${on}`).execute(db);
	await db.schema.alterTable("projects").dropColumn("collection").execute();
}
