import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
	MaxPartSizeExceededError,
	type NodeOnDiskFile,
	type UploadHandler,
	unstable_createFileUploadHandler,
	unstable_createMemoryUploadHandler,
	unstable_parseMultipartFormData,
} from "@remix-run/node";
import sharp from "sharp";
import { MAX_FORM_FIELDS, readFormData } from "~/lib/form.server";
import { formatMegabytes } from "~/lib/format";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n";
import { getImageStore } from "~/lib/image-store.server";
import {
	type ImageFolder,
	type SavedImage,
	storeRasterImage,
	UPLOAD_RASTER_OPTIONS,
} from "~/lib/images.server";
import { logger } from "~/lib/logger.server";
import { sanitizeSvg } from "~/lib/svg-sanitize.server";
import {
	MAX_IMAGE_BYTES,
	MAX_IMAGE_PIXELS,
	MAX_SLIDE_SIDE,
	MAX_UPLOAD_REQUEST_BYTES,
	RASTER_IMAGE_FORMATS,
} from "~/lib/upload-limits";
import { isImageReferenced } from "~/models/image-references.server";

export { MAX_IMAGE_PIXELS } from "~/lib/upload-limits";

/** A text field of an upload form (descriptions are the longest). */
const MAX_TEXT_PART_BYTES = 64 * 1024;

const RASTER_FORMATS = new Set<string>(RASTER_IMAGE_FORMATS);

type ImageMetadata = Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;

/**
 * An i18n key in the "admin" namespace, with values to interpolate; `help` (a key too) says what to do
 * about it, as its own sentence after the message (the spec's words stay as they are).
 */
export type ImageUploadError = { key: string; values?: Record<string, string | number>; help?: string };
export type ImageUploadResult = { ok: true; image: SavedImage } | { ok: false; error: ImageUploadError };

function payloadTooLarge(): Response {
	return new Response(null, { status: 413, statusText: "Payload Too Large" });
}

class RequestTooLargeError extends Error {
	override name = "RequestTooLargeError";
}

/**
 * A file over the per-file limit. Its bytes were counted and thrown away; its name and real size stay, so
 * the form can say "Image is too large: 6.2 MB" next to the field instead of refusing the whole request.
 */
class OversizedUpload extends File {
	constructor(name: string, type: string, size: number) {
		super([], name, { type });
		Object.defineProperty(this, "size", { value: size });
	}
}

class TooManyPartsError extends Error {
	override name = "TooManyPartsError";
}

/**
 * The request body as the parser sees it: it fails as soon as more than `maxBytes` arrived (Content-Length
 * can lie). `discardRest` stops feeding the parser and reads what is left without parsing it, up to the
 * same cap, so a refused request still gets its 413 over a healthy connection instead of a reset, and
 * parsing never runs past the point of refusal.
 */
function cappedBody(body: ReadableStream<Uint8Array>, maxBytes: number) {
	const reader = body.getReader();
	let seen = 0;
	const stream = new ReadableStream<Uint8Array>({
		async pull(controller) {
			const { done, value } = await reader.read();
			if (done) {
				controller.close();
				return;
			}
			seen += value.byteLength;
			if (seen > maxBytes) {
				controller.error(new RequestTooLargeError());
				await reader.cancel();
			} else controller.enqueue(value);
		},
		cancel: (reason) => reader.cancel(reason),
	});
	const discardRest = async () => {
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return;
				seen += value.byteLength;
				if (seen > maxBytes) {
					await reader.cancel();
					return;
				}
			}
		} catch {
			// The visitor went away: nothing left to discard.
		}
	};
	return { stream, discardRest };
}

