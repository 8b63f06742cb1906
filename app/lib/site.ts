/** Fixed facts about the studio that the shell shows. */
export const STUDIO_URL = "https://forma-studio.ru";
/** The general address (the contact page, the footer); questions about pieces go to salesAddress(). */
export const INFO_EMAIL = "info@forma.gallery";
/** The sales address when the settings name none (neither a sales nor an admin address). */
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

/**
 * The one address for questions about pieces and orders (issue #35): the settings' sales address; empty,
 * the administrator's; neither set, the built-in one. The project page, the contact page, the shipping
 * terms and the buyers' mails all name it.
 */
export function salesAddress(settings: { sales_email: string; admin_email: string }): string {
	return settings.sales_email.trim() || settings.admin_email.trim() || SALES_EMAIL;
}

export function cx(...classes: Array<string | false | null | undefined>): string {
	return classes.filter(Boolean).join(" ");
}
