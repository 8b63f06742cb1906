import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_NAMESPACES, serverResources } from "~/lib/locale-resources.server";
import { typesetName, typesetWritten, UNSET_KEY } from "~/lib/typography.server";

/** Every string of a namespace, with its key. */
function strings(tree: unknown, prefix = ""): Array<[string, string]> {
	if (typeof tree === "string") return [[prefix, tree]];
	if (!tree || typeof tree !== "object") return [];
	return Object.entries(tree).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
}

/** The texts laid out on pages: titles and descriptions for tabs and search engines stay as written. */
const laidOut = ([key]: [string, string]) => !key.split(".").some((part) => UNSET_KEY.test(part));
const russian = ALL_NAMESPACES.flatMap((namespace) =>
	strings(serverResources.ru[namespace], namespace),
).filter(laidOut);
const english = ALL_NAMESPACES.flatMap((namespace) =>
	strings(serverResources.en[namespace], namespace),
).filter(laidOut);

/** The strings that break a rule, as "key: …text around the place…" so a failure says where to look. */
function breaking(texts: Array<[string, string]>, rule: RegExp): string[] {
	return texts.flatMap(([key, text]) => {
		const match = new RegExp(rule.source, `${rule.flags.replace("g", "")}g`).exec(text);
		return match ? [`${key}: …${text.slice(Math.max(0, match.index - 20), match.index + 20)}…`] : [];
	});
}

describe("Russian texts are typeset", () => {
	it("have no plain space after a one- or two-letter word (в, к, с, на, по, не…)", () => {
		// Particles (же, ли, бы) hold on to the word before them instead, as «то» in «что-то» does to its hyphen.
		expect(breaking(russian, /(?<![\p{L}\p{N}\-{}.\u2060])(?!(?:же|ли|бы) )[а-яё]{1,2} /iu)).toEqual([]);
	});

	it("have no plain space before a dash, so no line starts with one", () => {
		expect(breaking(russian, / [—–]/u)).toEqual([]);
	});

	it("keep a number with its unit («5 МБ», «14 дней», «50 %»)", () => {
		expect(
			breaking(russian, /\d (?:[КМГ]Б|px|пикс|₽|%|дн|ден|час|мин|сек|мм|см|кг|раз|символ|знак|слов)/u),
		).toEqual([]);
	});

	it("keep an abbreviation with what follows («ул. Ленина», «№ 5», «п. 3», «Полянка, 2»)", () => {
		expect(breaking(russian, /(?<![\p{L}])(?:ул|д|п|г|см|стр|т\.?\s?е)\. |№ |ул\.[^,]+, \d/u)).toEqual([]);
	});

	it("keep a particle with its word («что-то», «всё-таки», «кое-где»): no break at the hyphen", () => {
		const particle = /(?<=\p{L})-(?:то|либо|нибудь|таки|ка)(?!\p{L})|(?<!\p{L})(?:кое|кой)-(?=\p{L})/iu;
		expect(breaking(russian, particle)).toEqual([]);
		expect(typesetWritten("Кто-то купил всё-таки кое-что.", "ru")).toBe(
			"Кто\u2060-\u2060то купил всё\u2060-\u2060таки кое\u2060-\u2060что.",
		);
		// A hyphen that joins two words of their own may break as usual.
		expect(typesetWritten("Мастер-классы", "ru")).toBe("Мастер-классы");
	});

	it("use «…» and «ёлочки», not three dots and straight quotes", () => {
		expect(breaking(russian, /\.\.\.|"/u)).toEqual([]);
	});
});

describe("English texts are typeset", () => {
	it("use «…», curly apostrophes and quotes, and an em dash for a spaced hyphen", () => {
		expect(breaking(english, /\.\.\.|'|"| - /u)).toEqual([]);
	});
});

describe("typesetting keeps what the texts carry", () => {
	const folder = path.join(import.meta.dirname, "../../app/locales");
	const placeholders = (text: string) => (text.match(/\{\{[^}]+\}\}/g) ?? []).sort();

	it.each(["en", "ru"] as const)("every {{placeholder}} survives, unchanged (%s)", (language) => {
		for (const namespace of ALL_NAMESPACES) {
			const raw = JSON.parse(fs.readFileSync(path.join(folder, language, `${namespace}.json`), "utf8"));
			const before = new Map(strings(raw, namespace));
			for (const [key, text] of strings(serverResources[language][namespace], namespace)) {
				expect(placeholders(text), key).toEqual(placeholders(before.get(key) ?? ""));
			}
		}
	});

	it("typesets what an administrator wrote, keeping its paragraphs and the phone format the forms ask for", () => {
		const written = 'Ваза из глины - в ней 5 л.\n\nЗвоните: +79161234567, "ФОРМА" ждёт.';
		expect(typesetWritten(written, "ru")).toBe(
			"Ваза из\u00a0глины\u00a0— в\u00a0ней 5\u00a0л.\n\nЗвоните: +79161234567, «ФОРМА» ждёт.",
		);
		expect(typesetWritten("It's a chair - for 2 people.", "en")).toBe(
			"It’s a\u00a0chair\u00a0— for\u00a02\u00a0people.",
		);
		expect(typesetWritten(null, "ru")).toBeNull();
	});

	it("gives a name its no-break spaces and changes nothing else of it", () => {
		expect(typesetName("Ваза из глины")).toBe("Ваза из\u00a0глины");
		expect(typesetName("Table of 2 chairs")).toBe("Table of\u00a02\u00a0chairs");
		// Quotes, hyphens and dots are the owner's: a name is not re-spelt.
		const name = 'Кресло "Луна" - у окна... It\'s a chair';
		expect(typesetName(name)).toBe('Кресло "Луна" - у\u00a0окна... It\'s a\u00a0chair');
		expect(typesetName("Arc Lounge Chair")).toBe("Arc Lounge Chair");
	});
});
