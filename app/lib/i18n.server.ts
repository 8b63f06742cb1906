import { RemixI18Next } from "remix-i18next/server";
import { ALL_NAMESPACES, serverResources } from "~/locales/server";
import { languageCookie } from "./cookies.server";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, type Language, SUPPORTED_LANGUAGES } from "./i18n";

/**
 * Language detection: `?lng=` first (shared links), then the cookie, then English. The browser's
 * Accept-Language is deliberately not used: the product's default language is English.
 */
export const i18nServer = new RemixI18Next({
	detection: {
		supportedLanguages: [...SUPPORTED_LANGUAGES],
		fallbackLanguage: DEFAULT_LANGUAGE,
		cookie: languageCookie,
		order: ["searchParams", "cookie"],
	},
	// Loaders may also read the server-only namespaces (long texts the browser never needs).
	i18next: { ...i18nConfig, ns: [...ALL_NAMESPACES], resources: serverResources },
});

export async function getLanguage(request: Request): Promise<Language> {
	const detected = await i18nServer.getLocale(request);
	return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

/** A `?lng=` link also remembers the choice, so the next page stays in that language. */
export async function languageParamCookie(request: Request): Promise<string | null> {
	const requested = new URL(request.url).searchParams.get("lng");
	if (!isLanguage(requested)) return null;
	const current = await languageCookie.parse(request.headers.get("Cookie"));
	return current === requested ? null : languageCookie.serialize(requested);
}
