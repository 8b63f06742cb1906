import type { InitOptions } from "i18next";
import { NAMESPACES, resources } from "~/locales";

export const SUPPORTED_LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
	return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** i18next options shared by the server render and the browser, so both produce the same markup. */
export const i18nConfig = {
	supportedLngs: [...SUPPORTED_LANGUAGES],
	fallbackLng: DEFAULT_LANGUAGE,
	defaultNS: "common",
	ns: [...NAMESPACES],
	resources,
	interpolation: { escapeValue: false },
} satisfies InitOptions;

/** Picks the visitor's language version of a stored text, falling back to the other language when empty. */
export function localized(language: Language, en: string, ru: string): string {
	return (language === "ru" ? ru || en : en || ru) ?? "";
}
