/**
 * Cross-site writes are refused before the app sees them (the rule: app/lib/origin-check.server.ts): a
 * form another site's page posts here gets a bilingual 403, whatever route it aimed at.
 */
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { isCrossSiteWrite } from "~/lib/origin-check.server";
import { discardRefusedBody } from "./refusal-pages";
import { requestHost } from "./request-guards";

export function refuseCrossSiteWrites(siteUrl: string | undefined) {
	return (req: Request, res: Response, next: NextFunction): void => {
		const crossSite = isCrossSiteWrite({
			method: req.method,
			host: requestHost(req),
			origin: req.get("origin"),
			secFetchSite: req.get("sec-fetch-site"),
			siteUrl,
		});
		if (!crossSite) {
			next();
			return;
		}
		logger.warn("cross-site write refused", {
			method: req.method,
			path: req.path,
			origin: req.get("origin"),
		});
		discardRefusedBody(req);
		res
			.status(403)
			.type("text/plain; charset=utf-8")
			.send(
				"403 Forbidden: this form was sent from another site.\n403 Запрещено: форма отправлена с другого сайта.\n",
			);
	};
}
