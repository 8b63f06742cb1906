/**
 * The last step: an error no earlier step answered. A client's mistake that a library noticed gets the
 * bilingual 400; anything else is ours, logged with its stack, and the visitor sees a bare 500.
 */
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { refuseMalformed } from "./request-guards";

export function handleUnexpectedError(
	error: unknown,
	req: Request,
	res: Response,
	_next: NextFunction,
): void {
	if (res.headersSent) {
		logger.error("unhandled request error", error, { method: req.method, path: req.path });
		res.destroy();
		return;
	}
	// A client's mistake that a library noticed (a path `send` cannot decode, a body it cannot read).
	const status = (error as { status?: unknown } | null)?.status;
	if (typeof status === "number" && status >= 400 && status < 500) {
		refuseMalformed(req, res, error instanceof Error ? error.message : String(error));
		return;
	}
	logger.error("unhandled request error", error, { method: req.method, path: req.path });
	res.status(500).type("text/plain; charset=utf-8").send("500 Internal Server Error\n");
}
