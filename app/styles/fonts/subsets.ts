/**
 * The web fonts, cut down to the characters the site prints (docs/decisions/0018, "Fonts"). The files in
 * this folder and faces.css are made from @fontsource-variable's files by `npm run fonts:subset`
 * (make-subsets.ts); tests/unit/font-subsets.test.ts checks that they are what this list makes and that
 * every text of the site is drawn by a font the page preloads.
 *
 * Per family:
 * - `latin` (preloaded on every page): ASCII, the punctuation our typesetting prints (non-breaking and thin
 *   spaces, the word joiner, dashes, curly quotes, «», …, ×, ©, arrows), the euro sign, and the two
 *   accented letters the seeded catalogue prints (Ø, é);
 * - `rouble` (preloaded where the family draws prices): ₽ alone, which @fontsource keeps in its Latin
 *   Extended file of 15 kB;
 * - `latin-more` (never preloaded): the rest of @fontsource's Latin subset (accented letters), fetched by
 *   the browser only on a page that prints one, say a designer's name typed with an é;
 * - `cyrillic` (preloaded in Russian): the Russian alphabet and №;
 * - `cyrillic-more` (never preloaded): the rest of @fontsource's Cyrillic subset (Ukrainian, Serbian and
 *   other letters), fetched only on a page that prints one.
 *
 * The display face (Unbounded) is drawn at 500 and 600 only, so its weight axis is cut to that range:
 * most of a variable font's bytes describe how each glyph moves along the axis.
 */

export type CodePointRange = readonly [number, number];

export interface FontSubset {
	/** The file name's suffix: `manrope-latin.woff2`. */
	name: "latin" | "rouble" | "latin-more" | "cyrillic" | "cyrillic-more";
	/** The @fontsource file the glyphs come from. */
	source: "latin" | "latin-ext" | "cyrillic";
	ranges: readonly CodePointRange[];
	/** On which pages the file is preloaded: every page, Russian pages, pages of prices, or none. */
	preload: "always" | "ru" | "never";
}

export interface FontFamily {
	/** The CSS family name (app/styles/tailwind.css names it). */
	family: string;
	/** The @fontsource-variable package and file prefix. */
	package: "manrope" | "unbounded";
	/** The weight axis kept, and declared in `font-weight`. */
	weights: readonly [number, number];
	subsets: readonly FontSubset[];
}

const single = (codePoint: number): CodePointRange => [codePoint, codePoint];

/** What the pages print in Latin script: checked against every text by the unit test. */
export const LATIN_CORE: readonly CodePointRange[] = [
	[0x20, 0x7e], // ASCII
	single(0xa0), // no-break space
	single(0xa9), // ©
	single(0xab), // «
	single(0xad), // soft hyphen
	single(0xb0), // °
	single(0xb7), // ·
	single(0xbb), // »
	single(0xd7), // ×
	single(0xd8), // Ø, of round pieces' dimensions
	single(0xe9), // é, of Mérida
	[0x2000, 0x206f], // General Punctuation: spaces, dashes, quotes, …, the word joiner
	single(0x20ac), // €
	single(0x2122), // ™
	[0x2190, 0x2193], // arrows
	single(0x2212), // minus
];

/** @fontsource's Latin subset, as its CSS declares it. */
const FONTSOURCE_LATIN: readonly CodePointRange[] = [
	[0x00, 0xff],
	single(0x131),
	[0x152, 0x153],
	[0x2bb, 0x2bc],
	single(0x2c6),
	single(0x2da),
	single(0x2dc),
	single(0x304),
	single(0x308),
	single(0x329),
	[0x2000, 0x206f],
	single(0x20ac),
	single(0x2122),
	single(0x2191),
	single(0x2193),
	single(0x2212),
	single(0x2215),
	single(0xfeff),
	single(0xfffd),
];

/** @fontsource's Cyrillic subset, as its CSS declares it. */
const FONTSOURCE_CYRILLIC: readonly CodePointRange[] = [
	single(0x301),
	[0x400, 0x45f],
	[0x490, 0x491],
	[0x4b0, 0x4b1],
	single(0x2116),
];

/** The Russian alphabet (Ё and ё included), the stress mark and №: what the Russian pages print. */
export const RUSSIAN: readonly CodePointRange[] = [
	single(0x301),
	single(0x401),
	[0x410, 0x44f],
	single(0x451),
	single(0x2116),
];

export const ROUBLE = 0x20bd;

/** Control characters (C0, DEL, C1): no font draws them. */
const isControl = (codePoint: number) => codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f);

/** The printable code points of `ranges` that are not in `minus`. */
export function subtractRanges(
	ranges: readonly CodePointRange[],
	minus: readonly CodePointRange[],
): CodePointRange[] {
	const result: CodePointRange[] = [];
	for (const [from, to] of ranges) {
		let start: number | null = null;
		for (let codePoint = from; codePoint <= to + 1; codePoint++) {
			const kept = codePoint <= to && !isControl(codePoint) && !inRanges(codePoint, minus);
			if (kept && start === null) start = codePoint;
			if (!kept && start !== null) {
				result.push([start, codePoint - 1]);
				start = null;
			}
		}
	}
	return result;
}

export function inRanges(codePoint: number, ranges: readonly CodePointRange[]): boolean {
	return ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

const LATIN_MORE = subtractRanges(FONTSOURCE_LATIN, LATIN_CORE);

function subsetsFor(roublePreload: FontSubset["preload"]): FontSubset[] {
	return [
		{ name: "latin", source: "latin", ranges: LATIN_CORE, preload: "always" },
		{ name: "rouble", source: "latin-ext", ranges: [single(ROUBLE)], preload: roublePreload },
		{ name: "latin-more", source: "latin", ranges: LATIN_MORE, preload: "never" },
		{ name: "cyrillic", source: "cyrillic", ranges: RUSSIAN, preload: "ru" },
		{
			name: "cyrillic-more",
			source: "cyrillic",
			ranges: subtractRanges(FONTSOURCE_CYRILLIC, RUSSIAN),
			preload: "never",
		},
	];
}

export const FONT_FAMILIES: readonly FontFamily[] = [
	// Body text; prices are set in it, on most pages.
	{ family: "Manrope Variable", package: "manrope", weights: [200, 800], subsets: subsetsFor("always") },
	// Headings and the wordmark: no prices.
	{ family: "Unbounded Variable", package: "unbounded", weights: [500, 600], subsets: subsetsFor("never") },
];

/** A subset's file name in this folder. */
export function subsetFileName(family: FontFamily, subset: FontSubset): string {
	return `${family.package}-${subset.name}.woff2`;
}

/** `U+20-7E, U+A0, …` */
export function unicodeRange(ranges: readonly CodePointRange[]): string {
	const hex = (codePoint: number) => codePoint.toString(16).toUpperCase();
	return ranges
		.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
		.join(", ");
}
