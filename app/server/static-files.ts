/**
 * Static files in the encoding the browser asks for: `npm run build` wrote a `.br` and a `.gz` copy beside
 * every compressible file (precompress.ts), and this sends the copy instead of compressing the file again
 * on every request. Anything else (no copy, an encoding not accepted, a Range request) goes on to
 * express.static, which serves the file itself.
 */
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { negotiateEncoding } from "~/lib/page-cache.server";

/** Text formats worth compressing (images, fonts, audio are compressed already). */
export const PRECOMPRESSED_EXTENSIONS = new Set([
	".js",
	".mjs",
	".css",
	".json",
	".svg",
	".txt",
	".xml",
	".html",
]);

const SUFFIX = { br: ".br", gzip: ".gz" } as const;

export function precompressedFiles(root: string, { cacheControl }: { cacheControl: string }) {
	const base = path.resolve(root);
	return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
		if (req.method !== "GET" && req.method !== "HEAD") return next();
		let relative: string;
		try {
			relative = decodeURIComponent(req.path);
		} catch {
			return next();
		}
		const extension = path.extname(relative).toLowerCase();
		if (!PRECOMPRESSED_EXTENSIONS.has(extension) || relative.includes("\0")) return next();
		const file = path.join(base, relative);
		if (!file.startsWith(`${base}${path.sep}`)) return next();
		// The answer depends on Accept-Encoding whichever file is sent.
		res.vary("Accept-Encoding");
		const encoding = negotiateEncoding(req.headers["accept-encoding"]);
		if (encoding === "identity" || req.headers.range) return next();
		const variant = `${file}${SUFFIX[encoding]}`;
		let size: number;
		try {
			const stat = await fs.promises.stat(variant);
			if (!stat.isFile()) return next();
			size = stat.size;
		} catch {
			return next();
		}
		res.status(200);
		res.type(extension);
		res.set({
			"Content-Encoding": encoding,
			"Content-Length": String(size),
			"Cache-Control": cacheControl,
		});
		if (req.method === "HEAD") {
			res.end();
			return;
		}
		const stream = fs.createReadStream(variant);
		stream.on("error", (error) => (res.headersSent ? res.destroy(error) : next(error)));
		stream.pipe(res);
	};
}

/**
 * The public folder holds files only, each with an extension: a page's path ("/", "/art") goes straight
 * on to the app instead of costing a look at the disk (express.static stats every path it is given, and
 * answers "/" with a redirect it then abandons: 3% of a signed-in home page).
 */
export function filesOnly(
	handler: (req: Request, res: Response, next: NextFunction) => void,
): (req: Request, res: Response, next: NextFunction) => void {
	return (req, res, next) => (path.extname(req.path) === "" ? next() : handler(req, res, next));
}
