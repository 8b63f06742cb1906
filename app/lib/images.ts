/**
 * Image URLs, safe for the browser. A stored image is a key under uploads/ such as
 * "projects/3f9a…c2.jpg"; its width variants are WebP files next to it ("…-400w.webp").
 */
export const IMAGE_ROUTE = "/resources/images";
/** 2400 only for hero slides, the one kind stored that wide (MAX_SLIDE_SIDE). */
const VARIANT_WIDTHS = [400, 800, 1200, 1920, 2400] as const;
export const DEFAULT_PROJECT_IMAGE = "/placeholder.svg";

export interface StoredImage {
	key: string;
	width: number | null;
	height: number | null;
}

export function imageUrl(key: string): string {
	return `${IMAGE_ROUTE}/${key}`;
}

export function variantKey(key: string, width: number): string {
	return `${key.replace(/\.[a-z0-9]+$/i, "")}-${width}w.webp`;
}

/** Widths for which a variant exists: every standard width below the original, plus the original width. */
export function variantWidths(originalWidth: number): number[] {
	const widths: number[] = VARIANT_WIDTHS.filter((width) => width < originalWidth);
	if (originalWidth <= Math.max(...VARIANT_WIDTHS)) widths.push(originalWidth);
	return widths;
}

export function isVectorKey(key: string): boolean {
	return key.toLowerCase().endsWith(".svg");
}

/** `srcset` for a stored raster image, or undefined when there are no variants (SVG, unknown size). */
export function imageSrcSet(image: StoredImage): string | undefined {
	if (!image.width || isVectorKey(image.key)) return undefined;
	return variantWidths(image.width)
		.map((width) => `${imageUrl(variantKey(image.key, width))} ${width}w`)
		.join(", ");
}
