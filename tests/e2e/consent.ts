import type { Locator, Page } from "@playwright/test";

/** The consent box's label on the purchase and registration forms (docs/decisions/0031). */
export const CONSENT_LABEL = {
	en: "I consent to the processing of my personal data",
	ru: "Я даю согласие на обработку персональных данных",
} as const;

/** Ticks the consent box of the form in `scope` (a page, a dialog, a form), as a visitor does. */
export async function giveConsent(scope: Page | Locator, language: "en" | "ru" = "en"): Promise<void> {
	await scope.getByRole("checkbox", { name: CONSENT_LABEL[language] }).check();
}
