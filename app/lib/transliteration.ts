/**
 * Russian letters in Latin ones, by the BGN/PCGN system (1947) without its diacritics and apostrophes: the
 * spelling English-language maps, passports before 2013 and most brand names follow ("Tkan", "Yekaterinburg"
 * is written "Ekaterinburg" here: е is always e). ъ and ь are dropped, ё reads as е. Artist ids made from a
 * name (app/lib/artist-form.ts) and the search's transliteration (app/lib/search/text.server.ts) both use it.
 */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
	а: "a",
	б: "b",
	в: "v",
	г: "g",
	д: "d",
	е: "e",
	ё: "e",
	ж: "zh",
	з: "z",
	и: "i",
	й: "y",
	к: "k",
	л: "l",
	м: "m",
	н: "n",
	о: "o",
	п: "p",
	р: "r",
	с: "s",
	т: "t",
	у: "u",
	ф: "f",
	х: "kh",
	ц: "ts",
	ч: "ch",
	ш: "sh",
	щ: "shch",
	ъ: "",
	ы: "y",
	ь: "",
	э: "e",
	ю: "yu",
	я: "ya",
};

/** Lower-case Russian text in Latin letters; anything else stays as it is. */
export function transliterate(text: string): string {
	let latin = "";
	for (const char of text) latin += CYRILLIC_TO_LATIN[char] ?? char;
	return latin;
}
