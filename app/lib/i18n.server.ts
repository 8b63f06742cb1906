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
 * language switch is an effect, which the server never runs).
 */
const renderInstances = new Map<Language, ReturnType<typeof shared.cloneInstance>>();

export async function createRenderI18n(language: Language) {
	await ready;
	let instance = renderInstances.get(language);
	if (!instance) {
		instance = shared.cloneInstance({ lng: language, initImmediate: false });
		rememberAnswers(instance);
		renderInstances.set(language, instance);
	}
	return instance;
}

/** How many answers a render instance keeps before it starts over (texts with names in them vary). */
const MAX_REMEMBERED_ANSWERS = 5000;

/**
 * Makes `instance.t` remember its answers: i18next resolves each call again (namespaces, fallbacks,
 * nesting, interpolation), which was a tenth of a page's render. An answer depends only on the key and the
 * options, and texts are fixed at build time, so a call whose options are all plain values (a name, a
 * count) is answered from memory the next time; any other call goes to i18next as before.
 */
function rememberAnswers(instance: ReturnType<typeof shared.cloneInstance>): void {
	const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
	const answers = new Map<string, unknown>();
	const t = (...args: unknown[]) => {
		const [key, options] = args;
		if (args.length !== 2 || typeof key !== "string" || typeof options !== "object" || options === null) {
			return translate(...args);
		}
		let cacheKey = key;
		for (const [name, value] of Object.entries(options)) {
			if (value === undefined) continue;
			if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
				return translate(...args);
			}
			cacheKey += `\u0000${name}\u0000${JSON.stringify(value)}`;
		}
		if (answers.has(cacheKey)) return answers.get(cacheKey);
		const answer = translate(key, options);
		if (answers.size >= MAX_REMEMBERED_ANSWERS) answers.clear();
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
