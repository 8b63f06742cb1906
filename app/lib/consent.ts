import type { ConsentPurpose } from "~db/schema";

/**
 * The consent to processing of personal data, one document per purpose (docs/decisions/0031): the words
 * shared by the forms that ask for it, the public pages that publish it and the screens that record it.
 * Safe for the browser.
 */

export type ConsentPurposeName = ConsentPurpose;

export const CONSENT_PURPOSES = ["purchase", "account"] as const satisfies readonly ConsentPurpose[];

export function isConsentPurpose(value: unknown): value is ConsentPurposeName {
	return typeof value === "string" && (CONSENT_PURPOSES as readonly string[]).includes(value);
}

/** The checkbox's name (posts "on" when ticked, nothing when not) and the hidden field with the text's version. */
export const CONSENT_FIELD = "consent";
export const CONSENT_VERSION_FIELD = "consentVersion";

/** Where a purpose's text is published; `version` for an older one. */
export function consentTextPath(purpose: ConsentPurposeName, version?: number): string {
	return version === undefined ? `/consent/${purpose}` : `/consent/${purpose}?version=${version}`;
}

/** The version a form posted (its hidden field), or null when there is none that could be one. */
export function postedConsentVersion(formData: FormData): number | null {
	const value = formData.get(CONSENT_VERSION_FIELD);
	if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
	const version = Number(value);
	return version >= 1 ? version : null;
}
