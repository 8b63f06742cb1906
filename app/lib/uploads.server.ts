/**
 * Image keys and how an image is answered at /resources/images/<key> (docs/decisions/0006, 0025): which keys
 * can exist, their content types, and the headers every stored image is served with, whichever store
 * holds it and whichever layer (app/server/image-files.ts, or the dev server's resource route) answers.
 */
import path from "node:path";
import type { Readable } from "node:stream";
import type { ImageConditions, ImageStore } from "./image-store.server";

const CONTENT_TYPES: Record<string, string> = {
	".jpg": "image/jpeg",
	".jpeg": "image/jpeg",
	".png": "image/png",
	".webp": "image/webp",
	".gif": "image/gif",
	".avif": "image/avif",
	".svg": "image/svg+xml",
};

/**
 * Names we write are content hashes: a name never points at different bytes, so caches may keep an image
 * for a year — unless it may stop being public: a piece's pictures (its cover, its gallery) go when the
 * piece goes back to draft, so caches keep those a day and then ask again (their ETag makes that a 304).
 * A draft's pictures, shown to administrators only, are private and asked for again every time.
 */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const PIECE_IMAGE_CACHE_CONTROL = "public, max-age=86400";
export const DRAFT_IMAGE_CACHE_CONTROL = "private, no-cache";
const PIECE_FOLDERS = ["projects/", "gallery/"];

/** How long caches may keep a public image: a year, or a day for a piece's (docs/decisions/0025). */
export function publicImageCacheControl(key: string): string {
	return PIECE_FOLDERS.some((folder) => key.startsWith(folder))
		? PIECE_IMAGE_CACHE_CONTROL
		: IMAGE_CACHE_CONTROL;
}

/**
 * Folders that are nobody's business but their owners': the pictures and PDFs that came with a request's
 * messages (issue #37) are served only by /resources/request-attachments/<id>, which checks who asks.
 */
const PRIVATE_FOLDERS = ["requests/"];

/** An image's key without its extension or width suffix: an original and its variants share it. */
export function imageStem(key: string): string {
	return key.replace(/(-\d+w)?\.[a-z0-9]+$/i, "");
}

/** An uploaded SVG is a document: it may not run scripts or load anything, even if opened directly. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * A key an image could be stored under: "/"-separated names, none empty or starting with a dot (no "..",
 * no hidden files such as health probes), no backslash or NUL. Anything else is refused before any store
 * is asked, so no request can reach outside the images, on disk or in a bucket.
 */
export function isSafeImageKey(key: string): boolean {
	if (key.includes("\0") || key.includes("\\")) return false;
	return key.split("/").every((segment) => segment !== "" && !segment.startsWith("."));
}

/** Resolves a request path inside the uploads folder, or null for anything that tries to leave it. */
export function resolveUploadPath(uploadsDir: string, relative: string): string | null {
	if (!isSafeImageKey(relative)) return null;
	const root = path.resolve(uploadsDir);
	const resolved = path.resolve(root, ...relative.split("/"));
	return resolved.startsWith(root + path.sep) ? resolved : null;
}

/** The Content-Type an image key is served with, from its extension; undefined for anything else. */
export function imageContentType(key: string): string | undefined {
	return CONTENT_TYPES[path.extname(key).toLowerCase()];
}

/**
 * Whether the requester's copy (If-None-Match, else If-Modified-Since) is the stored one, for stores that
 * decide it themselves (RFC 9110 §13.1: If-None-Match wins; tags compare weakly; "*" matches anything).
 */
export function isCurrentCopy(
	etag: string,
	lastModified: Date,
	{ ifNoneMatch, ifModifiedSince }: ImageConditions,
): boolean {
	if (ifNoneMatch) {
		if (ifNoneMatch.trim() === "*") return true;
		return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
	}
	// HTTP dates have whole seconds.
	return (
		ifModifiedSince !== undefined &&
		Math.floor(lastModified.getTime() / 1000) * 1000 <= ifModifiedSince.getTime()
	);
}

export interface ImageRequest {
	method: string;
	/** A draft's image, answered for an administrator: private, never kept by shared caches. */
	draft?: boolean;
	/** The key as requested (already %-decoded), e.g. "projects/3f9a…c2.jpg". */
	key: string;
	ifNoneMatch?: string | undefined;
	ifModifiedSince?: string | undefined;
}

export type ImageAnswer =
	| { status: 404 }
	| { status: 304 | 200; headers: Record<string, string>; body: Readable | null };

function headersFor(
	request: ImageRequest,
	contentType: string,
	etag: string | undefined,
): Record<string, string> {
	const headers: Record<string, string> = {
		"Content-Type": contentType,
		"Cache-Control": request.draft ? DRAFT_IMAGE_CACHE_CONTROL : publicImageCacheControl(request.key),
		"X-Content-Type-Options": "nosniff",
	};
	if (etag) headers.ETag = etag;
	if (contentType === "image/svg+xml") headers["Content-Security-Policy"] = SVG_POLICY;
	return headers;
}

function parseHttpDate(value: string | undefined): Date | undefined {
	if (!value) return undefined;
	const date = new Date(value);
	return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * What to answer for an image request: 404 for a key that is not an image's or is not stored, 304 when the
 * requester's copy is current, else 200 with the bytes (none for HEAD). The content type comes from the
 * key, never from what the store says about the object.
 */
export async function answerImageRequest(store: ImageStore, request: ImageRequest): Promise<ImageAnswer> {
	const contentType = imageContentType(request.key);
	if (!contentType || !isSafeImageKey(request.key)) return { status: 404 };
	if (PRIVATE_FOLDERS.some((folder) => request.key.startsWith(folder))) return { status: 404 };
	const opened = await store.open(request.key, {
		ifNoneMatch: request.ifNoneMatch,
		ifModifiedSince: parseHttpDate(request.ifModifiedSince),
	});
	if (opened === null) return { status: 404 };
	if (opened === "not-modified") {
		// A 304 repeats the tag the requester matched (a browser sends the one it was given).
		const single =
			request.ifNoneMatch && !request.ifNoneMatch.includes(",") ? request.ifNoneMatch : undefined;
		return { status: 304, headers: headersFor(request, contentType, single), body: null };
	}
	const headers = headersFor(request, contentType, opened.etag);
	headers["Last-Modified"] = opened.lastModified.toUTCString();
	headers["Content-Length"] = String(opened.size);
	if (request.method === "HEAD") {
		opened.body.destroy();
		return { status: 200, headers, body: null };
	}
	return { status: 200, headers, body: opened.body };
}
