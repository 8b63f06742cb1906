import snowball from "snowball-stemmers";
import { transliterate } from "../transliteration";

/**
 * The catalogue search's language work, done the same way on the indexed text and on what visitors type
 * (docs/decisions/0030-search.md): normalisation, words, Snowball stems for Russian and English, a
 * transliteration key that makes Cyrillic and Latin spellings meet, the other keyboard layout, and the
 * edit distance that decides typos. Pure functions: the database never stems, so SQLite and Postgres index
 * exactly the same words.
 */

/**
 * Unicode compatibility forms folded (ﬁ, full-width letters), lower case, ё → е and accents off Latin
 * letters (Mérida → merida), while й keeps its breve: it is a letter of its own, not an accented и.
 */
export function normalizeText(text: string): string {
	// Most text is plain Latin and Russian, which lower case and ё alone settle; Unicode's normal forms
	// cost ten times more, so only the rest pays for them.
	if (PLAIN_TEXT.test(text)) return text.toLowerCase().replaceAll("ё", "е");
	return text
		.normalize("NFKC")
		.toLocaleLowerCase("ru-RU")
		.normalize("NFD")
		.replace(/\p{M}/gu, (mark, offset: number, whole: string) =>
			mark === "\u0306" && (whole[offset - 1] === "и" || whole[offset - 1] === "И") ? mark : "",
		)
		.normalize("NFC")
		.replaceAll("ё", "е");
}

/** ASCII, Russian letters and common punctuation: what Unicode normalisation leaves as it is. */
const PLAIN_TEXT = /^[\t\n\r\x20-\x7e\u0401\u0410-\u044f\u0451\u00a0\u00ab\u00bb\u00d7\u2010-\u2026]*$/;

const WORD_PATTERN = /[\p{L}\p{N}]+/gu;

/**
 * The words of a text, normalised, in order: letters and digits; punctuation, hyphens and every other
 * sign separate words ("steam-bent" is two). Single letters are no words (digits are: "5").
 */
export function wordsOf(text: string): string[] {
	const words: string[] = [];
	for (const match of normalizeText(text).matchAll(WORD_PATTERN)) {
		const word = match[0];
		if (word.length > 1 || (word >= "0" && word <= "9")) words.push(word);
	}
	return words;
}

export type Script = "cyrillic" | "latin" | "other";

const CYRILLIC_WORD = /^[\p{Script=Cyrillic}]+$/u;
const LATIN_WORD = /^[\p{Script=Latin}]+$/u;

export function scriptOf(word: string): Script {
	if (CYRILLIC_WORD.test(word)) return "cyrillic";
	if (LATIN_WORD.test(word)) return "latin";
	return "other";
}

/**
 * The Snowball stemmers (Porter2 for English, Snowball's Russian), by way of `snowball-stemmers`: the same
 * algorithms as Postgres's own 'english' and 'russian' configurations. Stemming is slow (~10 µs a word)
 * and a catalogue repeats its words, so stems are remembered.
 */
const stemmers = { cyrillic: snowball.newStemmer("russian"), latin: snowball.newStemmer("english") };
const MEMO_LIMIT = 200_000;
const stems = new Map<string, string>();

/** A word's stem: Russian words by the Russian stemmer, Latin ones by the English one, others as they are. */
export function stemOf(word: string): string {
	let stem = stems.get(word);
	if (stem !== undefined) return stem;
	const script = scriptOf(word);
	stem = script === "other" ? word : stemmers[script].stem(word);
	if (stems.size >= MEMO_LIMIT) stems.clear();
	stems.set(word, stem);
	return stem;
}

/**
 * Latin spellings that sound alike, made alike: qu/q/ck/c-before-a-o-u → k, c before e/i/y → s, ph → f,
 * th → t, x → ks, w → v, kh → h, shch/sch → sh, dzh → j, y → i, and a doubled letter once. Applied after
 * transliteration, so "Masquespacio" and «Маскеспасио» both read "maskespasio", "Corpus" and «Корпус»
 * "korpus", "Tkan" and «Ткань» "tkan".
 */
const SOUND_RULES: Array<[RegExp, string]> = [
	[/shch|sch/g, "sh"],
	[/dzh/g, "j"],
	[/kh/g, "h"],
	[/ph/g, "f"],
	[/th/g, "t"],
	[/ck/g, "k"],
	[/qu?/g, "k"],
	[/x/g, "ks"],
	[/w/g, "v"],
	// c keeps its sound in ch; elsewhere it is s before e, i, y and k otherwise.
	[/ch/g, "\ue000"],
	[/c(?=[eiy])/g, "s"],
	[/c/g, "k"],
	[/\ue000/g, "ch"],
	[/y/g, "i"],
	[/(.)\1+/g, "$1"],
];

/**
 * The transliteration key of a word: Cyrillic in Latin letters (app/lib/transliteration.ts, BGN/PCGN),
 * then SOUND_RULES. Words of the two alphabets that are spelt the same way aloud share a key. Empty for a
 * word that is not letters of either alphabet.
 */
