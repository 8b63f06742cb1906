export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";
/** The spec's local-storage key; the cookie of the same name is what the server reads. */
export const THEME_STORAGE_KEY = "theme";

export function isTheme(value: unknown): value is Theme {
	return value === "light" || value === "dark";
}
