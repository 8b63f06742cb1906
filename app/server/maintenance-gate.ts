/**
 * Maintenance mode, decided before Remix (docs/decisions/0007): while it is on, a visitor who is not a
 * signed-in administrator gets the 503 page and nothing else. Deciding here, not in the root loader, is
 * what keeps a page's data out of reach: Remix runs every matched loader at once and puts their data in
 * the error page and in `.data` answers, so a closed page must never reach Remix at all.
 */
import type { NextFunction, Request, Response } from "express";
import { languageCookie, themeCookie } from "~/lib/cookies.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/lib/i18n";
import {
	isOpenDuringMaintenance,
	MAINTENANCE_RETRY_AFTER_SECONDS,
	maintenanceContacts,
} from "~/lib/maintenance";

import { DEFAULT_THEME, isTheme, type Theme } from "~/lib/theme";
import { getSettings } from "~/models/settings.server";
import { discardRefusedBody, maintenancePage, refusalPageHeaders, type SiteFonts } from "./refusal-pages";
import { requestPath, requestUrl } from "./request-guards";
import type { SiteState } from "./site-state";
import { visitorOf } from "./visitor";

/** The visitor's language and theme, read as the app reads them: `?lng=` first, then the cookies. */
async function lookOf(req: Request, url: URL): Promise<{ language: Language; theme: Theme }> {
	const requested = url.searchParams.get("lng");
	const cookieLanguage: unknown = await languageCookie.parse(req.headers.cookie ?? null);
	const cookieTheme: unknown = await themeCookie.parse(req.headers.cookie ?? null);
	return {
		language: isLanguage(requested)
			? requested
			: isLanguage(cookieLanguage)
				? cookieLanguage
				: DEFAULT_LANGUAGE,
		theme: isTheme(cookieTheme) ? cookieTheme : DEFAULT_THEME,
	};
}

/** `fonts`: the site's font files (findSiteFonts), so that the page is set in the site's faces. */
export function maintenanceGate(site: SiteState, fonts: SiteFonts | null = null) {
	return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
		try {
			if (!site.maintenanceMode()) return next();
			if (isOpenDuringMaintenance(requestPath(res))) return next();
			const url = requestUrl(res);
			const visitor = await visitorOf(req, res);
			if (visitor?.role === "admin") return next();
			res.locals.cache = "maintenance";
			res
				.status(503)
				.set(refusalPageHeaders(fonts))
				.set({
					"Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS),
					Vary: "Cookie",
				});
			if (req.method !== "GET" && req.method !== "HEAD") discardRefusedBody(req);
			// Client navigations ask for `.data`: a bare status makes the browser load the page itself.
			if (url.pathname.endsWith(".data")) {
				res.type("text/plain; charset=utf-8").send("503 Service Unavailable\n");
				return;
			}
			res.send(
				maintenancePage({
					...(await lookOf(req, url)),
					signedIn: visitor !== null,
					contacts: maintenanceContacts(await getSettings()),
					fonts,
				}),
			);
		} catch (error) {
			next(error);
		}
	};
}
