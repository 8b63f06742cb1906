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

/**
 * The instance a page render uses: one per language, made once (a clone of the shared one: same store, its
 * own language) and shared by every render in that language. Nothing changes it during a render (the
 * language switch is an effect, which the server never runs), and texts are fixed at build time, so the
 * plain lookups a page repeats are answered from memory.
 */
const renderInstances = new Map<Language, ReturnType<typeof shared.cloneInstance>>();

export async function createRenderI18n(language: Language) {
	await ready;
	let instance = renderInstances.get(language);
	if (!instance) {
		instance = shared.cloneInstance({ lng: language, initImmediate: false });
		rememberPlainLookups(instance);
		renderInstances.set(language, instance);
	}
	return instance;
}

/** Options a component's t(key) carries for a plain lookup (react-i18next adds the language and namespace). */
const PLAIN_LOOKUP_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * Makes `instance.t` remember the answers to plain lookups (a key with no interpolation, count or
 * defaults): i18next resolves each call again (namespaces, fallbacks, nesting), which was a tenth of a
 * page's render. Any other call goes to i18next as before.
 */
function rememberPlainLookups(instance: ReturnType<typeof shared.cloneInstance>): void {
	const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
	const answers = new Map<string, unknown>();
	const t = (...args: unknown[]) => {
		const [key, options] = args;
		if (args.length !== 2 || typeof key !== "string" || typeof options !== "object" || options === null) {
			return translate(...args);
		}
		const lookup = options as Record<string, unknown>;
		for (const name in lookup) {
			if (!PLAIN_LOOKUP_OPTIONS.has(name) || (name === "keyPrefix" && lookup[name]))
				return translate(...args);
		}
		const cacheKey = `${String(lookup.lng ?? "")}\n${String(lookup.lngs ?? "")}\n${String(lookup.ns ?? "")}\n${key}`;
		if (answers.has(cacheKey)) return answers.get(cacheKey);
		const answer = translate(key, options);
		answers.set(cacheKey, answer);
		return answer;
	};
	instance.t = t as unknown as typeof instance.t;
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
