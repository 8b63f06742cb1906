/**
 * The catalogue search beyond its relevance table (issue #34): the index follows every save in the save's
 * own transaction, filters and pages and counts agree, the shop notes the searches that found nothing (and
 * nothing about who made them), and suggestions come from their endpoint. On SQLite and on Postgres.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { reindexAll, syncSearchIndex } from "~/lib/search/documents.server";
import { getArtistById, updateArtist } from "~/models/artists.server";
import { EditConflictError } from "~/models/edit-conflicts.server";
import {
	createProject,
	deleteProject,
	getProjectById,
	type ProjectFields,
	updateProject,
} from "~/models/projects.server";
import { listSearchMisses, searchCataloguePage } from "~/models/search.server";
import { loader as suggestionsLoader } from "~/routes/resources.search";
import { loader as shopLoader } from "~/routes/shop/route";
import { parseShopQuery } from "~/routes/shop/shop-data.server";
import { getRequest } from "../support/requests";

const FIELDS: ProjectFields = {
	name: "Quill Walnut Desk",
	artist_id: "owl",
	category: "furniture",
	price: 70000,
	link: null,
	description_en: "A writing desk in oiled walnut with one shallow drawer.",
	description_ru: "Письменный стол из ореха с одним неглубоким ящиком.",
	status: "published",
	featured: 0,
	featured_order: 0,
	availability: "available",
	dimensions: "120 × 60 × 75",
	materials_en: "Walnut",
	materials_ru: "Орех",
	year: 2026,
	edition_size: null,
};

async function ids(query: string, options: Partial<Parameters<typeof searchCataloguePage>[0]> = {}) {
	return (await searchCataloguePage({ query, pageSize: 100, ...options })).projects.map(
		(project) => project.id,
	);
}

async function add(id: string, fields: Partial<ProjectFields> = {}) {
	return createProject({ id, fields: { ...FIELDS, ...fields }, image: null, gallery: [] });
}

/** What loaders return as data (Remix's data() is { data, init }). */
function dataOf<T>(result: unknown): T {
	return (result as { data: T }).data;
}

describe("the index follows every save", () => {
	it("finds a published piece the moment it is added, never a draft, and forgets one that is unpublished", async () => {
		await add("quill-desk");
		await add("quill-draft", { name: "Quill Cedar Desk", status: "draft" });
		expect(await ids("quill")).toEqual(["quill-desk"]);
		expect(await ids("орех")).toContain("quill-desk");

		const project = await getProjectById("quill-desk");
		await updateProject({
			id: "quill-desk",
			newId: "quill-desk",
			fields: { ...FIELDS, status: "draft" },
			gallery: [],
			version: project?.version,
		});
		expect(await ids("quill")).toEqual([]);
	});

	it("finds a piece by its new words after an edit, and under its new id after a move", async () => {
		await add("quill-desk");
		await updateProject({
			id: "quill-desk",
			newId: "heron-desk",
			fields: { ...FIELDS, name: "Heron Walnut Desk" },
			gallery: [],
		});
		expect(await ids("quill")).toEqual([]);
		expect(await ids("heron")).toEqual(["heron-desk"]);
	});

	it("forgets a deleted piece", async () => {
		await add("quill-desk");
		await deleteProject("quill-desk");
		expect(await ids("quill")).toEqual([]);
		const left = await db
			.selectFrom("search_documents")
			.select("id")
			.where("project_id", "=", "quill-desk")
			.execute();
		expect(left).toEqual([]);
	});

	it("keeps the index as it was when a save is refused (its transaction undone)", async () => {
		const created = await add("quill-desk");
		await expect(
			updateProject({
				id: "quill-desk",
				newId: "quill-desk",
				fields: { ...FIELDS, name: "Heron Walnut Desk" },
				gallery: [],
				version: created.version + 5,
			}),
		).rejects.toBeInstanceOf(EditConflictError);
		expect(await ids("heron")).toEqual([]);
		expect(await ids("quill")).toEqual(["quill-desk"]);
	});

	it("finds every work of an artist by their new name after a rename, and no more by the old one", async () => {
		const artist = await getArtistById("corpus-studio");
		if (!artist) throw new Error("the seed has Corpus Studio");
		const { description_en, description_ru, city_en, city_ru, website, sort_order } = artist;
		await updateArtist(
			"corpus-studio",
			{ description_en, description_ru, city_en, city_ru, website, sort_order, name: "Halden Workshop" },
			undefined,
		);
		const works = ["arc-lounge-chair", "slab-oak-dining-table", "dune-ceramic-set"];
		expect(new Set(await ids("halden"))).toEqual(new Set(works));
		expect(await ids("corpus")).toEqual([]);
	});

	it("the setup indexes what a script wrote straight into the tables, and drops what it unpublished", async () => {
		const now = new Date().toISOString();
		await db
			.insertInto("projects")
			.values({
				id: "imported-stool",
				name: "Imported Larch Stool",
				artist_id: "owl",
				created_at: now,
				updated_at: now,
			})
			.execute();
		await db.updateTable("projects").set({ status: "draft" }).where("id", "=", "nido-stool").execute();
		expect(await ids("larch")).toEqual([]);
		expect(await syncSearchIndex(db)).toBe("synced");
		expect(await ids("larch")).toEqual(["imported-stool"]);
		expect(await ids("табурет")).not.toContain("nido-stool");
	});

	it("a full rebuild answers as the index kept save by save did", async () => {
		await add("quill-desk");
		const queries = ["oak chair", "корпус", "quill", "шерсть", "rhtckj"];
		const before = await Promise.all(queries.map((query) => ids(query)));
		await db.transaction().execute((trx) => reindexAll(trx));
		expect(await Promise.all(queries.map((query) => ids(query)))).toEqual(before);
	});
});

