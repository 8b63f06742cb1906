/**
 * A page rendered for one visitor (signed in, or anything else the page cache does not keep) leaves in
 * one piece, compressed in one call (docs/decisions/0018). The page arrives whole from React
 * (lib/html-stream.server.ts); through the compression middleware it paid for a compressor stream of its
 * own and a hop to the thread pool per piece: a fifth of a signed-in page's time on this machine. One
 * brotli call at quality 3 is about 1 ms for the 87 kB home page (17 kB); gzip level 1 for clients
 * without brotli. On the event loop: a hop to the thread pool, even one, cost more than that here
 * (244 req/s against 298 for the signed-in home page, 10 connections).
 */
import zlib from "node:zlib";
import type { Request, Response } from "express";
import { negotiateEncoding } from "~/lib/page-cache.server";
import { writeHead } from "./web-adapter";

/** Below this a page is sent as it is: compressing would save less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

export const LIVE_BROTLI_QUALITY = 3;
export const LIVE_GZIP_LEVEL = 1;

/** Whether a response is a page this module sends whole (HTML, as entry.server.tsx renders it). */
export function isRenderedPage(response: globalThis.Response): boolean {
	return /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "") && response.body !== null;
}

export async function sendRenderedPage(
	req: Request,
	res: Response,
	response: globalThis.Response,
): Promise<void> {
	sendWhole(req, res, response.status, response.headers.entries(), Buffer.from(await response.arrayBuffer()));
}

/** A whole response body, compressed in one call in the encoding the request accepts. */
export function sendWhole(
	req: Request,
	res: Response,
	status: number,
	headers: Iterable<[string, string]>,
	body: Buffer,
): void {
	writeHead(res, status, headers);
	res.vary("Accept-Encoding");
	const encoding =
		body.byteLength < MIN_COMPRESSED_BYTES ? "identity" : negotiateEncoding(req.headers["accept-encoding"]);
	const sent =
		encoding === "br"
			? zlib.brotliCompressSync(body, {
					params: {
						[zlib.constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY,
						[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
					},
				})
			: encoding === "gzip"
				? zlib.gzipSync(body, { level: LIVE_GZIP_LEVEL })
				: body;
	if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
	res.setHeader("Content-Length", sent.byteLength);
	res.end(req.method === "HEAD" ? undefined : sent);
}
