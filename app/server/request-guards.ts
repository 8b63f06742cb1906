/**
 * What the server believes about a request before anything else looks at it: the host and URL it was
 * sent to, its id for the logs, and whether it can be read at all. Headers that only a proxy should set
 * (X-Forwarded-Host, X-Request-Id, Fly-Request-Id) are believed only from a proxy TRUST_PROXY names;
 * otherwise any client could claim another host (and slip past the cross-site check) or stuff the logs.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { type RoutePath, routePath } from "~/lib/route-path";
import { bilingualErrorPage, refusalPageHeaders } from "./refusal-pages";

/** Whether the request came through a proxy the operator trusts (express's `trust proxy` setting). */
function fromTrustedProxy(req: Request): boolean {
	const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
	return trust(req.socket.remoteAddress, 0);
}

/** The host the visitor addressed: the proxy's X-Forwarded-Host when trusted, else the Host header. */
export function requestHost(req: Request): string | undefined {
	const forwarded = fromTrustedProxy(req) ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
	return forwarded || req.get("host");
}

/** The request's full URL, worked out once by `readableRequest` below. */
export function requestUrl(res: Response): URL {
	return res.locals.url as URL;
}

/**
 * The request's path as the router reads it (app/lib/route-path.ts), worked out once by `readableRequest`:
 * what every rule about paths compares (caps, maintenance), so `/LOGIN` and `/login/` meet `/login`'s.
 */
export function requestPath(res: Response): RoutePath {
	return res.locals.path as RoutePath;
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/** A proxy's request id when it is trusted and well-formed (so a trace spans both), else a new one. */
export function requestIdOf(req: Request): string {
	if (fromTrustedProxy(req)) {
		const given = req.get("fly-request-id") ?? req.get("x-request-id");
		if (given && REQUEST_ID.test(given)) return given;
	}
	return randomUUID();
}

/** Answers 400 with the bilingual page; the log says why, as a warning (the client's mistake, not ours). */
export function refuseMalformed(req: Request, res: Response, reason: string): void {
	// Whatever the client wrote is cut short: a request is not a way to write pages into our logs.
	logger.warn("malformed request refused", { reason: reason.slice(0, 200), method: req.method });
	res.status(400).set(refusalPageHeaders()).set("Connection", "close");
	res.send(bilingualErrorPage(400, "malformedRequest"));
}

const HOST = /^(?:[\w](?:[\w-]{0,61}[\w])?(?:\.[\w](?:[\w-]{0,61}[\w])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isDecodable(pathname: string): boolean {
	try {
		decodeURIComponent(pathname);
		return true;
	} catch {
		return false;
	}
}

/**
 * Refuses, before static files or the app see it, a request whose address cannot be read: a Host that is
 * not a host, or a path with broken %-encoding. Every later step may then rely on `requestUrl(res)` and
 * `requestPath(res)`.
 */
export function readableRequest(req: Request, res: Response, next: NextFunction): void {
	const host = requestHost(req) ?? "localhost";
	// A name or an address, perhaps a port: nothing that URL parsing would quietly drop or reinterpret.
	if (!HOST.test(host)) {
		refuseMalformed(req, res, "invalid host");
		return;
	}
	let url: URL;
	try {
		url = new URL(req.originalUrl, `${req.protocol}://${host}`);
	} catch {
		refuseMalformed(req, res, "invalid host");
		return;
	}
	if (!req.originalUrl.startsWith("/") || !isDecodable(url.pathname)) {
		refuseMalformed(req, res, "invalid path");
		return;
	}
	res.locals.url = url;
	res.locals.path = routePath(url.pathname);
	next();
}
