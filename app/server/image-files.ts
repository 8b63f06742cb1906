/**
 * GET /resources/images/<key>: stored images, answered here before Remix (docs/decisions/0025). Through a
 * Remix resource route an image cost about 2 ms of the server's CPU (the Web Request and Response, the
 * route match); this is a stat and a file stream, as express.static would do, or, when the images are in
 * S3, a copy kept in memory or one GetObject. What is answered (headers, 304, 404) is decided in
 * app/lib/uploads.server.ts, which the dev server's resource route uses too. A draft's images are the
 * administrators' only: to anyone else they are not found (app/services/draft-images.server.ts).
 */
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import type { ImageStore } from "~/lib/image-store.server";
import { withMemoryCache } from "~/lib/image-store-cache.server";
import { logger } from "~/lib/logger.server";
import { answerImageRequest } from "~/lib/uploads.server";
import { draftOnlyImages } from "~/services/draft-images.server";
import { visitorOf } from "./visitor";

/**
 * `contentVersion`: the site's (SiteState), which moves with every change that can delete an image or send
 * a piece back to draft.
 */
export function imageFiles(store: ImageStore, contentVersion: () => number) {
	// Disk reads come from the OS's file cache; a bucket's from a signed request each time, unless kept here.
	const served = store.kind === "s3" ? withMemoryCache(store, contentVersion) : store;
	const isDraftOnly = draftOnlyImages(contentVersion);
	return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
		if (req.method !== "GET" && req.method !== "HEAD") {
			res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
			return;
		}
		try {
			let key: string;
			try {
				// Mounted at /resources/images: req.path is "/<key>", still %-encoded.
				key = decodeURIComponent(req.path.slice(1));
			} catch {
				key = "";
			}
			const draft = await isDraftOnly(key);
			if (draft && (await visitorOf(req, res))?.role !== "admin") {
				res.status(404).type("text/plain").send("Not Found");
				return;
			}
			const answer = await answerImageRequest(served, {
				method: req.method,
				key,
				draft,
				ifNoneMatch: req.headers["if-none-match"],
				ifModifiedSince: req.headers["if-modified-since"],
			});
			if (answer.status === 404) {
				res.status(404).type("text/plain").send("Not Found");
				return;
			}
			res.status(answer.status).set(answer.headers);
			if (!answer.body) {
				res.end();
				return;
			}
			// pipeline ends the store's stream (and frees its S3 connection) when the visitor goes away, and
			// closes the connection when the store fails mid-way: the status line may be out already.
			await pipeline(answer.body, res).catch((error: unknown) => {
				if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
				logger.warn("an image stream failed", { key, error: String(error) });
			});
		} catch (error) {
			next(error);
		}
	};
}
