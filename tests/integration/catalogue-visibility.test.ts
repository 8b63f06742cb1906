/**
 * Who sees what in the catalogue (issue #12, decision 0014): drafts stay out of every public list, the
 * Featured block follows the admins' choice, counts and filters agree on the artist id, and a piece with
 * only gallery pictures still has a cover.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import {
	getArtistById,
	listArtistsWithWorkCount,
	listShopDesigners,
	updateArtist,
} from "~/models/artists.server";
import { listFavouriteProjects, setFavourite } from "~/models/favourites.server";
import {
	type CatalogueFilter,
	countPublishedProjects,
	getProjectById,
	listFeaturedProjects,
	listProjectsByArtist,
	listPublishedForSitemap,
	listPublishedPage,
} from "~/models/projects.server";
import { searchCataloguePage } from "~/models/search.server";
import { createUser } from "~/models/users.server";

const DRAFT = "block-cabinet";

/** Every piece a public list would show for a filter (the seed fits one page of 100), and their count. */
async function searchProjects(filter: CatalogueFilter) {
	return {
		projects: await listPublishedPage(filter, { offset: 0, limit: 100 }),
		total: await countPublishedProjects(filter),
	};
}

async function makeDraft(id: string) {
	await db.updateTable("projects").set({ status: "draft" }).where("id", "=", id).execute();
}

describe("drafts", () => {
	it("are left out of every public list and lookup, and still open for the admin's screens", async () => {
		await makeDraft(DRAFT);
		const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

		expect(await getProjectById(DRAFT)).toBeUndefined();
		expect((await getProjectById(DRAFT, { includeDrafts: true }))?.status).toBe("draft");
		expect(ids((await searchProjects({ categories: ["furniture"] })).projects)).not.toContain(DRAFT);
		expect(ids(await listProjectsByArtist("owl"))).not.toContain(DRAFT);
		expect(ids(await listPublishedForSitemap({ id: "", inclusive: true }, 100))).not.toContain(DRAFT);
		expect(ids((await searchCataloguePage({ query: "Block Cabinet", pageSize: 24 })).projects)).toEqual([]);
		expect(ids(await listFeaturedProjects(20))).not.toContain(DRAFT);
		// OWL had two works; its count and the shop filter now agree that one is public.
		const owl = (await listArtistsWithWorkCount()).find((artist) => artist.id === "owl");
		expect(owl?.work_count).toBe((await listProjectsByArtist("owl")).length);
		expect(owl?.work_count).toBe(1);
	});

	it("cannot be made a favourite, and drop out of favourites when a published piece becomes a draft", async () => {
		const user = await createUser({
			username: "fan",
			email: "fan@example.com",
			phone: null,
			password: "a-long-password",
		});
		expect(await setFavourite(user.id, "loop-bench", true)).toBe(true);
		expect(await setFavourite(user.id, DRAFT, true)).toBe(true);
		await makeDraft(DRAFT);
		expect(await setFavourite(user.id, DRAFT, true)).toBe(false);
		expect((await listFavouriteProjects(user.id)).map((row) => row.id)).toEqual(["loop-bench"]);
	});
});

describe("the Featured block", () => {
	it("shows the pieces admins marked, in their order, and falls back to the newest when none are marked", async () => {
		const marked = await db
			.selectFrom("projects")
			.select("id")
			.where("featured", "=", 1)
			.orderBy("featured_order")
			.execute();
		expect(marked.length).toBeGreaterThan(0);
		expect((await listFeaturedProjects(6)).map((row) => row.id)).toEqual(
			marked.map((row) => row.id).slice(0, 6),
		);

		await db.updateTable("projects").set({ featured: 0 }).execute();
		const newest = await db
			.selectFrom("projects")
			.select("id")
			.where("status", "=", "published")
			.orderBy("created_at", "desc")
			.limit(6)
			.execute();
		expect((await listFeaturedProjects(6)).map((row) => row.id)).toEqual(newest.map((row) => row.id));
	});
});

describe("artists", () => {
	it("the shop's designer filter lists each artist once, by id, and only artists with public works", async () => {
		const options = await listShopDesigners(100);
		expect(new Set(options.map((artist) => artist.name.toLowerCase())).size).toBe(options.length);
		for (const artist of options) {
			const found = await searchProjects({ artistId: artist.id });
			expect(found.total).toBe((await listProjectsByArtist(artist.id)).length);
			expect(found.projects.every((row) => row.artist_id === artist.id)).toBe(true);
		}
	});

	it("renaming an artist renames the designer on every project of theirs, and finds them by it", async () => {
		const artist = await getArtistById("bureau-nord");
		if (!artist) throw new Error("the seed has Bureau Nord");
		const { description_en, description_ru, city_en, city_ru, website, sort_order } = artist;
		const fields = { description_en, description_ru, city_en, city_ru, website, sort_order };
		await updateArtist("bureau-nord", { ...fields, name: "Bureau Nord Studio" }, undefined);
		const works = await listProjectsByArtist("bureau-nord");
		expect(works.length).toBeGreaterThan(0);
		expect(new Set(works.map((row) => row.designer))).toEqual(new Set(["Bureau Nord Studio"]));
		expect((await searchCataloguePage({ query: "nord studio", pageSize: 24 })).total).toBe(works.length);
	});
});

describe("covers", () => {
	it("a piece without a main image shows its first gallery picture as the cover", async () => {
		await db.deleteFrom("project_images").where("project_id", "=", "loop-bench").execute();
		await db
			.updateTable("projects")
			.set({ image: null, image_width: null, image_height: null })
			.where("id", "=", "loop-bench")
			.execute();
		expect((await getProjectById("loop-bench"))?.cover).toBeNull();
		await db
			.insertInto("project_images")
			.values([
				{
					project_id: "loop-bench",
					image_url: "projects/second.jpg",
					image_width: 800,
					image_height: 600,
					sort_order: 2,
				},
				{
					project_id: "loop-bench",
					image_url: "projects/first.jpg",
					image_width: 1200,
					image_height: 900,
					sort_order: 1,
				},
			])
			.execute();
		const project = await getProjectById("loop-bench");
		expect([project?.cover, project?.cover_width, project?.cover_height]).toEqual([
			"projects/first.jpg",
			1200,
			900,
		]);
	});
});
