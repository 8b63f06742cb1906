/**
 * Draws the brand word, FORMA and ФОРМА, in Unbounded SemiBold with the header's tracking (-0.04 em) as SVG
 * paths, into app/components/wordmark-paths.ts: `npm run fonts:wordmark`. The wordmark is a picture of the
 * word, not text, so it looks the same whether or not the web font has arrived (issue #35: on a first
 * visit it was drawn in the Arial stand-in). Run again only if the display face or the tracking changes.
 */
import fs from "node:fs";
import path from "node:path";
// harfbuzzjs comes with subset-font (it shapes and subsets with it); only this script uses it directly.
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";

const FONTS_DIR = path.dirname(new URL(import.meta.url).pathname);
const OUTPUT = path.resolve(FONTS_DIR, "../../components/wordmark-paths.ts");
const SOURCES = {
	latin: "unbounded-latin-wght-normal.woff2",
	cyrillic: "unbounded-cyrillic-wght-normal.woff2",
} as const;
const WORDS = { en: { text: "FORMA", source: "latin" }, ru: { text: "ФОРМА", source: "cyrillic" } } as const;
const WEIGHT = 600;
/** The header's `tracking-[-0.04em]`, in font units (1000 to the em). */
const TRACKING = -40;

async function fontFor(source: keyof typeof SOURCES): Promise<hb.Font> {
	const file = path.resolve(
		FONTS_DIR,
		"../../../node_modules/@fontsource-variable/unbounded/files",
		SOURCES[source],
	);
	// Cut to the two words and pinned at the weight: a plain TrueType font harfbuzz reads.
	const sfnt = await subsetFont(fs.readFileSync(file), "FORMAФОРМА", {
		targetFormat: "sfnt",
		variationAxes: { wght: WEIGHT },
	});
	return new hb.Font(new hb.Face(new hb.Blob(sfnt)));
}

interface Drawn {
	d: string;
	/** The ink's box in font units, y downwards: what the SVG's viewBox shows. */
	box: { x: number; y: number; width: number; height: number };
}

function draw(font: hb.Font, text: string): Drawn {
	const buffer = new hb.Buffer();
	buffer.addText(text);
	buffer.guessSegmentProperties();
	hb.shape(font, buffer);
	const positions = buffer.getGlyphPositions();
	let pen = 0;
	let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -Infinity, -Infinity];
	const parts: string[] = [];
	buffer.getGlyphInfos().forEach((info, index) => {
		const x0 = pen + (positions[index]?.xOffset ?? 0);
		for (const command of font.glyphToJson(info.codepoint)) {
			const values = command.values.map((value, at) => (at % 2 === 0 ? x0 + value : -value));
			for (let at = 0; at < values.length; at += 2) {
				left = Math.min(left, values[at] ?? left);
				right = Math.max(right, values[at] ?? right);
				top = Math.min(top, values[at + 1] ?? top);
				bottom = Math.max(bottom, values[at + 1] ?? bottom);
			}
			parts.push(`${command.type}${values.map((value) => Math.round(value)).join(" ")}`);
		}
		pen += (positions[index]?.xAdvance ?? 0) + TRACKING;
	});
	const box = {
		x: Math.floor(left),
		y: Math.floor(top),
		width: Math.ceil(right) - Math.floor(left),
		height: Math.ceil(bottom) - Math.floor(top),
	};
	return { d: parts.join(""), box };
}

const drawn: Record<string, Drawn> = {};
for (const [language, word] of Object.entries(WORDS))
	drawn[language] = draw(await fontFor(word.source), word.text);

fs.writeFileSync(
	OUTPUT,
	`/* Made by app/styles/fonts/make-wordmark.ts (npm run fonts:wordmark): do not edit by hand. */
/** The brand word in Unbounded SemiBold as one SVG path per language; the box is its ink, in 1/1000 em. */
export const WORDMARK_PATHS = ${JSON.stringify(drawn, null, "\t")} as const;
`,
);
console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}`);
