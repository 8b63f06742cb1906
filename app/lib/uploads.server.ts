import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "./env.server";

const CONTENT_TYPES: Record<string, string> = {
	".jpg": "image/jpeg",
	".jpeg": "image/jpeg",
	".png": "image/png",
	".webp": "image/webp",
	".gif": "image/gif",
	".avif": "image/avif",
	".svg": "image/svg+xml",
};

/** Names we write are content hashes: a name never points at different bytes, so caches may keep them forever. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(): Response {
	return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Resolves a request path inside the uploads folder, or null for anything that tries to leave it. */
export function resolveUploadPath(uploadsDir: string, relative: string): string | null {
	if (relative.includes("\0") || relative.includes("\\")) return null;
	const segments = relative.split("/");
	if (
		segments.some(
			(segment) => segment === "" || segment === "." || segment === ".." || segment.startsWith("."),
		)
	)
		return null;
	const root = path.resolve(uploadsDir);
	const resolved = path.resolve(root, ...segments);
	return resolved.startsWith(root + path.sep) ? resolved : null;
}

export async function serveUpload(request: Request, relative: string): Promise<Response> {
	const filePath = resolveUploadPath(getEnv().UPLOADS_DIR, relative);
	const contentType = filePath ? CONTENT_TYPES[path.extname(filePath).toLowerCase()] : undefined;
	if (!filePath || !contentType) return notFound();
	let stat: Awaited<ReturnType<typeof fs.stat>>;
	try {
		stat = await fs.stat(filePath);
	} catch {
		return notFound();
	}
	if (!stat.isFile()) return notFound();

	const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
	const headers = new Headers({
		"Content-Type": contentType,
		"Cache-Control": IMMUTABLE,
		ETag: etag,
		"Last-Modified": stat.mtime.toUTCString(),
		"X-Content-Type-Options": "nosniff",
	});
	// An uploaded SVG is a document: it may not run scripts or load anything, even if opened directly.
	if (contentType === "image/svg+xml") {
		headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
	}
	if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
	headers.set("Content-Length", String(stat.size));
	if (request.method === "HEAD") return new Response(null, { status: 200, headers });
	const body = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
	return new Response(body, { status: 200, headers });
}
