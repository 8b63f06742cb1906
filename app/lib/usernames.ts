/**
 * Username rules, shared by every place a username is made (registration, the admin's "add user",
 * `npm run user:create`, ADMIN_USERNAME) and by the forms in the browser.
 */

const MAX_USERNAME_LENGTH = 64;

/** The spec reserves the name 'admin': nobody can register or sign in with it, nor with a look-alike. */
const RESERVED_SKELETONS = new Set(["admin"]);

/**
 * Cyrillic and Greek letters that are drawn like a Latin one, after lower-casing (so "А" and "а" both
 * land here as "а"). A small hand-picked part of Unicode's confusables list: enough to catch names that
 * impersonate a reserved one ("аdmin" with a Cyrillic а, "ΑDMIN" with a Greek Alpha). Names are also
 * held to one script, so this only has to catch names written entirely in look-alikes.
 */
const LATIN_LOOK_ALIKES: Record<string, string> = {
	// Cyrillic
	а: "a",
	в: "b",
	ь: "b",
	с: "c",
	ԁ: "d",
	е: "e",
	ё: "e",
	һ: "h",
	н: "h",
	і: "i",
	ї: "i",
	ӏ: "l",
	ј: "j",
	к: "k",
	м: "m",
	п: "n",
	о: "o",
	р: "p",
	ԛ: "q",
	ѕ: "s",
	т: "t",
	у: "y",
	ԝ: "w",
	х: "x",
	// Greek
	α: "a",
	β: "b",
	ε: "e",
	η: "n",
	ι: "i",
	ί: "i",
	κ: "k",
	μ: "m",
	ν: "v",
	ο: "o",
	ρ: "p",
	τ: "t",
	υ: "u",
	χ: "x",
	ω: "w",
	// Latin letters that pass for others
	ı: "i",
	ɑ: "a",
	ɡ: "g",
};

/**
 * The form we store and compare: NFKC folds compatibility forms into the plain ones (fullwidth "ａｄｍｉｎ"
 * becomes "admin", the ligature "ﬁ" becomes "fi"), so one name cannot be spelt two ways.
 */
export function normaliseUsername(value: string): string {
	return value.normalize("NFKC").trim();
}

/** What a name looks like: lower case, look-alike letters replaced by the Latin letter they imitate. */
function usernameSkeleton(value: string): string {
	return Array.from(normaliseUsername(value).toLowerCase(), (char) => LATIN_LOOK_ALIKES[char] ?? char).join(
		"",
	);
}

/** 'admin' in any case, width or look-alike letters. */
export function isReservedUsername(username: string): boolean {
	return RESERVED_SKELETONS.has(usernameSkeleton(username));
}

/** Why a username cannot be used; each has a translated message (USERNAME_MESSAGES). */
export type UsernameProblem = "required" | "tooLong" | "chars" | "mixedScripts" | "reserved";

/** Latin or Cyrillic letters, ASCII digits and . _ - (checked after NFKC). */
const ALLOWED = /^[\p{Script=Latin}\p{Script=Cyrillic}0-9._-]+$/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;

export function usernameProblem(value: string): UsernameProblem | null {
	const name = normaliseUsername(value);
	if (name.length === 0) return "required";
	if (name.length > MAX_USERNAME_LENGTH) return "tooLong";
	// Letters only (no combining marks): a base letter plus a mark can imitate a precomposed one.
	if (!ALLOWED.test(name) || /\p{M}/u.test(name)) return "chars";
	// One script per name: mixing is how "аdmin" (Cyrillic а) passes for "admin".
	if (LATIN_LETTER.test(name) && CYRILLIC_LETTER.test(name)) return "mixedScripts";
	if (isReservedUsername(name)) return "reserved";
	return null;
}

/** Translation keys (common namespace, or prefixed) of the username problems, shown next to the field. */
const USERNAME_MESSAGES: Record<UsernameProblem, string> = {
	required: "validation.usernameRequired",
	tooLong: "validation.tooLong",
	chars: "account:username.chars",
	mixedScripts: "account:username.mixedScripts",
	reserved: "validation.usernameNotAllowed",
};

/** The same problems in plain English, for the command line and start-up (operators, not visitors). */
export const USERNAME_PROBLEM_TEXT: Record<UsernameProblem, string> = {
	required: "a username is required",
	tooLong: `a username has at most ${MAX_USERNAME_LENGTH} characters`,
	chars: "use only letters, digits, dots, dashes and underscores",
	mixedScripts: "use letters of one alphabet only (Latin or Cyrillic)",
	reserved: "the name 'admin' (or a look-alike of it) is reserved",
};

/** The translation key of what is wrong with `value` as a username, or null when it is fine. */
export function usernameError(value: string): string | null {
	const problem = usernameProblem(value);
	return problem ? USERNAME_MESSAGES[problem] : null;
}

/**
 * The username a registration gets: the e-mail's part before @, in the username alphabet (characters an
 * e-mail allows but a username does not, such as + and ', become "-").
 */
export function usernameFromEmail(email: string): string {
	const local = normaliseUsername(email.slice(0, Math.max(email.lastIndexOf("@"), 0)));
	return local.replace(/[^\p{Script=Latin}\p{Script=Cyrillic}0-9._-]/gu, "-").slice(0, MAX_USERNAME_LENGTH);
}
