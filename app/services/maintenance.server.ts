import { data } from "@remix-run/node";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import {
	isOpenDuringMaintenance,
	MAINTENANCE_RETRY_AFTER_SECONDS,
	type MaintenanceInfo,
	maintenanceContacts,
} from "~/lib/maintenance";
import { routePath } from "~/lib/route-path";
import { getTheme } from "~/lib/theme.server";
import { getSettings } from "~/models/settings.server";
import type { Settings, User } from "~db/schema";
import { getUser } from "./auth.server";

/** The 503 answer the root error boundary shows as the maintenance page, in the visitor's language. */
async function maintenanceError(request: Request, user: User | null, settings: Settings) {
	const [language, theme] = await Promise.all([getLanguage(request), getTheme(request)]);
	const t = await i18nServer.getFixedT(language);
	const info: MaintenanceInfo = {
		maintenance: true,
		language,
		theme,
		title: t("maintenance.metaTitle"),
		signedIn: user !== null,
		contacts: maintenanceContacts(settings),
	};
	return data(info, {
		status: 503,
		headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
	});
}

/**
 * Throws the maintenance 503 when the site is closed for this visitor: maintenance mode is on and they are
 * not a signed-in administrator. The root loader passes what it already read; actions call
 * `requireSiteOpen` below.
 */
export async function assertSiteOpen(
	request: Request,
	{ settings, user }: { settings: Settings; user: User | null },
): Promise<void> {
	if (settings.maintenance_mode !== 1 || user?.role === "admin") return;
	if (isOpenDuringMaintenance(routePath(new URL(request.url).pathname))) return;
	throw await maintenanceError(request, user, settings);
}

/** For public actions that change something (purchase requests, registration, favourites, account). */
export async function requireSiteOpen(request: Request): Promise<void> {
	const settings = await getSettings();
	if (settings.maintenance_mode !== 1) return;
	await assertSiteOpen(request, { settings, user: await getUser(request) });
}
