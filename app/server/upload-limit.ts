/**
 * At most a few uploads (multipart forms) at a time from one client address. An upload holds a connection
 * and memory while its body trickles in; without a cap one address could open hundreds and starve
 * everyone else until the request timeout ends them. The next one is refused at once, unread.
 */
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { bilingualErrorPage, refusalPageHeaders } from "./refusal-pages";

export const MAX_UPLOADS_PER_ADDRESS = 4;

export function uploadLimit(maxPerAddress = MAX_UPLOADS_PER_ADDRESS) {
	const inFlight = new Map<string, number>();
	return (req: Request, res: Response, next: NextFunction): void => {
		if (!req.is("multipart/form-data")) {
			next();
			return;
		}
		const address = req.ip ?? "unknown";
		const count = inFlight.get(address) ?? 0;
		if (count >= maxPerAddress) {
			logger.warn("upload refused: too many at once from one address", { path: req.path, inFlight: count });
			res
				.status(429)
				.set(refusalPageHeaders())
				.set({ "Retry-After": "30", Connection: "close" })
				.send(bilingualErrorPage(429, "tooManyUploads"));
			return;
		}
		inFlight.set(address, count + 1);
		// "close" comes once per response, whether it finished or the client went away.
		res.once("close", () => {
			const left = (inFlight.get(address) ?? 1) - 1;
			if (left > 0) inFlight.set(address, left);
			else inFlight.delete(address);
		});
		next();
	};
}
