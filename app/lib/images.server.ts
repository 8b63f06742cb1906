import { createHash } from "node:crypto";
import sharp from "sharp";
import type { ImageStore } from "./image-store.server";
import { variantKey, variantWidths } from "./images";
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, TARGET_IMAGE_BYTES } from "./upload-limits";

export interface SavedImage {
	key: string;
	width: number;
	height: number;
}

/** Upload folders (the spec's storage buckets). */
export type ImageFolder = "projects" | "gallery" | "slides" | "artists" | "requests";

/** Re-encoding steps (decision 0028): JPEG quality drops by this much at a time, never below the floor. */
const QUALITY_STEP = 10;
const MIN_QUALITY = 30;

export interface RasterOptions {
	maxSide?: number;
	/** JPEG quality to start from. */
	quality?: number;
	/** When set, quality drops in QUALITY_STEP steps down to MIN_QUALITY until the JPEG fits. */
	maxBytes?: number;
	/** Refuse to decode anything larger (a decompression bomb). */
	limitInputPixels?: number;
	/**
	 * WebP encoder effort for the variants (0–6). Effort trades encoding time for file size at the same
	 * quality setting: 2 encodes a 12-megapixel upload's variants about twice as fast as 3 for ~5 % more
	 * bytes and the same look (measured for issue #14). The seed's ~70 generated images use 1.
	 */
	webpEffort?: number;
}

/** How every uploaded raster image is stored (tests/support/image-pipeline-timing.ts times exactly this). */
export const UPLOAD_RASTER_OPTIONS = {
	maxSide: MAX_IMAGE_SIDE,
	quality: 80,
	maxBytes: TARGET_IMAGE_BYTES,
	limitInputPixels: MAX_IMAGE_PIXELS,
} satisfies RasterOptions;

/**
 * Stores a raster image: longest side limited to `maxSide`, metadata (EXIF) dropped, saved as JPEG under a
 * content-addressed name, plus WebP width variants for srcset. Same input, same key: storing twice is a no-op.
 * The input is decoded once to raw pixels; every output is encoded from those.
 */
export async function storeRasterImage(
	store: ImageStore,
	folder: ImageFolder,
	input: Buffer,
	{
		maxSide = 1200,
		quality = 80,
		maxBytes,
		limitInputPixels = 50_000_000,
		webpEffort = 2,
	}: RasterOptions = {},
): Promise<SavedImage> {
	const { data: pixels, info } = await sharp(input, { limitInputPixels })
		.rotate()
		.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
		.flatten({ background: "#ffffff" })
		.raw()
		.toBuffer({ resolveWithObject: true });
	const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

	// The JPEG (with its quality steps) and the WebP variants are independent encodes of the same pixels:
	// run together, they share out the CPU cores instead of waiting for one another.
	const encodeJpeg = async () => {
		let jpeg = await sharp(pixels, raw).jpeg({ quality, progressive: true }).toBuffer();
		for (
			let q = quality - QUALITY_STEP;
			maxBytes && jpeg.length > maxBytes && q >= MIN_QUALITY;
			q -= QUALITY_STEP
		) {
			jpeg = await sharp(pixels, raw).jpeg({ quality: q, progressive: true }).toBuffer();
		}
		return jpeg;
	};
	const [jpeg, variants] = await Promise.all([
		encodeJpeg(),
		Promise.all(
			variantWidths(info.width).map(async (width) => ({
				width,
				data: await sharp(pixels, raw).resize({ width }).webp({ quality: 78, effort: webpEffort }).toBuffer(),
			})),
		),
	]);
	const hash = createHash("sha256").update(jpeg).digest("hex").slice(0, 20);
	const key = `${folder}/${hash}.jpg`;
	// Variants first: a row can only point at the JPEG's key, so once that file exists its variants do too.
	await Promise.all(variants.map((variant) => store.put(variantKey(key, variant.width), variant.data)));
	await store.put(key, jpeg);
	return { key, width: info.width, height: info.height };
}
