/**
 * The methods the site answers: GET and HEAD for pages, files and images, POST for forms. Anything else
 * (TRACE, OPTIONS, PROPFIND, PUT …) is a client's probe, not a visitor: 405 with `Allow`, a bilingual page
 * and a warning in the log, before any file or route sees it. Remix would otherwise build a web Request
 * for it — which throws for TRACE (a 500 with an error-level stack trace) — and log OPTIONS and PROPFIND
 * as failures of ours.
 */
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { bilingualErrorPage, discardRefusedBody, refusalPageHeaders } from "./refusal-pages";
import { requestPath } from "./request-guards";

const ALLOWED = new Set(["GET", "HEAD", "POST"]);
const ALLOW_HEADER = [...ALLOWED].join(", ");

export function allowedMethods(req: Request, res: Response, next: NextFunction): void {
	if (ALLOWED.has(req.method)) {
		next();
		return;
	}
	logger.warn("method not allowed", {
		method: req.method.slice(0, 32),
		path: requestPath(res).slice(0, 200),
	});
	discardRefusedBody(req);
	res.status(405).set(refusalPageHeaders()).set("Allow", ALLOW_HEADER);
	res.send(bilingualErrorPage(405, "methodNotAllowed"));
}