/**
 * Parses a multipart admin form, streaming files to temp disk with the caps; throws a 413/400 Response on
 * abuse. A body over MAX_UPLOAD_REQUEST_BYTES (declared or counted), a text field over 64 KB or more than
 * MAX_FORM_FIELDS parts (files and fields) is a 413; a body that is not multipart is read as an ordinary
 * small form; a broken one is a 400. Past the part cap nothing more is parsed.
 *
 * Each file is streamed to a private folder under the OS temp dir while the caps are checked, then handed
 * back in memory (at most 5 MB each, 40 MB in all) and the folder is removed before this returns, so no
 * temporary file outlives the call, whatever the action does next. A file over 5 MB is drained, not kept:
 * it comes back as an empty File with its real `size`, for storeUploadedImage to refuse with the message.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
	const contentType = request.headers.get("Content-Type") ?? "";
	if (!/^multipart\/form-data\s*;/i.test(contentType)) return readFormData(request);
	if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_REQUEST_BYTES) throw payloadTooLarge();
	if (!request.body) throw new Response(null, { status: 400, statusText: "Bad Request" });

	const directory = await fs.mkdtemp(path.join(os.tmpdir(), "forma-upload-"));
	const body = cappedBody(request.body, MAX_UPLOAD_REQUEST_BYTES);
	try {
		let partNumber = 0;
		let parts = 0;
		const toDisk = unstable_createFileUploadHandler({
			directory,
			avoidFileConflicts: false,
			file: () => `part-${++partNumber}`,
			maxPartSize: MAX_IMAGE_BYTES,
		});
		const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: MAX_TEXT_PART_BYTES });
		const handler: UploadHandler = async (part) => {
			if (++parts > MAX_FORM_FIELDS) throw new TooManyPartsError();
			if (typeof part.filename !== "string") return textHandler(part);
			if (part.filename === "") {
				// An empty file input: browsers still send a part for it.
				for await (const _chunk of part.data);
				return undefined;
			}
			let size = 0;
			// Bytes past the limit are counted (the request cap still applies) but never written.
			async function* limited() {
				for await (const chunk of part.data) {
					size += chunk.byteLength;
					if (size <= MAX_IMAGE_BYTES) yield chunk;
				}
			}
			const stored = (await toDisk({ ...part, data: limited() })) as NodeOnDiskFile | undefined;
			if (!stored) return undefined;
			if (size > MAX_IMAGE_BYTES) {
				await stored.remove();
				return new OversizedUpload(part.filename, part.contentType, size);
			}
			const bytes = await stored.arrayBuffer();
			await stored.remove();
			return new File([bytes], part.filename, { type: part.contentType });
		};
		const capped = new Request(request.url, {
			method: request.method,
			headers: request.headers,
			body: body.stream,
			duplex: "half",
		} as RequestInit);
		return await unstable_parseMultipartFormData(capped, handler);
	} catch (error) {
		if (error instanceof Response) throw error;
		if (error instanceof TooManyPartsError) {
			void body.discardRest();
			throw payloadTooLarge();
		}
		if (error instanceof RequestTooLargeError || error instanceof MaxPartSizeExceededError) {
			throw payloadTooLarge();
		}
		throw new Response(null, { status: 400, statusText: "Bad Request" });
	} finally {
		await fs.rm(directory, { recursive: true, force: true });
	}
}

function fail(key: string, values?: ImageUploadError["values"], help?: string): ImageUploadResult {
	return { ok: false, error: { key: `images.${key}`, values, ...(help ? { help: `images.${help}` } : {}) } };
}

/** The messages of an upload error, as the admin namespace's keys: the refusal, then what to do. */
export function imageErrorKeys(error: ImageUploadError): string[] {
	return error.help ? [error.key, error.help] : [error.key];
}

export interface StoreImageOptions {
	/**
	 * The spec words the size error differently for the main image ("Image is too large: X MB") and for
	 * gallery files ("File {name} is too large"); "file" picks the second.
	 */
	wording?: "image" | "file";
	/** The admin's language, for the size in the message: "6.2" in English, "6,2" in Russian. */
	language?: Language;
}

