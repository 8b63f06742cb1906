import { data, type HeadersFunction } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { currentYear } from "~/lib/format";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { formatVariant, VARIANT_HEADER } from "~/lib/page-cache.server";
import { getTheme } from "~/lib/theme.server";
import { takeToast } from "~/lib/toast.server";
import { listFavouriteIds } from "~/models/favourites.server";
import { getSettings } from "~/models/settings.server";
import { getUser } from "~/services/auth.server";
import { assertSiteOpen } from "~/services/maintenance.server";

/*
 * The root route's server half (app/root.tsx): what every page needs. Apart from the route module so that
 * the browser build sees one server import there instead of ten.
 */

export async function loadRoot(request: Request) {
	const [language, theme] = await Promise.all([getLanguage(request), getTheme(request)]);
	const t = await i18nServer.getFixedT(language);
	const [settings, user, { toast, headers }] = await Promise.all([
		getSettings(),
		getUser(request),
		takeToast(request),
	]);
	// Maintenance mode is decided by the server before Remix (docs/decisions/0007); this is the second line,
	// for direct calls (the loader tests): everyone but administrators gets the 503 (the error boundary).
	await assertSiteOpen(request, { settings, user });
	// The page cache stores a copy only under the language and theme the app really rendered it in.
	headers.set(VARIANT_HEADER, formatVariant(language, theme));
	return data(
		{
			language,
			theme,
			origin: publicOrigin(request),
			year: currentYear(),
			audioUrl: settings.audio_url,
			seller: { name: settings.seller_legal_name, inn: settings.seller_inn },
			meta: {
				title: t("meta.title"),
				description: t("meta.description"),
				notFoundTitle: t("notFound.metaTitle"),
			},
			user: user
				? {
						username: user.username,
						role: user.role,
						email: user.email,
						// The purchase form's prefill (the shop's pages are never shared copies for a signed-in visitor).
						phone: user.phone,
						emailVerified: user.email_verified_at !== null,
					}
				: null,
			favourites: user ? await listFavouriteIds(user.id) : [],
			// Only administrators get past maintenance mode: they see a banner saying it is on.
			maintenanceOn: settings.maintenance_mode === 1 && user?.role === "admin",
			toast,
		},
		{ headers },
	);
}

/**
 * Pages set their own headers; the root passes on what its own thrown responses carry (the maintenance
 * 503's Retry-After), since those never reach a child's headers function, and the rendered variant for the
 * page cache (the server strips it before sending).
 */
export const rootHeaders: HeadersFunction = ({ errorHeaders, loaderHeaders }) => {
	const headers = new Headers();
	for (const name of ["Retry-After", "Cache-Control"]) {
		const value = errorHeaders?.get(name);
		if (value) headers.set(name, value);
	}
	const variant = loaderHeaders.get(VARIANT_HEADER);
	if (variant) headers.set(VARIANT_HEADER, variant);
	return headers;
};
