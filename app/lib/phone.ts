/**
 * Phone numbers as people write them (docs/decisions/0034-phones-and-repeats.md). One normalisation for every
 * form that takes a phone (registration, the account's phone, the purchase form), applied before the
 * spec's rules and messages, so that «8 916 123 45 67» and «+7 (916) 123-45-67» are the same number
 * everywhere and are stored once, as +79161234567.
 */

/**
 * What a phone may hold: digits, ASCII spaces, brackets, dashes and a leading +. Not `\s`: CR, LF, tab, the
 * line separator U+2028 and the ideographic space U+3000 are whitespace too, and one of them in a phone broke
 * the lines of the mail headers and CSV rows it was written into (issue #31).
 */
export const PHONE_CHARS = /^\+?[\d ()-]+$/;
const SEPARATORS = /[ ()-]/g;

/** A Russian number in the one form we store: +7 and ten digits. */
export const RUSSIAN_PHONE = /^\+7\d{10}$/;

/**
 * The stored form of a phone as typed:
 * - the Russian ways of writing one — `+7` or `8` (or a bare `7`) and ten digits, or ten digits starting
 *   with 9 (a mobile number without its prefix), with spaces, brackets and dashes anywhere — become
 *   `+7XXXXXXXXXX`;
 * - any other number that starts with + loses its separators (`+44 20 7946 0958` → `+442079460958`);
 * - anything else (letters, other characters, a number without +) comes back trimmed, as typed, for the
 *   form's rules to refuse or accept with the spec's messages.
 */
export function normalisePhone(value: string): string {
	const typed = value.trim();
	if (!PHONE_CHARS.test(typed)) return typed;
	const compact = typed.replace(SEPARATORS, "");
	const digits = compact.replace("+", "");
	if (compact.startsWith("+")) {
		return digits.length > 0 ? `+${digits}` : typed;
	}
	if (digits.length === 11 && (digits.startsWith("8") || digits.startsWith("7")))
		return `+7${digits.slice(1)}`;
	if (digits.length === 10 && digits.startsWith("9")) return `+7${digits}`;
	return typed;
}

/**
 * A stored phone as people read it: `+7 916 123-45-67` for a Russian number (the groups Russians say
 * aloud), any other number as stored. Shown in a `whitespace-nowrap` run (app/components/phone.tsx).
 */
export function formatPhone(value: string): string {
	if (!RUSSIAN_PHONE.test(value)) return value;
	return `+7 ${value.slice(2, 5)} ${value.slice(5, 8)}-${value.slice(8, 10)}-${value.slice(10)}`;
}

/** The `tel:` address of a stored phone: its + and digits. */
export function phoneHref(value: string): string {
	return `tel:${value.replace(/[^\d+]/g, "")}`;
}
