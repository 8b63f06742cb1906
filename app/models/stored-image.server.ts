import type { StoredImage } from "~/lib/images";

interface ImageSize {
	image_width: number | null;
	image_height: number | null;
}

/** The image columns of a table: projects and artists call the key `image`, slides and gallery rows `image_url`. */
export type ImageColumns = ImageSize & ({ image: string | null } | { image_url: string | null });

/**
 * The one mapping from a row's image columns to the `{ key, width, height }` shape the views render.
 * A row without an image gives null; a row whose key column cannot be null gives a StoredImage.
 */
export function toStoredImage(row: ImageSize & ({ image: string } | { image_url: string })): StoredImage;
export function toStoredImage(row: ImageColumns): StoredImage | null;
export function toStoredImage(row: ImageColumns): StoredImage | null {
	const key = "image_url" in row ? row.image_url : row.image;
	return key ? { key, width: row.image_width, height: row.image_height } : null;
}
