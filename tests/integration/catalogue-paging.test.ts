/**
 * Every public list a page at a time (issue #33, docs/decisions/0029): walking a list's pages shows each
 * of its pieces once and the count it states, a page past the end (or one that is no page) is a 404, and
 * the counts that triggers keep agree with the catalogue after any write. On a catalogue grown past one
 * page (tests/bench/grow-catalogue.ts), on SQLite and Postgres alike.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { CATALOGUE_PAGE_SIZE } from "~/lib/paging";
import { setFavourite } from "~/models/favourites.server";
import { createUser } from "~/models/users.server";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/$category/route";
import { loader as accountLoader } from "~/routes/account/route";
import { loader as artistLoader } from "~/routes/artist.$id/route";
import { loader as artistsLoader } from "~/routes/artists";
import { loader as shopLoader, meta as shopMeta } from "~/routes/shop/route";
import { startSession } from "~/services/auth.server";
import { growCatalogue } from "../bench/grow-catalogue";
import { startHttpSite } from "../support/http-site";
import { getRequest, settle } from "../support/requests";

/** Every public list's first key (issue #35). */
const RANK = { available: 0, reserved: 1, sold: 2 } as const;

/** The seed's 18 pieces grown to this many: several pages in every list the tests walk. */
const PIECES = 300;

interface ListData {
	projects?: Array<{ id: string }>;
	artists?: Array<{ id: string }>;
	paging: { page: number; pageCount: number; total: number; pageSize: number };
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

async function load(loader: Loader, path: string, params: Record<string, string> = {}, cookie?: string) {
	const result = await settle(() =>
		loader({ request: getRequest(path, cookie), params, context: {} as LoaderFunctionArgs["context"] }),
	);
	// A loader that sets headers answers data(value, init) ({ type, data, init }): the page reads its value.
	const wrapped = result as { type?: unknown; data?: unknown } | null;
	return wrapped?.type === "DataWithResponseInit" ? wrapped.data : result;
}

async function status(loader: Loader, path: string, params: Record<string, string> = {}, cookie?: string) {
	const result = await load(loader, path, params, cookie);
	return result instanceof Response ? result.status : 200;
}

/** Every page of a list, from ?page=1 until its last: the ids in order and what each page said. */
async function walk(loader: Loader, path: string, params: Record<string, string> = {}) {
	const ids: string[] = [];
	const pages: ListData[] = [];
	for (let page = 1; ; page++) {
		const separator = path.includes("?") ? "&" : "?";
		const data = (await load(
			loader,
			page === 1 ? path : `${path}${separator}page=${page}`,
			params,
		)) as ListData;
		pages.push(data);
		ids.push(...(data.projects ?? data.artists ?? []).map((item) => item.id));
		if (page >= data.paging.pageCount) break;
	}
	return { ids, pages };
}

async function publishedIds(where: { categories?: string[]; artistId?: string } = {}): Promise<string[]> {
	let query = db.selectFrom("projects").select("id").where("status", "=", "published");
	if (where.categories) query = query.where("category", "in", where.categories as never[]);
	if (where.artistId) query = query.where("artist_id", "=", where.artistId);
	return (await query.execute()).map((row) => row.id);
}

beforeEach(async () => {
	await growCatalogue(db, PIECES);
});

/** The production app over HTTP, its page cache included (for the pages anonymous visitors share). */
const site = await startHttpSite();

describe("a list's pages", () => {
	it.each([
		["/design", { category: "design" }, ["design", "furniture", "clothing"]],
		["/design?type=furniture", { category: "design" }, ["furniture"]],
		["/art", { category: "art" }, ["art"]],
	] as const)(
		"%s shows each published piece once, newest first, as many as it counts",
		async (path, params, categories) => {
			const { ids, pages } = await walk(categoryLoader, path, params);
			const expected = await publishedIds({ categories: [...categories] });
			expect(expected.length).toBeGreaterThan(CATALOGUE_PAGE_SIZE);
			expect(new Set(ids).size).toBe(ids.length);
			expect([...ids].sort()).toEqual([...expected].sort());
			for (const page of pages) expect(page.paging.total).toBe(expected.length);
			expect(pages).toHaveLength(Math.ceil(expected.length / CATALOGUE_PAGE_SIZE));
			for (const page of pages.slice(0, -1)) expect(page.projects).toHaveLength(CATALOGUE_PAGE_SIZE);

			// Available pieces first, then reserved, then sold (issue #35); newest first within each.
			const dates = await db
				.selectFrom("projects")
				.select(["id", "created_at", "availability"])
				.where("id", "in", ids)
				.execute();
			const created = new Map(
				dates.map((row) => [row.id, `${2 - RANK[row.availability]}|${row.created_at}`]),
			);
			const order = ids.map((id) => created.get(id) ?? "");
			expect(order).toEqual([...order].sort().reverse());
		},
	);

	it("an artist's works, the shop (filtered or not) and /artists agree with the catalogue too", async () => {
		const artist = await walk(artistLoader, "/artist/corpus-studio", { id: "corpus-studio" });
		expect([...artist.ids].sort()).toEqual((await publishedIds({ artistId: "corpus-studio" })).sort());

		const shop = await walk(shopLoader, "/shop?sort=price-desc");
		expect([...shop.ids].sort()).toEqual((await publishedIds()).sort());

		const filtered = await walk(shopLoader, "/shop?category=furniture&designer=owl&sort=price-asc");
		const owlFurniture = await db
			.selectFrom("projects")
			.select(["id", "price", "availability"])
			.where("status", "=", "published")
			.where("category", "=", "furniture")
			.where("artist_id", "=", "owl")
			.execute();
		expect([...filtered.ids].sort()).toEqual(owlFurniture.map((row) => row.id).sort());
		// Available pieces first (then reserved, then sold); within each, cheapest first and the pieces
		// without a price last.
		const row = new Map(owlFurniture.map((piece) => [piece.id, piece]));
		const keys = filtered.ids.map((id) => {
			const piece = row.get(id);
			return [RANK[piece?.availability ?? "available"], piece?.price || Number.POSITIVE_INFINITY] as const;
		});
		expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));

		const artists = await walk(artistsLoader, "/artists");
		const all = await db.selectFrom("artists").select("id").execute();
		expect([...artists.ids].sort()).toEqual(all.map((row) => row.id).sort());
		expect(artists.pages[0]?.paging.total).toBe(all.length);
	});
});

