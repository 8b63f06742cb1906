import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seedPicturesDir } from "~db/seed/seed";
import { seedArtists, seedProjects, seedSlides } from "~db/seed/seed-data";

/**
 * The seed's pictures are files (docs/decisions/0026-seed-pictures-are-files.md): what the seed reads is
 * there, for every piece, artist and slide, and is a picture of the size the pages were designed for.
 */
const dir = seedPicturesDir();

/** Every picture the seed stores, as its path under db/seed/pictures and the size it has. */
const expected = [
	...seedProjects.flatMap((project) => [
		{ file: `projects/${project.id}.svg`, size: [1200, 900] },
		...project.gallery.map((_, index) => ({
			file: `gallery/${project.id}-${index + 1}.svg`,
			size: [1200, 900],
		})),
	]),
	...seedArtists.map((artist) => ({ file: `artists/${artist.id}.svg`, size: [800, 800] })),
	...seedSlides.map((slide) => ({ file: `slides/${slide.category}.svg`, size: [1920, 1080] })),
];

describe("seed pictures", () => {
	it("give every seed piece 2–3 gallery views, each with its own English and Russian alt text", () => {
		for (const project of seedProjects) {
			expect(project.gallery.length, project.id).toBeGreaterThanOrEqual(2);
			expect(project.gallery.length, project.id).toBeLessThanOrEqual(3);
			for (const view of project.gallery) {
				expect(view.altEn.trim(), project.id).not.toBe("");
				expect(view.altRu, project.id).toMatch(/[а-яё]/i);
			}
			expect(new Set(project.gallery.map((view) => view.altEn)).size).toBe(project.gallery.length);
			expect(new Set(project.gallery.map((view) => view.altRu)).size).toBe(project.gallery.length);
		}
	});

	it("are exactly the files the seed reads: a cover and its views per piece, one per artist and slide", () => {
		const present = fs
			.readdirSync(dir, { recursive: true, encoding: "utf8" })
			.filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
			.map((entry) => entry.split(path.sep).join("/"));
		expect(present.sort()).toEqual(expected.map(({ file }) => file).sort());
	});

	it("are all different pictures", () => {
		const contents = expected.map(({ file }) => fs.readFileSync(path.join(dir, file), "utf8"));
		expect(new Set(contents).size).toBe(expected.length);
	});

	it("are SVG documents that the image pipeline reads, at the size the pages expect", async () => {
		for (const { file, size } of expected) {
			const svg = fs.readFileSync(path.join(dir, file));
			expect(svg.toString("utf8"), file).toMatch(
				/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\n$/,
			);
			const { format, width, height } = await sharp(svg).metadata();
			expect([format, width, height], file).toEqual(["svg", ...size]);
		}
	});
});
