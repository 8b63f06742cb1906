import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { projectArtViews, renderArtistArt, renderProjectArt } from "../../db/seed/art";
import { seedArtists, seedProjects } from "../../db/seed/seed-data";

/** The seed's pictures: every piece and artist is drawn, the same way every time, and each piece its own way. */
describe("seed art", () => {
	it("gives every seed project a cover and 2–3 gallery views, each with its own English and Russian alt text", () => {
		for (const project of seedProjects) {
			const views = projectArtViews(project.id);
			expect(views.length, project.id).toBeGreaterThanOrEqual(3);
			expect(views.length, project.id).toBeLessThanOrEqual(4);
			expect(views[0]?.kind).toBe("cover");
			for (const view of views) {
				expect(view.altEn.trim(), project.id).not.toBe("");
				expect(view.altRu.trim(), project.id).not.toBe("");
				expect(view.altRu, project.id).toMatch(/[а-яё]/i);
			}
			expect(new Set(views.map((view) => view.altEn)).size).toBe(views.length);
			expect(new Set(views.map((view) => view.altRu)).size).toBe(views.length);
		}
	});

	it("throws for a project it does not know", () => {
		expect(() => projectArtViews("no-such-piece")).toThrow(/no-such-piece/);
		expect(() => renderProjectArt("arc-lounge-chair", 9, 1200, 900)).toThrow();
	});

	it("draws the same SVG for the same inputs", () => {
		expect(renderProjectArt("ripple-glass-vase", 0, 1200, 900)).toBe(
			renderProjectArt("ripple-glass-vase", 0, 1200, 900),
		);
		expect(renderArtistArt("owl", 800, 800)).toBe(renderArtistArt("owl", 800, 800));
	});

	it("draws a different cover for every piece, and different views of one piece", () => {
		const covers = seedProjects.map((project) => renderProjectArt(project.id, 0, 600, 450));
		expect(new Set(covers).size).toBe(seedProjects.length);
		const views = projectArtViews("terra-modular-sofa").map((_, index) =>
			renderProjectArt("terra-modular-sofa", index, 600, 450),
		);
		expect(new Set(views).size).toBe(views.length);
	});

	it("renders every view and every artist to a picture of the asked size", async () => {
		const jobs = seedProjects.flatMap((project) =>
			projectArtViews(project.id).map((_, index) => renderProjectArt(project.id, index, 320, 240)),
		);
		for (const svg of jobs) {
			const { width, height } = await sharp(Buffer.from(svg))
				.png()
				.toBuffer({ resolveWithObject: true })
				.then((r) => r.info);
			expect([width, height]).toEqual([320, 240]);
		}
		for (const artist of seedArtists) {
			const info = (
				await sharp(Buffer.from(renderArtistArt(artist.id, 200, 200)))
					.png()
					.toBuffer({ resolveWithObject: true })
			).info;
			expect([info.width, info.height]).toEqual([200, 200]);
		}
	}, 60_000);
});
