import manropeCyrillic from "~/styles/fonts/manrope-cyrillic.woff2";
import manropeLatin from "~/styles/fonts/manrope-latin.woff2";
import manropeRouble from "~/styles/fonts/manrope-rouble.woff2";
import unboundedCyrillic from "~/styles/fonts/unbounded-cyrillic.woff2";
import unboundedLatin from "~/styles/fonts/unbounded-latin.woff2";
import type { Language } from "./i18n";

/**
 * The font files a page's first view draws with (the same hashed files app/styles/fonts/faces.css names,
 * as app/styles/fonts/subsets.ts marks them for preloading; tests/unit/font-subsets.test.ts holds the two
 * together): Latin and the rouble sign on every page (the brand word, digits, punctuation, prices),
 * Cyrillic too in Russian. Preloading them starts the downloads beside the stylesheet instead of after it,
 * so they arrive in time for the first paint (`font-display: optional` never swaps a late font in).
 */
export function preloadedFonts(language: Language): string[] {
	const latin = [manropeLatin, manropeRouble, unboundedLatin];
	return language === "ru" ? [...latin, manropeCyrillic, unboundedCyrillic] : latin;
}
