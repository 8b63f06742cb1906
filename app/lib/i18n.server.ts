import { createInstance, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { ALL_NAMESPACES, serverResources } from "~/locales/server";
import { languageCookie } from "./cookies.server";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, type Language, SUPPORTED_LANGUAGES } from "./i18n";

/**
 * Language detection: `?lng=` first (shared links), then the cookie, then English. The browser's
 * Accept-Language is deliberately not used: the project's default language is English.
 */
const remixI18Next = new RemixI18Next({
	detection: {
		supportedLanguages: [...SUPPORTED_LANGUAGES],
		fallbackLanguage: DEFAULT_LANGUAGE,
		cookie: languageCookie,
		order: ["searchParams", "cookie"],
	},
	// Loaders may also read the server-only namespaces (long texts the browser never needs).
	i18next: { ...i18nConfig, ns: [...ALL_NAMESPACES], resources: serverResources },
});

/**
 * Loaders translate through one i18next instance per process: remix-i18next's own getFixedT builds and
 * initialises a new instance on every call, which cost more than the rest of a page's loaders together.
 */
const shared = createInstance();
const ready = shared.init({ ...i18nConfig, ns: [...ALL_NAMESPACES], resources: serverResources });
const fixed = new Map<string, TFunction>();

export const i18nServer = {
	async getFixedT(language: Language, namespace?: string): Promise<TFunction> {
		await ready;
		const key = `${language}:${namespace ?? ""}`;
		let t = fixed.get(key);
		if (!t) {
			t = shared.getFixedT(language, namespace ?? null);
			fixed.set(key, t);
		}
		return t;
	},
};

/** The instance a page render uses: a clone of the shared one (same store, its own language). */
export async function createRenderI18n(language: Language) {
	await ready;
	return shared.cloneInstance({ lng: language, initImmediate: false });
}

export async function getLanguage(request: Request): Promise<Language> {
	const detected = await remixI18Next.getLocale(request);
	return isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
}

/** A `?lng=` link also remembers the choice, so the next page stays in that language. */
export async function languageParamCookie(request: Request): Promise<string | null> {
	const requested = new URL(request.url).searchParams.get("lng");
	if (!isLanguage(requested)) return null;
	const current = await languageCookie.parse(request.headers.get("Cookie"));
	return current === requested ? null : languageCookie.serialize(requested);
}
