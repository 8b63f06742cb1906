/**
 * The shop's filters of issue #35, through its loader: available pieces first in every order (a sold piece
 * never heads "cheapest first"), "available only", a price range, a collection, each with the count of the
 * list shown, with and without a search; sold pieces out of Featured and "you may also like"; no empty
 * category offered. On SQLite and on Postgres (the plans: catalogue-indexes.test.ts).
 */
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import type { PageInfo } from "~/lib/paging";
import {
	createProject,
	listFeaturedProjects,
	listRelatedProjects,
	type ProjectFields,
} from "~/models/projects.server";
import { loader as shopLoader } from "~/routes/shop/route";
import { parseShopQuery } from "~/routes/shop/shop-data.server";
import { getRequest } from "../support/requests";

interface ShopData {
	projects: Array<{ id: string; price: number; availability: string }>;
	paging: PageInfo;
	filterCategories: string[];
}

async function shop(query: string): Promise<ShopData> {
	const result = await shopLoader({ request: getRequest(`/shop?${query}`), params: {}, context: {} });
	return (result as { data: ShopData }).data;
}

const FIELDS: ProjectFields = {
	name: "Penny Lamp",
	artist_id: "owl",
	category: "design",
	price: 1,
	link: null,
	description_en: "A tiny brass lamp.",
	description_ru: "Крошечная латунная лампа.",
	status: "published",
	featured: 1,
	featured_order: 0,
	availability: "sold",
	dimensions: "",
	materials_en: "",
	materials_ru: "",
	year: null,
	edition_size: null,
};

/** The cheapest piece in the catalogue, featured first, and sold. */
async function addSoldPenny() {
	await createProject({ id: "penny-lamp", fields: FIELDS, image: null, gallery: [] });
}

const RANK: Record<string, number> = { available: 0, reserved: 1, sold: 2 };

async function publishedCount(where: (row: { price: number; availability: string }) => boolean) {
	const rows = await db
		.selectFrom("projects")
		.select(["price", "availability"])
		.where("status", "=", "published")
		.execute();
	return rows.filter(where).length;
}

describe("the shop's order", () => {
	it.each(["", "sort=price-asc", "sort=price-desc", "q=lamp&sort=price-asc", "q=lamp"])(
		"puts available pieces first, then reserved, then sold (%s)",
		async (query) => {
			await addSoldPenny();
			const { projects } = await shop(query);
			expect(projects.length).toBeGreaterThan(1);
			const ranks = projects.map((project) => RANK[project.availability] ?? 0);
			expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
			expect(projects[0]?.id).not.toBe("penny-lamp");
		},
	);
});

describe("the shop's filters", () => {
	it("available only: no sold or reserved piece, and the count of the list shown", async () => {
		await addSoldPenny();
		for (const query of ["available=1", "available=1&sort=price-asc", "available=1&q=lamp"]) {
			const { projects, paging } = await shop(query);
			expect(
				projects.every((project) => project.availability === "available"),
				query,
			).toBe(true);
			if (!query.includes("q=")) {
				expect(paging.total, query).toBe(await publishedCount((row) => row.availability === "available"));
				expect(projects).toHaveLength(paging.total);
			}
		}
	});

	it("a price range holds priced pieces within it, counted honestly, with or without words", async () => {
		const { projects, paging } = await shop("min=10000&max=50000&sort=price-asc");
		expect(projects.length).toBeGreaterThan(0);
		expect(projects.every((project) => project.price >= 10_000 && project.price <= 50_000)).toBe(true);
		expect(paging.total).toBe(await publishedCount((row) => row.price >= 10_000 && row.price <= 50_000));
		// "Up to" leaves out the pieces without a price ("Price on request" is no price of 0).
		const upTo = await shop("max=50000");
		expect(upTo.projects.some((project) => project.price === 0)).toBe(false);
		expect(upTo.paging.total).toBe(await publishedCount((row) => row.price > 0 && row.price <= 50_000));
		// Typed the way people write prices, or the wrong way round.
		expect(parseShopQuery(new URLSearchParams("min=50 000&max=10 000"))).toMatchObject({
			min: 10_000,
			max: 50_000,
		});
		expect(parseShopQuery(new URLSearchParams("min=abc&max=-5"))).toMatchObject({ min: null, max: null });
		const searched = await shop("q=oak&max=50000");
		expect(searched.projects.every((project) => project.price > 0 && project.price <= 50_000)).toBe(true);
		expect(searched.paging.total).toBe(searched.projects.length);
		const all = await shop("q=oak");
		expect(searched.paging.total).toBeLessThan(all.paging.total);
	});

	it("a collection holds the pieces tagged with it", async () => {
		const { projects, paging } = await shop("category=art&collection=prints");
		expect(projects.map((project) => project.id)).toEqual(["quiet-grid-poster"]);
		expect(paging.total).toBe(1);
		expect((await shop("collection=prints&q=poster")).projects.map((project) => project.id)).toEqual([
			"quiet-grid-poster",
		]);
		expect((await shop("collection=prints&q=relief")).paging.total).toBe(0);
	});

	it("offers only the categories that have pieces (and the one chosen)", async () => {
		expect((await shop("")).filterCategories).not.toContain("uncategorized");
		expect((await shop("category=uncategorized")).filterCategories).toContain("uncategorized");
		await db
			.updateTable("projects")
			.set({ category: "uncategorized" })
			.where("id", "=", "loop-bench")
			.execute();
		expect((await shop("")).filterCategories).toContain("uncategorized");
	});
});

describe("blocks that offer pieces", () => {
	it("Featured and “you may also like” leave sold pieces out", async () => {
		await addSoldPenny();
		expect((await listFeaturedProjects(6)).map((project) => project.id)).not.toContain("penny-lamp");
		await db.updateTable("projects").set({ availability: "sold" }).execute();
		// Every featured piece sold: the newest unsold ones, and here there are none.
		expect(await listFeaturedProjects(6)).toEqual([]);
		expect(
			await listRelatedProjects({ id: "ripple-glass-vase", category: "design", artist_id: "carmworks" }, 4),
		).toEqual([]);
	});
});
