import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { preloadedFonts } from "~/lib/fonts";
import { formatPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { serverResources } from "~/lib/locale-resources.server";
import { typesetWritten } from "~/lib/typography.server";
import { FONTS_DIR, inputsHash, LOCK_FILE, type SubsetsLock, sha256 } from "~/styles/fonts/make-subsets";
import { type CodePointRange, FONT_FAMILIES, inRanges, subsetFileName } from "~/styles/fonts/subsets";
import { seedArtists, seedProjects, seedSlides } from "~db/seed/seed-data";

/** Every string in a tree of texts. */
function strings(tree: unknown): string[] {
	if (typeof tree === "string") return [tree];
	if (Array.isArray(tree)) return tree.flatMap(strings);
	if (tree && typeof tree === "object") return Object.values(tree).flatMap(strings);
	return [];
}

/**
 * What a public page in `language` prints: the interface texts, the seeded catalogue, prices. Not the
 * mail, not the admin screens (behind a sign-in, and their «№ 12» comes with the Cyrillic file), and not
 * the language menu's «Русский» on an English page (drawn when the menu opens).
 */
function printedTexts(language: Language): string[] {
	const { mail: _mail, admin: _admin, common, ...pages } = serverResources[language];
	const { language: languageMenu, ...commonTexts } = common;
	const otherLanguage = language === "en" ? "ru" : "en";
	const { [otherLanguage]: _otherName, ...menuTexts } = languageMenu;
	const suffix = language === "en" ? "En" : "Ru";
	const catalogue = [
		...seedArtists.flatMap((artist) => [
			artist.name,
			artist[`city${suffix}`],
			artist[`description${suffix}`],
		]),
		...seedProjects.flatMap((project) => [
			project.name,
			project[`description${suffix}`],
			project.facts.dimensions ?? "",
			project.facts[`materials${suffix}`] ?? "",
		]),
		...seedSlides.flatMap((slide) => [slide[`title${suffix}`], slide[`subtitle${suffix}`]]),
	].map((text) => typesetWritten(text, language));
	const prices = seedProjects.map((project) => formatPrice(project.price));
	return [...strings(pages), ...strings(commonTexts), ...strings(menuTexts), ...catalogue, ...prices];
}

/** The code points the body face draws from the files a page in `language` preloads. */
function preloadedRanges(language: Language): CodePointRange[] {
	const body = FONT_FAMILIES.find((family) => family.package === "manrope");
	return (body?.subsets ?? [])
		.filter((subset) => subset.preload === "always" || subset.preload === language)
		.flatMap((subset) => subset.ranges);
}

describe("font subsets", () => {
	it("are the files subsets.ts makes (run `npm run fonts:subset` after changing it)", () => {
		const lock = JSON.parse(fs.readFileSync(path.join(FONTS_DIR, LOCK_FILE), "utf8")) as SubsetsLock;
		// Made from today's subsets.ts, make-subsets.ts and source fonts…
		expect(lock.inputs, "subsets.ts or the source fonts changed: run `npm run fonts:subset`").toBe(
			inputsHash(),
		);
		// …and each file as it was made: the same names, not one edited by hand.
		const committed = fs.readdirSync(FONTS_DIR).filter((name) => /\.(woff2|css)$/.test(name));
		expect(committed.sort()).toEqual(Object.keys(lock.files).sort());
		for (const [name, hash] of Object.entries(lock.files)) {
			expect(sha256(fs.readFileSync(path.join(FONTS_DIR, name))), name).toBe(hash);
		}
	});

	it.each(["en", "ru"] as const)("preload a glyph for every character of the %s pages", (language) => {
		const ranges = preloadedRanges(language);
		const missing = new Set<string>();
		for (const text of printedTexts(language)) {
			for (const character of text) {
				const codePoint = character.codePointAt(0) ?? 0;
				if (codePoint >= 0x20 && !inRanges(codePoint, ranges)) {
					missing.add(`U+${codePoint.toString(16).toUpperCase()} ${character}`);
				}
			}
		}
		expect([...missing]).toEqual([]);
	});

	it.each(["en", "ru"] as const)("are preloaded in %s as subsets.ts marks them", (language) => {
		const marked = FONT_FAMILIES.flatMap((family) =>
			family.subsets
				.filter((subset) => subset.preload === "always" || subset.preload === language)
				.map((subset) => subsetFileName(family, subset)),
		);
		const preloaded = preloadedFonts(language).map((href) => path.basename(href).replace(/\?.*$/, ""));
		expect(preloaded.sort()).toEqual(marked.sort());
	});
});
