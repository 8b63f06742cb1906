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

/**
 * A name as an address part: Cyrillic transliterated, accents dropped, anything else a hyphen, at most
 * `maxLength` characters ("Студия Ткань" → "studiya-tkan", "Chuch Estudio" → "chuch-estudio"). Empty when
 * nothing usable is left. Artist and piece ids made from a name both use it.
 */
export function slugFromName(name: string, maxLength: number): string {
	// Cyrillic first: taking accents off first would turn й into и ("i") and lose the letter.
	return [...name.toLocaleLowerCase("ru-RU")]
		.map((char) => CYRILLIC_TO_LATIN[char] ?? char)
		.join("")
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, maxLength)
		.replace(/-+$/, "");
}