export function keyOf(word: string): string {
	const script = scriptOf(word);
	if (script === "other") return "";
	let key = script === "cyrillic" ? transliterate(word) : word;
	for (const [pattern, replacement] of SOUND_RULES) key = key.replace(pattern, replacement);
	return key;
}

/**
 * A word's stems: its Snowball stem, and for an English plural in -ves the stems of its singular in -f
 * and -fe as well ("scarves" → "scarf", "shelves" → "shelf"), which Porter2 leaves apart.
 */
export function stemsOf(word: string): string[] {
	const stems = [stemOf(word)];
	if (word.length > 4 && word.endsWith("ves") && scriptOf(word) === "latin") {
		const base = word.slice(0, -3);
		stems.push(stemOf(`${base}f`), stemOf(`${base}fe`));
	}
	return [...new Set(stems)];
}

/** The standard Russian (ЙЦУКЕН) and US (QWERTY) keyboards, key by key. */
const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC_KEYS = "йцукенгшщзхъфывапролджэячсмитьбюё";
const toCyrillic = new Map([...LATIN_KEYS].map((key, index) => [key, CYRILLIC_KEYS[index] ?? key]));
const toLatin = new Map([...CYRILLIC_KEYS].map((key, index) => [key, LATIN_KEYS[index] ?? key]));

/**
 * Text typed with the other keyboard layout, as it was meant: "rhtckj" → «кресло», «ащдв» → "fold".
 * Decided by the letters typed: Latin letters (and the keys that are Russian letters: [ ] ; ' , . `) turn
 * Cyrillic, Cyrillic turns Latin. Null when the text has both alphabets or neither.
 */
export function otherLayout(text: string): string | null {
	const lower = text.toLocaleLowerCase("ru-RU");
	const hasLatin = /[a-z]/.test(lower);
	const hasCyrillic = /[а-яё]/.test(lower);
	if (hasLatin === hasCyrillic) return null;
	const map = hasLatin ? toCyrillic : toLatin;
	let converted = "";
	for (const char of lower) converted += map.get(char) ?? char;
	return converted;
}

/** How many edits a typo of this word may have: none under 5 letters, one from 5, two from 9. */
export function allowedEdits(word: string): number {
	const length = [...word].length;
	if (length >= 9) return 2;
	if (length >= 5) return 1;
	return 0;
}

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours,
 * each one edit ("chiar" → "chair" is one). Stops early with `max + 1` once the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
	const s = [...a];
	const t = [...b];
	if (Math.abs(s.length - t.length) > max) return max + 1;
	let before = new Array<number>(t.length + 1).fill(0);
	let previous = Array.from({ length: t.length + 1 }, (_, index) => index);
	let current = new Array<number>(t.length + 1).fill(0);
	for (let i = 1; i <= s.length; i++) {
		current[0] = i;
		let rowMin = current[0];
		for (let j = 1; j <= t.length; j++) {
			const cost = s[i - 1] === t[j - 1] ? 0 : 1;
			let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
			if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
				value = Math.min(value, (before[j - 2] ?? 0) + 1);
			current[j] = value;
			if (value < rowMin) rowMin = value;
		}
		if (rowMin > max) return max + 1;
		[before, previous, current] = [previous, current, before];
	}
	const distance = previous[t.length] ?? 0;
	return distance > max ? max + 1 : distance;
}

const LATIN_ALPHABET = [..."abcdefghijklmnopqrstuvwxyz"];
const CYRILLIC_ALPHABET = [..."абвгдежзийклмнопрстуфхцчшщъыьэюя"];

/**
 * Every string one edit away from a word, in its own alphabet (a Russian word's typos are Russian
 * letters): the candidates a typo could have come from, looked up in the vocabulary by equality.
 */
export function oneEditAway(word: string): string[] {
	const script = scriptOf(word);
	const alphabet = script === "cyrillic" ? CYRILLIC_ALPHABET : script === "latin" ? LATIN_ALPHABET : [];
	const chars = [...word];
	const variants = new Set<string>();
	for (let i = 0; i <= chars.length; i++) {
		const head = chars.slice(0, i).join("");
		const tail = chars.slice(i).join("");
		if (i < chars.length) variants.add(head + chars.slice(i + 1).join(""));
		if (i < chars.length - 1)
			variants.add(head + (chars[i + 1] ?? "") + (chars[i] ?? "") + chars.slice(i + 2).join(""));
		for (const letter of alphabet) {
			variants.add(head + letter + tail);
			if (i < chars.length) variants.add(head + letter + chars.slice(i + 1).join(""));
		}
	}
	variants.delete(word);
	return [...variants].filter((variant) => variant.length > 1);
}

/** Little words a query does without: they match nearly everything or nothing useful. */
const STOP_WORDS = new Set([
	..."a an and the of in on at to by for with from or is are as it its this that".split(" "),
	..."и в во на с со к ко по для из от о об у за не а но или же ли бы что это как".split(" "),
]);

export function isStopWord(word: string): boolean {
	return STOP_WORDS.has(word);
}
