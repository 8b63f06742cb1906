/**
 * Text as a reader sees it, with typesetting's non-breaking spaces (U+00A0, U+202F) as plain ones
 * and its word joiners (U+2060, around a particle's hyphen) left out. Tests that
 * look for words use it; tests/unit/typography.test.ts checks where the non-breaking spaces go.
 */
export function plain(text: string): string {
	return text.replace(/[\u00a0\u202f]/g, " ").replace(/\u2060/g, "");
}
