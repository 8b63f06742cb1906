import { LRUCache } from "lru-cache";
import Typograf from "typograf";
import type { Language } from "./i18n";

/**
 * Typesetting as a good book does it (issue #16), by typograf's Russian and English rules, done once: to
 * every text of the site when the locales are loaded (app/lib/locale-resources.server.ts), and to the long
 * texts administrators write (descriptions, biographies) when a loader hands them to a page.
 *
 * - Russian: a non-breaking space after short words (в, к, с, на, по, не…), before a dash, between a
 *   number and its unit («5 МБ», «14 дней»), in «ул. Ленина», «№ 5»; «кавычки-ёлочки»; «…».
 * - English: curly quotes and apostrophes, an em dash for a spaced hyphen, «…», a non-breaking space
 *   after short words and between a number and its unit.
 *
 * Its output is plain text (U+00A0 characters, no entities): React escapes it like any other text.
 */
Typograf.addRules([
	{
		// A number stays with the word or sign after it: «50 %», «7–21 день», "5 MB".
		name: "common/nbsp/formaNumberAndWord",
		queue: "end",
		handler: (text) => text.replace(/(\d) (?=[\p{L}%‰])/gu, "$1\u00a0"),
	},
	{
		// «№ {{id}}»: typograf's own rule keeps № only with digits.
		name: "ru/nbsp/formaNumberSign",
		queue: "end",
		handler: (text) => text.replace(/№ /g, "№\u00a0"),
	},
	{
		// «ул. Малая Полянка, 2»: the house number stays with its street.
		name: "ru/nbsp/formaHouseNumber",
		queue: "end",
		handler: (text) =>
			text.replace(/((?:ул|пер|пр-т|просп|наб|ш|б-р)\.[\s\u00a0][^,\n]+), (\d+[а-я]?)\b/gu, "$1,\u00a0$2"),
	},
	{
		// «что-то», «всё-таки», «кое-где»: a particle stays with its word. A word joiner on each side of the
		// hyphen forbids the break there (invisible, and unlike U+2011 it needs no glyph in our fonts).
		name: "ru/nbsp/formaParticleHyphen",
		queue: "end",
		handler: (text) =>
			text
				.replace(/(?<=\p{L})-(?=(?:то|либо|нибудь|таки|ка)(?!\p{L}))/giu, "\u2060-\u2060")
				.replace(/(?<!\p{L})(кое|кой)-(?=\p{L})/giu, "$1\u2060-\u2060"),
	},
	{
		// «пн–пт 10:00–19:00»: the day stays with its hours.
		name: "ru/nbsp/formaWeekday",
		queue: "end",
		handler: (text) => text.replace(/(^|[^\p{L}])(пн|вт|ср|чт|пт|сб|вс) (?=\d)/gu, "$1$2\u00a0"),
	},
]);

function engine(language: Language): Typograf {
	const typograf = new Typograf({
		locale: language === "ru" ? ["ru", "en-US"] : ["en-US"],
		htmlEntity: { type: "default" },
	});
	// "+79161234567" is the format the forms ask for; typograf would print it as "+7 916 123-45-67".
	typograf.disableRule("ru/other/phone-number");
	// Russian sets a (non-breaking) space before % («50 %»).
	typograf.disableRule("common/space/delBeforePercent");
	return typograf;
}

const engines: Record<Language, Typograf> = { en: engine("en"), ru: engine("ru") };

/**
 * Names (a piece, an artist, the shop) are what their owners wrote, in whatever language: only their
 * no-break spaces are set (after a short word, before a particle, after a number), in Russian and English
 * alike. Quotes, dashes and letters stay as written, so «Ваза "Луна"» is still the name it was.
 */
const names = new Typograf({ locale: ["ru", "en-US"], htmlEntity: { type: "default" } });
names.disableRule("*");
names.enableRule(["common/nbsp/afterShortWord", "ru/nbsp/beforeParticle", "common/nbsp/formaNumberAndWord"]);

/** One text, typeset in its language, line by line: its line breaks and blank lines stay as they are. */
export function typeset(text: string, language: Language): string {
	if (!text) return text;
	const typograf = engines[language];
	return text
		.split(/(\r?\n)/)
		.map((part) => (part.trim() ? typograf.execute(part) : part))
		.join("");
}

/** A page's title and description for tabs, search engines and shared links: never laid out in lines. */
export const UNSET_KEY = /^meta$|[mM]eta(Title|Description)$/;

/**
 * Every string of a tree of texts (a locale namespace), typeset; keys and shape are kept. Titles and
 * descriptions under meta keys stay as written: nothing breaks them into lines, and a tab or a search
 * result shows them as they are.
 */
export function typesetTree<Tree>(tree: Tree, language: Language): Tree {
	if (typeof tree === "string") return typeset(tree, language) as Tree;
	if (Array.isArray(tree)) return tree.map((item) => typesetTree(item, language)) as Tree;
	if (tree && typeof tree === "object") {
		return Object.fromEntries(
			Object.entries(tree).map(([key, value]) => [
				key,
				UNSET_KEY.test(key) ? value : typesetTree(value, language),
			]),
		) as Tree;
	}
	return tree;
}

/**
 * What administrators write is typeset when shown, not when saved: the form gives back exactly what was
 * typed. A page renders the same description on every request, so the result is kept (by text and language).
 */
const written = new LRUCache<string, string>({
	max: 2000,
	maxSize: 4_000_000,
	sizeCalculation: (t) => t.length + 1,
});

export function typesetWritten(text: string, language: Language): string;
export function typesetWritten(text: string | null, language: Language): string | null;
export function typesetWritten(text: string | null, language: Language): string | null {
	if (!text) return text;
	const key = `${language}\u0000${text}`;
	let result = written.get(key);
	if (result === undefined) {
		result = typeset(text, language);
		written.set(key, result);
	}
	return result;
}

/** A name, with its no-break spaces and nothing else changed (cached like `typesetWritten`). */
export function typesetName(text: string): string;
export function typesetName(text: string | null): string | null;
export function typesetName(text: string | null): string | null {
	if (!text) return text;
	const key = `name\u0000${text}`;
	let result = written.get(key);
	if (result === undefined) {
		result = names.execute(text);
		written.set(key, result);
	}
	return result;
}

/**
 * The visitor's language version of something an administrator wrote (the other one when it is empty, as
 * `localized` does), typeset in the language it is written in.
 */
export function localizedWritten(language: Language, en: string, ru: string): string {
	const useRussian = language === "ru" ? Boolean(ru) : !en && Boolean(ru);
	return useRussian ? typesetWritten(ru, "ru") : typesetWritten(en ?? "", "en");
}
