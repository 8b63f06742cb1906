/**
 * Times the upload image pipeline for the bench (issue #14: a 12-megapixel JPEG → stored variants in
 * ≤ 1.5 s). Not a test: `npm run bench` calls timeImagePipeline() and prints the figure.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ImageStore } from "~/lib/image-store.server";
import { createDiskImageStore } from "~/lib/image-store-disk.server";
import { storeRasterImage, UPLOAD_RASTER_OPTIONS } from "~/lib/images.server";

/**
 * A 4000×3000 camera-like JPEG (quality 90, ~3 MB): smooth colour fields with fine grain, so the encoder
 * and decoder do a photo's work rather than a flat fill's.
 */
export async function makeTwelveMegapixelJpeg(): Promise<Buffer> {
	const width = 4000;
	const height = 3000;
	const fields = await sharp({
		create: {
			width: 40,
			height: 30,
			channels: 3,
			background: "#808080",
			noise: { type: "gaussian", mean: 128, sigma: 60 },
		},
	})
		.resize(width, height, { kernel: "cubic" })
		.raw()
		.toBuffer();
	const grain = await sharp({
		create: {
			width,
			height,
			channels: 3,
			background: "#808080",
			noise: { type: "gaussian", mean: 128, sigma: 12 },
		},
	})
		.raw()
		.toBuffer();
	fields.forEach((value, index) => {
		fields[index] = Math.max(0, Math.min(255, value + (grain[index] ?? 128) - 128));
	});
	return sharp(fields, { raw: { width, height, channels: 3 } })
		.jpeg({ quality: 90 })
		.toBuffer();
}

/**
 * Milliseconds from a 12-megapixel upload's bytes to its stored JPEG and WebP width variants, along the
 * upload's own path (header read, then storeRasterImage with the options every upload uses), written to
 * a temporary uploads folder that is removed afterwards, or to `store` when one is given (an S3 bucket).
 * The best of `runs` (default 3), after a warm-up.
 */
export async function timeImagePipeline({
	runs = 3,
	store,
}: {
	runs?: number;
	store?: ImageStore;
} = {}): Promise<number> {
	const input = await makeTwelveMegapixelJpeg();
	const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "forma-image-timing-"));
	try {
		const once = async () => {
			// A fresh folder each time: the same input stored twice would only overwrite the same files.
			const target = store ?? createDiskImageStore(await fs.mkdtemp(path.join(uploadsDir, "run-")));
			const started = performance.now();
			await sharp(input).metadata();
			await storeRasterImage(target, "projects", input, UPLOAD_RASTER_OPTIONS);
			return performance.now() - started;
		};
		await once();
		let best = Number.POSITIVE_INFINITY;
		for (let run = 0; run < runs; run++) best = Math.min(best, await once());
		return best;
	} finally {
		await fs.rm(uploadsDir, { recursive: true, force: true });
	}
}
