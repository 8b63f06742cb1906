/** Fixed facts about the studio that the shell shows. */
export const STUDIO_URL = "https://forma-studio.ru";
export const CONTACT_EMAIL = "hello@forma.gallery";
/** The contact page's addresses and phone; buyers' e-mails name them too. */
export const INFO_EMAIL = "info@forma.gallery";
export const SALES_EMAIL = "sales@forma.gallery";
export const PHONE_DISPLAY = "+7 495 123-45-67";
export const PHONE_LINK = "+74951234567";
export const CREDIT_URL = "https://forma-studio.ru/digital";
export const BRAND_WORD = "FORMA";
export const BRAND_WORD_RU = "ФОРМА";

/** The brand's name in a language: the wordmark's name for assistive technology, og:site_name. */
export function brandWord(language: "en" | "ru"): string {
	return language === "ru" ? BRAND_WORD_RU : BRAND_WORD;
}
export const HEADER_SCROLL_THRESHOLD_PX = 20;
export const BACK_TO_TOP_THRESHOLD_PX = 300;
/** Brand words in one run of the footer marquee: ≈3000 px at the desktop size, wider than a 3K screen. */
export const FOOTER_MARQUEE_WORDS = 6;
export const AUDIO_VOLUME = 0.7;

export function cx(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(" ");
}
