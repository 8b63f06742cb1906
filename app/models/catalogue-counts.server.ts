import { PROJECT_CATEGORIES, type ProjectCategory } from "~/lib/categories";
import { db } from "~/lib/db.server";

/*
 * Counts of published pieces, read from `catalogue_counts` (migration 0016), which triggers keep in step
 * with every write to projects: a count is a sum of at most seven rows found by their key, whatever the
 * catalogue's size. Key: (category, "") a category's, ("", artist) an artist's, (category, artist) both.
 */

export interface CountFilter {
	/** Any of these categories (none: all). */
	categories?: readonly ProjectCategory[];
	artistId?: string;
}

/** How many published pieces a filter lets through. */
export async function countPublished(filter: CountFilter = {}): Promise<number> {
	let query = db
		.selectFrom("catalogue_counts")
		.select((eb) => eb.fn.sum<number | string | null>("published").as("n"));
	const categories = filter.categories;
	if (filter.artistId) {
		query = query.where("artist_id", "=", filter.artistId);
		query = categories?.length ? query.where("category", "in", categories) : query.where("category", "=", "");
	} else {
		query = query.where("artist_id", "=", "");
		if (categories?.length) query = query.where("category", "in", categories);
	}
	const { n } = await query.executeTakeFirstOrThrow();
	return Number(n ?? 0);
}

/** Published works of each of these artists (0 for one without any). */
export async function countWorksByArtist(artistIds: readonly string[]): Promise<Map<string, number>> {
	const counts = new Map(artistIds.map((id) => [id, 0]));
	if (artistIds.length === 0) return counts;
	const rows = await db
		.selectFrom("catalogue_counts")
		.select(["artist_id", "published"])
		.where("category", "=", "")
		.where("artist_id", "in", artistIds)
		.execute();
	for (const row of rows) counts.set(row.artist_id, Number(row.published));
	return counts;
}

/** The artists with the most published works, most first (the shop's designer filter). */
export async function listBusiestArtistIds(limit: number): Promise<string[]> {
	const rows = await db
		.selectFrom("catalogue_counts")
		.select("artist_id")
		.where("category", "=", "")
		.where("published", ">", 0)
		.orderBy("published", "desc")
		.orderBy("artist_id", "desc")
		.limit(limit)
		.execute();
	return rows.map((row) => row.artist_id);
}

/** The categories that have published works, in the catalogue's order: what an empty search offers. */
export async function listCategoriesWithWorks(): Promise<ProjectCategory[]> {
	const rows = await db
		.selectFrom("catalogue_counts")
		.select("category")
		.where("artist_id", "=", "")
		.where("category", "!=", "")
		.where("published", ">", 0)
		.execute();
	const found = new Set(rows.map((row) => row.category));
	return PROJECT_CATEGORIES.filter((category) => found.has(category));
}
