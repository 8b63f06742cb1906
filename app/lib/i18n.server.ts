import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { createInstance, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { ALL_NAMESPACES, serverResources } from "~/locales/resources.server";
import { languageCookie } from "./cookies.server";
import {
	BROWSER_NAMESPACES,
	type BrowserNamespace,
	DEFAULT_LANGUAGE,
	i18nConfig,
	isLanguage,
	type Language,
	pageNamespaces,
	SUPPORTED_LANGUAGES,
} from "./i18n";

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

/**
 * One namespace's texts in one language as the browser receives them, with a content hash: the hash is
 * the `?v=` of its immutable URL (/locales/<lng>/<ns>), so a new build's texts never meet an old copy.
 */
interface BrowserBundle {
	json: string;
	version: string;
}

const bundles = new Map<string, BrowserBundle>();
for (const language of SUPPORTED_LANGUAGES) {
	for (const namespace of BROWSER_NAMESPACES) {
		const json = JSON.stringify(serverResources[language][namespace]);
		const version = createHash("sha256").update(json).digest("base64url").slice(0, 12);
		bundles.set(`${language}/${namespace}`, { json, version });
	}
}
const versions: Record<string, string> = Object.fromEntries(
	[...bundles].map(([key, bundle]) => [key, bundle.version]),
);

/** The texts /locales/<lng>/<ns> serves, or undefined for a language or namespace the browser never gets. */
export function browserBundle(language: string, namespace: string): BrowserBundle | undefined {
	return bundles.get(`${language}/${namespace}`);
}

const payloads = new Map<string, string>();

/**
 * The JSON the page carries for the browser's i18next (app/lib/translations.tsx): its language's texts of
 * the namespaces the matched routes declare (their `handle.i18n`), plus those named by a server-rendered
 * toast and the e-mail verification banner, so hydration finds every string the server used. Made once
 * per language and set of namespaces; `<` is escaped, so no text can close the <script> it sits in.
 */
export function pageTranslations(language: Language, context: EntryContext): string {
	const { matches, loaderData } = context.staticHandlerContext;
	const root = loaderData.root as
		| { toast?: { title: string; description?: string } | null; user?: { emailVerified: boolean } | null }
		| undefined;
	const keys: string[] = [];
	if (root?.toast) keys.push(root.toast.title, root.toast.description ?? "");
	if (root?.user && !root.user.emailVerified) keys.push("account:");
	const namespaces = pageNamespaces(
		matches.map((match) => context.routeModules[match.route.id]?.handle),
		keys,
	);
	const cacheKey = `${language}:${namespaces.join(",")}`;
	let payload = payloads.get(cacheKey);
	if (!payload) {
		const texts = namespaces
			.map((namespace: BrowserNamespace) => `"${namespace}":${bundles.get(`${language}/${namespace}`)?.json}`)
			.join(",");
		payload = `{"lng":"${language}","versions":${JSON.stringify(versions)},"resources":{${texts}}}`.replace(
			/</g,
			"\\u003c",
		);
		payloads.set(cacheKey, payload);
	}
	return payload;
}
