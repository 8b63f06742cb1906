import type { InitOptions } from "i18next";

export const SUPPORTED_LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
	return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The namespaces the browser may load (the server also has `legal` and `mail`, which never leave it).
 * `common` is on every page; a route names the others it shows in its `handle` (see pageNamespaces).
 */
export const BROWSER_NAMESPACES = [
	"common",
	"home",
	"catalog",
	"artists",
	"shop",
	"pages",
	"account",
	"admin",
	/** The conversation on a request, holds and offers: the buyer's pages and the staff's (issue #37). */
	"sale",
] as const;
export type BrowserNamespace = (typeof BROWSER_NAMESPACES)[number];

export function isBrowserNamespace(value: unknown): value is BrowserNamespace {
	return typeof value === "string" && (BROWSER_NAMESPACES as readonly string[]).includes(value);
}

/** What a route module declares: `export const handle = { i18n: ["catalog"] } satisfies I18nHandle`. */
export interface I18nHandle {
	i18n?: readonly BrowserNamespace[];
}

/** The namespaces a page needs: `common` and those its matched routes declare, in a stable order. */
export function pageNamespaces(
	handles: readonly unknown[],
	keys: readonly string[] = [],
): BrowserNamespace[] {
	const wanted = new Set<string>(["common"]);
	for (const handle of handles) {
		const declared = (handle as I18nHandle | undefined)?.i18n;
		if (Array.isArray(declared)) for (const namespace of declared) wanted.add(namespace);
	}
	for (const key of keys) wanted.add(namespaceOfKey(key));
	return BROWSER_NAMESPACES.filter((namespace) => wanted.has(namespace));
}

/** The namespace a `ns:key` translation key names (toasts, validation messages); `common` without one. */
export function namespaceOfKey(key: string): string {
	const index = key.indexOf(":");
	return index > 0 ? key.slice(0, index) : "common";
}

/**
 * i18next's options, for loaders and e-mails on the server. Pages look texts up with translate()
 * (app/lib/translate.ts), which tests/unit/translate.test.ts holds to i18next under these options.
 */
export const i18nConfig = {
	supportedLngs: [...SUPPORTED_LANGUAGES],
	fallbackLng: DEFAULT_LANGUAGE,
	defaultNS: "common",
	ns: ["common"],
	interpolation: { escapeValue: false },
} satisfies InitOptions;

/** Picks the visitor's language version of a stored text, falling back to the other language when empty. */
export function localized(language: Language, en: string, ru: string): string {
	return (language === "ru" ? ru || en : en || ru) ?? "";
}
