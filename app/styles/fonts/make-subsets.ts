/**
 * Makes the font subsets in this folder and their @font-face rules (faces.css) from @fontsource-variable's
 * files, as subsets.ts lists them: `npm run fonts:subset`. The output is committed; the unit test
 * (tests/unit/font-subsets.test.ts) makes it again in memory and fails if a file differs.
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import {
	type CodePointRange,
	FONT_FAMILIES,
	type FontFamily,
	type FontSubset,
	subsetFileName,
	unicodeRange,
} from "./subsets";

export const FONTS_DIR = path.dirname(new URL(import.meta.url).pathname);
export const FACES_FILE = "faces.css";

function sourceFile(family: FontFamily, subset: FontSubset): string {
	return path.resolve(
		FONTS_DIR,
		`../../../node_modules/@fontsource-variable/${family.package}/files/${family.package}-${subset.source}-wght-normal.woff2`,
	);
}

function characters(ranges: readonly CodePointRange[]): string {
	let text = "";
	for (const [from, to] of ranges)
		for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
	return text;
}

function face(family: FontFamily, subset: FontSubset): string {
	return [
		"@font-face {",
		`\tfont-family: "${family.family}";`,
		"\tfont-style: normal;",
		"\tfont-display: optional;",
		`\tfont-weight: ${family.weights[0]} ${family.weights[1]};`,
		`\tsrc: url("./${subsetFileName(family, subset)}") format("woff2-variations");`,
		`\tunicode-range: ${unicodeRange(subset.ranges)};`,
		"}",
	].join("\n");
}

/** Every file this folder should hold, by name: the subsets and faces.css. */
export async function makeSubsets(): Promise<Map<string, Buffer>> {
	const files = new Map<string, Buffer>();
	const faces: string[] = [
		"/* Made by make-subsets.ts from subsets.ts (npm run fonts:subset): do not edit by hand. */",
	];
	for (const family of FONT_FAMILIES) {
		for (const subset of family.subsets) {
			const font = await subsetFont(fs.readFileSync(sourceFile(family, subset)), characters(subset.ranges), {
				targetFormat: "woff2",
				variationAxes: { wght: { min: family.weights[0], max: family.weights[1] } },
			});
			files.set(subsetFileName(family, subset), font);
			faces.push(face(family, subset));
		}
	}
	files.set(FACES_FILE, Buffer.from(`${faces.join("\n")}\n`));
	return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
	for (const [name, content] of await makeSubsets()) {
		fs.writeFileSync(path.join(FONTS_DIR, name), content);
		console.log(`${name}: ${content.byteLength} bytes`);
	}
}
