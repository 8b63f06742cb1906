/**
 * The security headers on every answer (docs/decisions/0008), whichever step made it: static files,
 * stored images and their errors, robots.txt, the sitemap, locale files, CSV exports, refusals, 500s and
 * /healthz. The first step of the server: when an answer's headers go out, each common header it did not
 * set itself is added, and an answer without a policy of its own gets one that allows nothing. Pages set
 * their own (a nonce or hashes) in entry.server.tsx, and an uploaded SVG its sandbox; those are kept.
 * A 304 gets nothing added: the headers of a 304 replace the stored answer's in the browser's cache, and
 * the page it stands for has its own policy.
 */
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { commonSecurityHeaders, NON_PAGE_POLICY } from "~/lib/security-headers.server";

export function securityHeaders({ production }: { production: boolean }) {
	const common: Array<[string, string]> = [
		...commonSecurityHeaders(production),
		["Content-Security-Policy", NON_PAGE_POLICY],
	];
	return (_req: Request, res: Response, next: NextFunction): void => {
		onHeaders(res, () => {
			if (res.statusCode === 304) return;
			for (const [name, value] of common) if (!res.hasHeader(name)) res.setHeader(name, value);
		});
		next();
	};
}