describe("an address that is no page of its list", () => {
	it("is a 404: past the end, page 0, a negative or written-out number", async () => {
		const art = (await load(categoryLoader, "/art", { category: "art" })) as ListData;
		const last = art.paging.pageCount;
		expect(await status(categoryLoader, `/art?page=${last}`, { category: "art" })).toBe(200);
		for (const page of [`${last + 1}`, "0", "-1", "2.0", "02", "x", ""]) {
			expect(await status(categoryLoader, `/art?page=${page}`, { category: "art" }), page).toBe(404);
		}
		expect(await status(shopLoader, "/shop?page=9999")).toBe(404);
		expect(await status(shopLoader, "/shop?q=zzzz-no-such-piece")).toBe(200);
		expect(await status(shopLoader, "/shop?q=zzzz-no-such-piece&page=2")).toBe(404);
		expect(await status(artistLoader, "/artist/owl?page=9999", { id: "owl" })).toBe(404);
		expect(await status(artistsLoader, "/artists?page=9999")).toBe(404);
	});

	it("is a 404 for a signed-in visitor's favourites and orders too", async () => {
		const user = await createUser({
			username: "collector",
			email: "collector@example.com",
			phone: null,
			password: "a-long-password",
		});
		const ids = (await publishedIds()).slice(0, CATALOGUE_PAGE_SIZE + 3);
		for (const id of ids) await setFavourite(user.id, id, true);
		const cookie = (await startSession(user.id)).split(";")[0] ?? "";

		const first = (await load(accountLoader, "/account", {}, cookie)) as {
			favourites: unknown[];
			favouritesPaging: ListData["paging"];
			ordersPaging: ListData["paging"];
		};
		expect(first.favourites).toHaveLength(CATALOGUE_PAGE_SIZE);
		expect(first.favouritesPaging).toMatchObject({ total: ids.length, pageCount: 2 });
		const second = (await load(accountLoader, "/account?favourites=2", {}, cookie)) as {
			favourites: unknown[];
		};
		expect(second.favourites).toHaveLength(3);
		expect(await status(accountLoader, "/account?favourites=3", {}, cookie)).toBe(404);
		// No orders: its one (empty) page exists, a second does not.
		expect(await status(accountLoader, "/account?orders=1", {}, cookie)).toBe(200);
		expect(await status(accountLoader, "/account?orders=2", {}, cookie)).toBe(404);
	});
});

describe("the counts", () => {
	async function countsNow() {
		const kept = await db
			.selectFrom("catalogue_counts")
			.select(["category", "artist_id", "published"])
			.execute();
		return new Map(
			kept
				.filter((row) => Number(row.published) !== 0)
				.map((row) => [`${row.category}|${row.artist_id}`, Number(row.published)]),
		);
	}

	async function countsRecounted() {
		const rows = await db
			.selectFrom("projects")
			.select(["category", "artist_id"])
			.where("status", "=", "published")
			.execute();
		const counts = new Map<string, number>();
		const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
		for (const row of rows) {
			add(`${row.category}|`);
			if (row.artist_id) {
				add(`|${row.artist_id}`);
				add(`${row.category}|${row.artist_id}`);
			}
		}
		return counts;
	}

	it("follow every write to the catalogue: added, published, moved, re-attributed, deleted", async () => {
		expect(await countsNow()).toEqual(await countsRecounted());

		await db.updateTable("projects").set({ status: "draft" }).where("category", "=", "art").execute();
		await db
			.updateTable("projects")
			.set({ category: "creative" })
			.where("category", "=", "branding")
			.where("artist_id", "=", "bureau-nord")
			.execute();
		await db.updateTable("projects").set({ artist_id: "owl" }).where("artist_id", "=", "carmworks").execute();
		await db.updateTable("projects").set({ price: 1 }).where("category", "=", "design").execute();
		await db.deleteFrom("projects").where("category", "=", "clothing").execute();
		await db.updateTable("projects").set({ status: "published" }).where("status", "=", "draft").execute();
		expect(await countsNow()).toEqual(await countsRecounted());

		// What the pages say is the same count.
		const art = (await load(categoryLoader, "/art", { category: "art" })) as ListData;
		expect(art.paging.total).toBe((await publishedIds({ categories: ["art"] })).length);
	});
});