/**
 * Validates by decoding, resizes/compresses (raster) or sanitises (SVG), stores with variants under
 * <folder>/ in the image store. Empty/absent file → null. The format comes from the content as sharp decodes it, never
 * from the file name or the type the browser claimed.
 */
export async function storeUploadedImage(
	file: File | Blob | null,
	folder: ImageFolder,
	{ wording = "image", language = DEFAULT_LANGUAGE }: StoreImageOptions = {},
): Promise<ImageUploadResult | null> {
	if (!file || typeof file !== "object" || file.size === 0) return null;
	const name = file instanceof File && file.name ? file.name : "image";
	if (file.size > MAX_IMAGE_BYTES) {
		return fail(
			wording === "file" ? "fileTooLarge" : "tooLarge",
			{ name, size: formatMegabytes(file.size, language) },
			"smallerFile",
		);
	}
	const input = Buffer.from(await file.arrayBuffer());
	let metadata: ImageMetadata;
	try {
		// Only the header is read here, so the pixel count can be checked (below) before anything is decoded.
		metadata = await sharp(input, { limitInputPixels: false }).metadata();
	} catch {
		return fail("notImage", { name });
	}
	if (metadata.format === "svg") return storeSvg(input, folder, name);
	// An iPhone photo (HEIC) is HEIF with HEVC inside: sharp's prebuilt libvips reads its header but has no
	// HEVC decoder (patents), so it is refused with the way to send a JPEG instead (docs/decisions/0033).
	if (metadata.format === "heif" && metadata.compression === "hevc")
		return fail("heic", { name }, "heicHelp");
	if (!RASTER_FORMATS.has(metadata.format)) return fail("unsupportedFormat", { name });
	const width = metadata.width ?? 0;
	const height = metadata.height ?? 0;
	if (width * height > MAX_IMAGE_PIXELS || width === 0 || height === 0) {
		return fail("tooManyPixels", { name, width, height });
	}
	try {
		const options =
			folder === "slides" ? { ...UPLOAD_RASTER_OPTIONS, maxSide: MAX_SLIDE_SIDE } : UPLOAD_RASTER_OPTIONS;
		const image = await storeRasterImage(getImageStore(), folder, input, options);
		return { ok: true, image };
	} catch (error) {
		logger.error("processing an uploaded image failed", error, { file: name });
		return fail("processFailed", { name });
	}
}

async function storeSvg(input: Buffer, folder: ImageFolder, name: string): Promise<ImageUploadResult> {
	let clean: Buffer;
	let metadata: ImageMetadata;
	try {
		clean = Buffer.from(sanitizeSvg(input.toString("utf8")), "utf8");
		// What we keep must still be a drawing librsvg can read.
		metadata = await sharp(clean).metadata();
	} catch {
		return fail("svgFailed", { name });
	}
	const key = `${folder}/${createHash("sha256").update(clean).digest("hex").slice(0, 20)}.svg`;
	await getImageStore().put(key, clean);
	return { ok: true, image: { key, width: metadata.width ?? 0, height: metadata.height ?? 0 } };
}

/**
 * Removes a stored image and its variants when no row in projects, project_images, hero_slides or artists
 * still references the key. Call it after the change that dropped the reference has committed. Failures
 * are logged, never thrown: a leftover file costs disk space, a failed save would cost the admin's work.
 */
export async function deleteImageIfUnused(key: string | null): Promise<void> {
	if (!key) return;
	try {
		if (await isImageReferenced(key)) return;
		const store = getImageStore();
		const stem = key.replace(/\.[a-z0-9]+$/i, "");
		// The variants are "<stem>-<width>w.webp" beside it; a listing finds them whatever widths were made.
		const doomed = (await store.list(stem)).filter(
			(candidate) => candidate === key || /^-\d+w\.webp$/.test(candidate.slice(stem.length)),
		);
		await store.remove(doomed);
	} catch (error) {
		logger.error("deleting an image failed", error, { key });
	}
}
