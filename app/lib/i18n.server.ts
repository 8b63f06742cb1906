import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { createInstance, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { ALL_NAMESPACES, serverResources } from "~/lib/locale-resources.server";
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
import { TextStore } from "./translations";

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

/** Every text in every language, for page renders (app/lib/translations.tsx); nothing is ever fetched. */
export const serverTexts = new TextStore({ language: DEFAULT_LANGUAGE, texts: serverResources });

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
