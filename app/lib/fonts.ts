import manropeCyrillic from "@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2";
import manropeLatin from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2";
import unboundedCyrillic from "@fontsource-variable/unbounded/files/unbounded-cyrillic-wght-normal.woff2";
import unboundedLatin from "@fontsource-variable/unbounded/files/unbounded-latin-wght-normal.woff2";
import type { Language } from "./i18n";

/**
 * The font files a page's first view draws with (the same hashed files app/styles/fonts.css names): Latin
 * on every page (the brand word, digits, punctuation), Cyrillic too in Russian. Preloading them starts the
 * downloads beside the stylesheet instead of after it, so they arrive in time for the first paint
 * (`font-display: optional` never swaps a late font in).
 */
export function preloadedFonts(language: Language): string[] {
	const latin = [manropeLatin, unboundedLatin];
	return language === "ru" ? [...latin, manropeCyrillic, unboundedCyrillic] : latin;
}
