/**
 * The art collections /art shows as cards (issue #35): a collection is a tag an admin sets on a piece, and
 * each card opens the shop filtered to its pieces. Kept apart from the categories: a piece has one
 * category and at most one collection.
 */
export const ART_COLLECTIONS = ["abstract", "prints", "sculpture", "photography", "digital"] as const;
export type ArtCollection = (typeof ART_COLLECTIONS)[number];

/** The admin form's choice of no collection (an empty value would read as "not sent"). */
export const NO_COLLECTION = "none";

export function isArtCollection(value: unknown): value is ArtCollection {
	return typeof value === "string" && (ART_COLLECTIONS as readonly string[]).includes(value);
}

/** The shop's address for a collection's pieces. */
export function collectionHref(collection: ArtCollection): string {
	return `/shop?category=art&collection=${collection}`;
}