describe("filters, order, pages and counts with a query", () => {
	it("counts per category and designer agree with what each filter then shows", async () => {
		const all = await searchCataloguePage({ query: "steel", pageSize: 100, facets: true });
		expect(all.total).toBeGreaterThan(2);
		const categories = [...(all.categories ?? new Map())];
		const artists = [...(all.artists ?? new Map())];
		expect(categories.length).toBeGreaterThan(1);
		expect(categories.reduce((sum, [, count]) => sum + count, 0)).toBe(all.total);
		for (const [category, count] of categories) {
			const filtered = await searchCataloguePage({ query: "steel", category, pageSize: 100 });
			expect(filtered.total, category).toBe(count);
			expect(filtered.projects.every((project) => project.category === category)).toBe(true);
		}
		for (const [artistId, count] of artists) {
			const filtered = await searchCataloguePage({ query: "steel", artistId, pageSize: 100 });
			expect(filtered.total, artistId).toBe(count);
		}
	});

	it("pages continue the ranking without repeats or gaps", async () => {
		const whole = await ids("steel");
		const paged: string[] = [];
		for (let page = 1; page <= Math.ceil(whole.length / 2); page++) {
			const result = await searchCataloguePage({ query: "steel", pageSize: 2, page });
			expect(result.pageCount).toBe(Math.ceil(whole.length / 2));
			paged.push(...result.projects.map((project) => project.id));
		}
		expect(paged).toEqual(whole);
		// A page past the end shows the last one.
		const past = await searchCataloguePage({ query: "steel", pageSize: 2, page: 99 });
		expect(past.page).toBe(past.pageCount);
	});

	it("orders by price on request: priced pieces up, then the ones on request", async () => {
		const result = await searchCataloguePage({ query: "steel", pageSize: 100, order: "price-asc" });
		const prices = result.projects.map((project) => project.price);
		const priced = prices.filter((price) => price > 0);
		expect(priced).toEqual([...priced].sort((a, b) => a - b));
		expect(prices.slice(priced.length).every((price) => price === 0)).toBe(true);
	});

	it("puts available pieces before reserved ones before sold ones among equal matches", async () => {
		// Added in the order that newest-first alone would turn round.
		await add("quill-available", { availability: "available" });
		await add("quill-reserved", { availability: "reserved" });
		await add("quill-sold", { availability: "sold" });
		expect(await ids("quill")).toEqual(["quill-available", "quill-reserved", "quill-sold"]);
	});
});

