import { isRouteErrorResponse } from "@remix-run/react";
import { isLanguage, type Language } from "./i18n";
import type { RoutePath } from "./route-path";
import { INFO_EMAIL, PHONE_DISPLAY, PHONE_LINK } from "./site";
import { isTheme, type Theme } from "./theme";

/** Sent as Retry-After with the maintenance page: a hint to crawlers and clients, in seconds. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 1800;

/**
 * Paths that stay open during maintenance: sign-in (so an administrator can get in), sign-out, the
 * password reset (an administrator who forgot the password must still get in), and the language and
 * theme switches (they only set a cookie). The path is read as the router reads it (route-path.ts): with or
 * without `.data` (client navigations and form posts), in any letter case. Static files and /healthz are
 * served before the check.
 */
const OPEN_PATHS = new Set([
	"/login",
	"/logout",
	"/forgot-password",
	"/reset-password",
	"/resources/theme",
	"/resources/language",
]);

export function isOpenDuringMaintenance(path: RoutePath): boolean {
	return OPEN_PATHS.has(path);
}

/** How to reach the gallery while the site is closed: the maintenance page shows them (issue #35). */
export interface MaintenanceContacts {
	email: string;
	phone: string;
	/** The phone as a tel: link wants it. */
	phoneLink: string;
}

/** The gallery's sales address when the settings name one (it answers about pieces), else the contact page's. */
export function maintenanceContacts(settings: { sales_email: string }): MaintenanceContacts {
	return { email: settings.sales_email || INFO_EMAIL, phone: PHONE_DISPLAY, phoneLink: PHONE_LINK };
}

/**
 * What the 503 thrown during maintenance carries. The root loader never returned, so the page shell
 * takes the visitor's language and theme from here instead.
 */
export interface MaintenanceInfo {
	maintenance: true;
	language: Language;
	theme: Theme;
	title: string;
	signedIn: boolean;
	contacts: MaintenanceContacts;
}

/** The maintenance details of a caught route error, or null for any other error. */
export function maintenanceInfo(error: unknown): MaintenanceInfo | null {
	if (!isRouteErrorResponse(error) || error.status !== 503) return null;
	const info = error.data as Partial<MaintenanceInfo> | null;
	if (!info || typeof info !== "object" || info.maintenance !== true) return null;
	if (!isLanguage(info.language) || !isTheme(info.theme) || typeof info.contacts?.email !== "string")
		return null;
	return info as MaintenanceInfo;
}
