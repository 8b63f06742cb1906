/**
 * Makes the font subsets in this folder and their @font-face rules (faces.css) from @fontsource-variable's
 * files, as subsets.ts lists them: `npm run fonts:subset`. The output is committed with a lock file
 * (subsets-lock.json): the hash of everything that decides the output and the hash of each file made. The
 * unit test (tests/unit/font-subsets.test.ts) fails when either no longer matches: subsets.ts or the
 * source fonts changed without a new run, or a file was edited by hand. (Making the files again takes
 * the test 15 s; the hashes, milliseconds.)
 */
import { createHash } from "node:crypto";
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
export const LOCK_FILE = "subsets-lock.json";

export interface SubsetsLock {
	/** sha256 of subsets.ts, this file, subset-font's version and every source font read. */
	inputs: string;
	/** sha256 of each file made, by name. */
	files: Record<string, string>;
}

export const sha256 = (content: Buffer | string) => createHash("sha256").update(content).digest("hex");

/** The hash of everything that decides what makeSubsets makes. */
export function inputsHash(): string {
	const hash = createHash("sha256");
	const subsetFontPackage = path.resolve(FONTS_DIR, "../../../node_modules/subset-font/package.json");
	for (const file of [path.join(FONTS_DIR, "subsets.ts"), path.join(FONTS_DIR, "make-subsets.ts")]) {
		hash.update(fs.readFileSync(file));
	}
	hash.update(String(JSON.parse(fs.readFileSync(subsetFontPackage, "utf8")).version));
	for (const family of FONT_FAMILIES) {
		for (const subset of family.subsets) hash.update(fs.readFileSync(sourceFile(family, subset)));
	}
	return hash.digest("hex");
}

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
	const lock: SubsetsLock = { inputs: inputsHash(), files: {} };
	for (const [name, content] of await makeSubsets()) {
		fs.writeFileSync(path.join(FONTS_DIR, name), content);
		lock.files[name] = sha256(content);
		console.log(`${name}: ${content.byteLength} bytes`);
	}
	fs.writeFileSync(path.join(FONTS_DIR, LOCK_FILE), `${JSON.stringify(lock, null, "\t")}\n`);
}
