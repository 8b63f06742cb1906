import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { variantKey, variantWidths } from "./images";

export interface SavedImage {
	key: string;
	width: number;
	height: number;
}

/** Upload folders (the spec's storage buckets). */
export type ImageFolder = "products" | "gallery" | "slides" | "artists";

/**
 * Writes via a temporary file and a rename, so a crash never leaves a half-written file under a name
 * that a database row could point to.
 */
export async function writeFileAtomic(filePath: string, data: Buffer): Promise<void> {
	await fs.mkdir(path.dirname(filePath), { recursive: true });
	const temporary = `${filePath}.${randomBytes(6).toString("hex")}.tmp`;
	const handle = await fs.open(temporary, "w");
	try {
		await handle.writeFile(data);
		await handle.sync();
	} finally {
		await handle.close();
	}
	await fs.rename(temporary, filePath);
}

/**
 * Stores a raster image: longest side limited to `maxSide`, metadata (EXIF) dropped, saved as JPEG under a
 * content-addressed name, plus WebP width variants for srcset. Same input, same key: storing twice is a no-op.
 */
export async function storeRasterImage(
	uploadsDir: string,
	folder: ImageFolder,
	input: Buffer,
	{ maxSide = 1200, quality = 80 }: { maxSide?: number; quality?: number } = {},
): Promise<SavedImage> {
	const base = sharp(input, { limitInputPixels: 50_000_000 })
		.rotate()
		.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
	const { data, info } = await base
		.clone()
		.flatten({ background: "#ffffff" })
		.jpeg({ quality, mozjpeg: true })
		.toBuffer({ resolveWithObject: true });
	const hash = createHash("sha256").update(data).digest("hex").slice(0, 20);
	const key = `${folder}/${hash}.jpg`;
	await writeFileAtomic(path.join(uploadsDir, key), data);
	for (const width of variantWidths(info.width)) {
		const variant = await base.clone().resize({ width }).webp({ quality: 78 }).toBuffer();
		await writeFileAtomic(path.join(uploadsDir, variantKey(key, width)), variant);
	}
	return { key, width: info.width, height: info.height };
}