describe("the shop page with a query", () => {
	it("notes a search that found nothing each time it is made, uncached, and never a contact detail", async () => {
		for (let visit = 0; visit < 2; visit++) {
			const result = await shopLoader({
				request: getRequest("/shop?q=Zzqxj++Vase"),
				params: {},
				context: {},
			});
			expect((result as { init?: ResponseInit }).init?.headers).toMatchObject({
				"Cache-Control": "no-store",
			});
		}
		for (const query of ["anna@example.com", "+7 916 123-45-67"])
			await shopLoader({
				request: getRequest(`/shop?${new URLSearchParams({ q: query })}`),
				params: {},
				context: {},
			});
		// Found elsewhere: a filter that left nothing is no miss.
		await shopLoader({ request: getRequest("/shop?q=oak&category=clothing"), params: {}, context: {} });
		const misses = await listSearchMisses();
		expect(misses.rows.map((row) => ({ query: row.query, count: row.count }))).toEqual([
			{ query: "zzqxj vase", count: 2 },
		]);
	});

	it("shows the correction's pieces with a “Did you mean”, and an empty search the categories there are", async () => {
		const corrected = dataOf<{ correction: string; projects: Array<{ id: string }> }>(
			await shopLoader({ request: getRequest("/shop?q=rhtckj"), params: {}, context: {} }),
		);
		expect(corrected.correction).toBe("кресло");
		expect(corrected.projects.map((project) => project.id)).toEqual(["arc-lounge-chair"]);
		const empty = dataOf<{ paging: { total: number }; categories: Array<{ id: string }> }>(
			await shopLoader({ request: getRequest("/shop?q=zzqxj"), params: {}, context: {} }),
		);
		expect(empty.paging.total).toBe(0);
		expect(empty.categories.map((category) => category.id)).toContain("furniture");
	});

	it("orders a query by best match unless told otherwise; best match means nothing without one", () => {
		expect(parseShopQuery(new URLSearchParams("q=oak")).sort).toBe("relevance");
		expect(parseShopQuery(new URLSearchParams("q=oak&sort=price-asc")).sort).toBe("price-asc");
		expect(parseShopQuery(new URLSearchParams("sort=relevance")).sort).toBe("newest");
	});
});

describe("suggestions as a visitor types", () => {
	async function suggestions(q: string) {
		const response = (await suggestionsLoader({
			request: getRequest(`/resources/search?${new URLSearchParams({ q })}`),
			params: {},
			context: {},
		})) as Response;
		expect(response.headers.get("Content-Type")).toMatch(/json/);
		return (await response.json()) as {
			pieces: Array<{ id: string; href: string }>;
			artists: Array<{ id: string }>;
		};
	}

	it("suggestion flooding: one address asking past 300 a minute gets 429, another is still answered", async () => {
		const ask = (address: string) =>
			suggestionsLoader({
				request: new Request("http://localhost/resources/search?q=oak", {
					headers: { "X-Forwarded-For": address },
				}),
				params: {},
				context: {},
			}) as Promise<Response>;
		const answers = [];
		for (let i = 0; i < 300; i += 1) answers.push((await ask("198.51.100.77")).status);
		expect(answers.every((status) => status === 200)).toBe(true);
		const refused = await ask("198.51.100.77");
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
		expect((await ask("198.51.100.78")).status).toBe(200);
	});

	it("suggests pieces and artists for an unfinished word, in either alphabet and on either layout", async () => {
		expect((await suggestions("кре")).pieces.map((piece) => piece.id)).toContain("arc-lounge-chair");
		expect((await suggestions("rhtc")).pieces.map((piece) => piece.id)).toEqual(["arc-lounge-chair"]);
		const corpus = await suggestions("corp");
		expect(corpus.artists.map((artist) => artist.id)).toEqual(["corpus-studio"]);
		expect(corpus.pieces[0]?.href).toMatch(/^\/project\//);
		expect((await suggestions("маск")).artists.map((artist) => artist.id)).toEqual(["masquespacio"]);
	});

	it("suggests nothing for a single letter", async () => {
		expect(await suggestions("a")).toMatchObject({ pieces: [], artists: [] });
	});
});