describe("the page cache", () => {
	async function get(path: string): Promise<{ status: number; body: string }> {
		const response = await fetch(`${site.origin}${path}`);
		return { status: response.status, body: await response.text() };
	}

	it("keeps each page of a list apart: a second page is never the first one's copy", async () => {
		site.clearPageCache();
		await site.caughtUp();
		for (const list of ["/art", "/design?type=furniture", "/artist/owl", "/shop"]) {
			const first = await get(list);
			expect(first.status, list).toBe(200);
			expect(first.body.includes('rel="prev"'), `${list}: page 1 has no previous page`).toBe(false);
			const second = await get(`${list}${list.includes("?") ? "&" : "?"}page=2`);
			expect(second.status, list).toBe(200);
			expect(second.body.includes('rel="prev"'), `${list}?page=2 is page 2, not page 1's copy`).toBe(true);
		}
		// A page past the end stays a 404 after its list's first page was stored.
		expect((await get("/artists")).status).toBe(200);
		expect((await get("/artists?page=99")).status).toBe(404);
	});
	it("renders each request's own list: one visitor's page never reaches the next one's", async () => {
		// Rendered for each request (a cookie the page cache does not know), Russian first, then English.
		const render = async (path: string) =>
			(await fetch(`${site.origin}${path}`, { headers: { Cookie: "visitor=1" } })).text();
		expect((await render("/art?lng=ru")).includes("Настенный рельеф"), "the Russian page's cards").toBe(true);
		const english = await render("/art?lng=en");
		expect(english.includes("wall relief"), "the English page's own cards").toBe(true);
		expect(english.includes("Настенный рельеф"), "the Russian page's cards on the English page").toBe(false);
	});
});

describe("a page's address for search engines", () => {
	/** The canonical, prev and next links a route's meta gives its loader's data, for a Russian visitor. */
	async function links(
		routeMeta: typeof categoryMeta | typeof shopMeta,
		loader: Loader,
		path: string,
		params: Record<string, string> = {},
	) {
		const data = await load(loader, path, params);
		const matches = [{ id: "root", data: { language: "ru", origin: "https://forma.test" } }];
		const tags = (routeMeta as (args: unknown) => Array<Record<string, string>>)({ data, matches, params });
		const href = (rel: string) => tags.find((tag) => tag.tagName === "link" && tag.rel === rel)?.href ?? null;
		return { canonical: href("canonical"), prev: href("prev"), next: href("next") };
	}

	it("names the page in the canonical address, and its neighbours as prev and next", async () => {
		expect(await links(categoryMeta, categoryLoader, "/art", { category: "art" })).toEqual({
			canonical: "https://forma.test/art?lng=ru",
			prev: null,
			next: "https://forma.test/art?page=2&lng=ru",
		});
		expect(
			await links(categoryMeta, categoryLoader, "/design?type=furniture&page=2", { category: "design" }),
		).toEqual({
			canonical: "https://forma.test/design?type=furniture&page=2&lng=ru",
			prev: "https://forma.test/design?type=furniture&lng=ru",
			next: "https://forma.test/design?type=furniture&page=3&lng=ru",
		});
		const art = (await load(categoryLoader, "/art", { category: "art" })) as ListData;
		const last = art.paging.pageCount;
		expect(
			(await links(categoryMeta, categoryLoader, `/art?page=${last}`, { category: "art" })).next,
		).toBeNull();
	});

	it("the shop: a search or another order points to its plain list, a category keeps its own", async () => {
		expect(await links(shopMeta, shopLoader, "/shop?page=2")).toEqual({
			canonical: "https://forma.test/shop?page=2&lng=ru",
			prev: "https://forma.test/shop?lng=ru",
			next: "https://forma.test/shop?page=3&lng=ru",
		});
		expect(await links(shopMeta, shopLoader, "/shop?q=oak&sort=price-asc&page=2")).toEqual({
			canonical: "https://forma.test/shop?lng=ru",
			prev: null,
			next: null,
		});
		expect((await links(shopMeta, shopLoader, "/shop?category=art&page=2")).canonical).toBe(
			"https://forma.test/shop?category=art&page=2&lng=ru",
		);
	});
});
