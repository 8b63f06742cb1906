/**
 * What the database does for each public list (issue #33, docs/decisions/0029): the very statements the
 * models send, captured as they run, are explained by the database itself (EXPLAIN QUERY PLAN on SQLite,
 * EXPLAIN on Postgres). Every page of a list is read from the index that holds its filter and its order,
 * never by scanning or sorting the catalogue, and every count is a few rows of catalogue_counts.
 */
import { CompiledQuery } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { listArtistsPage, listShopDesigners } from "~/models/artists.server";
import { countPublished, countWorksByArtist } from "~/models/catalogue-counts.server";
import { countFavouriteProjects, listFavouriteProjects, setFavourite } from "~/models/favourites.server";
import {
	countPublishedProjects,
	findPublishedIdAt,
	listFeaturedProjects,
	listProjectsByArtist,
	listPublishedForSitemap,
	listPublishedPage,
	listRelatedProjects,
} from "~/models/projects.server";
import { createUser } from "~/models/users.server";
import { growCatalogue } from "../bench/grow-catalogue";
import { testDatabase } from "../support/test-database";

const postgres = testDatabase() === "postgres";

/** Big enough that a planner with statistics prefers an index to reading the table (Postgres's does). */
const PIECES = 5_000;

/** The statements `run` sends, each with the database's plan for it, one line per step. */
async function plansOf(run: () => Promise<unknown>): Promise<Array<{ sql: string; plan: string }>> {
	const executor = db.getExecutor();
	const sent: CompiledQuery[] = [];
	const original = executor.executeQuery.bind(executor);
	const spy = vi.spyOn(executor, "executeQuery").mockImplementation((query, ...rest) => {
		sent.push(query);
		return original(query, ...rest);
	});
	try {
		await run();
	} finally {
		spy.mockRestore();
	}
	const plans = [];
	for (const query of sent) {
		const explain = CompiledQuery.raw(`${postgres ? "explain" : "explain query plan"} ${query.sql}`, [
			...query.parameters,
		]);
		const { rows } = await db.executeQuery<{ detail?: string; "QUERY PLAN"?: string }>(explain);
		plans.push({ sql: query.sql, plan: rows.map((row) => row.detail ?? row["QUERY PLAN"] ?? "").join("\n") });
	}
	return plans;
}

/** The plan of the statement that reads from `table` first (the page's ids, a count …). */
function planReading(plans: Array<{ sql: string; plan: string }>, table: string): string {
	const found = plans.find((item) => new RegExp(`from "${table}"`).test(item.sql));
	if (!found) throw new Error(`no statement read ${table}: ${plans.map((item) => item.sql).join("\n")}`);
	return found.plan;
}

/** The indexes migrations 0016 and 0024 made for the public lists. */
const LIST_INDEXES =
	/projects_(published_id|shop_newest|shop_category|shop_artist|shop_price_asc|shop_price_desc|shop_category_price_asc|shop_category_price_desc|shop_collection)_idx/;

/**
 * Reads a list's index in its order: no scan of the table, no sort of its rows. SQLite (no statistics)
 * takes the index made for the list; Postgres weighs its statistics and may take another of them that
 * holds the same order (the pieces' gallery pictures, SubPlans below, are a few rows each).
 */
function expectIndexOrder(plan: string, index: string, name?: string): void {
	const main = plan.split(/SubPlan|CORRELATED/)[0] ?? "";
	if (postgres && index === "projects_shop_collection_idx") {
		// A collection is a few dozen pieces: Postgres rightly reads them through its index and sorts them.
		expect(main, name).toMatch(/(Index|Bitmap Index) (Only )?Scan (using|on) projects_shop_collection_idx/);
		expect(main, name).not.toMatch(/Seq Scan on projects/);
	} else if (postgres) {
		expect(main, name).toMatch(new RegExp(`Index (Only )?Scan using ${LIST_INDEXES.source}`));
		expect(main, name).not.toMatch(/Seq Scan on projects|\bSort\b/);
	} else {
		expect(main, name).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
		expect(main, name).not.toMatch(/SCAN projects\b(?! USING)|TEMP B-TREE/);
	}
}

/**
 * A grown catalogue, for the tests that read projects; on Postgres vacuumed and analysed, as autovacuum
 * would leave it (its statistics, and the visibility map that lets an index answer alone).
 */
async function grow(): Promise<void> {
	await growCatalogue(db, PIECES);
	if (postgres) await db.executeQuery(CompiledQuery.raw("vacuum analyze"));
}

const LISTS: Array<[string, () => Promise<unknown>, string]> = [
	[
		"a category page",
		() => listPublishedPage({ categories: ["art"] }, { offset: 48, limit: 24 }),
		"projects_shop_category_idx",
	],
	[
		"the Design page (three categories)",
		() => listPublishedPage({ categories: ["design", "furniture", "clothing"] }, { offset: 48, limit: 24 }),
		"projects_shop_newest_idx",
	],
	[
		"the shop, newest first",
		() => listPublishedPage({}, { offset: 240, limit: 24 }),
		"projects_shop_newest_idx",
	],
	[
		"the shop by price",
		() => listPublishedPage({}, { offset: 24, limit: 24 }, "price-asc"),
		"projects_shop_price_asc_idx",
	],
	[
		"the shop by price, high to low, in a category",
		() => listPublishedPage({ categories: ["furniture"] }, { offset: 0, limit: 24 }, "price-desc"),
		"projects_shop_category_price_desc_idx",
	],
	[
		"an artist's works",
		() => listPublishedPage({ artistId: "owl" }, { offset: 24, limit: 24 }),
		"projects_shop_artist_idx",
	],
	['"more from" an artist', () => listProjectsByArtist("owl", 5), "projects_shop_artist_idx"],
	[
		"the shop, available pieces only",
		() => listPublishedPage({ availableOnly: true }, { offset: 240, limit: 24 }),
		"projects_shop_newest_idx",
	],
	[
		"the shop, available only, in a category",
		() => listPublishedPage({ availableOnly: true, categories: ["art"] }, { offset: 24, limit: 24 }),
		"projects_shop_category_idx",
	],
	[
		"the shop in a price range, newest first",
		() => listPublishedPage({ price: { min: 50_000, max: 150_000 } }, { offset: 48, limit: 24 }),
		"projects_shop_newest_idx",
	],
	[
		"the shop in a price range, by price",
		() =>
			listPublishedPage(
				{ price: { max: 50_000 }, availableOnly: true },
				{ offset: 24, limit: 24 },
				"price-asc",
			),
		"projects_shop_price_asc_idx",
	],
	[
		"the shop from a price, high to low, in a category",
		() =>
			listPublishedPage(
				{ price: { min: 150_000 }, categories: ["furniture"] },
				{ offset: 0, limit: 24 },
				"price-desc",
			),
		"projects_shop_category_price_desc_idx",
	],
	[
		"a collection's pieces",
		() => listPublishedPage({ collection: "prints", categories: ["art"] }, { offset: 0, limit: 24 }),
		"projects_shop_collection_idx",
	],
];

describe("a page of a public list", () => {
	it("reads its ids from the index that holds its filter and order, then its rows by id", async () => {
		await grow();
		for (const [name, run, index] of LISTS) {
			const plans = await plansOf(run);
			expectIndexOrder(planReading(plans, "projects"), index, name);
			expect(plans[1]?.plan, name).toMatch(
				postgres
					? /Index Scan using (projects_pkey|projects_published_id_idx)/
					: /SEARCH projects USING INDEX (projects_published_id_idx|sqlite_autoindex_projects_1) \((status=\? AND )?id=\?\)/,
			);
		}
	});

	it('"you may also like", the Featured block and a sitemap file read a few rows by index', async () => {
		await grow();
		const related = await plansOf(() =>
			listRelatedProjects({ id: "arc-lounge-chair", category: "furniture", artist_id: "corpus-studio" }, 4),
		);
		expectIndexOrder(planReading(related, "projects"), "projects_shop_category_idx");
		const featured = await plansOf(() => listFeaturedProjects(6));
		expect(planReading(featured, "projects")).toContain("projects_featured_idx");
		const start = await plansOf(() => findPublishedIdAt(2_000));
		expectIndexOrder(planReading(start, "projects"), "projects_published_id_idx");
		const rows = await plansOf(() => listPublishedForSitemap({ id: "m", inclusive: true }, 500));
		expectIndexOrder(planReading(rows, "projects"), "projects_published_id_idx");
	});

	it("/artists reads a page of artists in the gallery's order, their works' counts by key", async () => {
		// Postgres rightly reads a table of a few dozen artists whole; SQLite, without statistics, shows the
		// index a gallery of thousands would use.
		if (!postgres) {
			const page = await plansOf(() => listArtistsPage({ offset: 24, limit: 24 }));
			expect(planReading(page, "artists")).toContain("artists_order_idx");
			expect(planReading(page, "artists")).not.toMatch(/TEMP B-TREE/);
		}
		const counts = await plansOf(() => countWorksByArtist(["owl", "carmworks"]));
		expect(planReading(counts, "catalogue_counts")).toMatch(
			/catalogue_counts_(pk|top_idx|artist_idx)|sqlite_autoindex_catalogue_counts_1/,
		);
	});
});

describe("a visitor's own list", () => {
	it("favourites start from the visitor's favourites, never from the catalogue", async () => {
		await grow();
		const user = await createUser({
			username: "collector",
			email: "collector@example.com",
			phone: null,
			password: "a-long-password",
		});
		await setFavourite(user.id, "arc-lounge-chair", true);
		for (const run of [() => listFavouriteProjects(user.id), () => countFavouriteProjects(user.id)]) {
			const plan = planReading(await plansOf(run), "favourites");
			// The user's favourites first, by index; each piece then looked up by its id, never the catalogue walked.
			if (postgres) {
				// (A table of a few favourites is rightly read whole.)
				expect(plan).not.toMatch(/Seq Scan on projects|Hash/);
				expect(plan).toMatch(
					/Scan using \w+ on projects[^\n]*\n\s*Index Cond: [^\n]*\bid = favourites\.project_id/,
				);
			} else {
				const lines = plan.split("\n");
				expect(lines[0]).toMatch(/^SEARCH favourites USING (COVERING )?INDEX/);
				for (const line of lines.filter((text) => /\bprojects\b/.test(text))) expect(line).toMatch(/\bid=\?/);
			}
		}
	});
});

describe("a count or a facet", () => {
	it.each([
		["a category's", () => countPublished({ categories: ["art"] })],
		["the Design page's", () => countPublished({ categories: ["design", "furniture", "clothing"] })],
		["the whole catalogue's", () => countPublished()],
		["an artist's", () => countPublished({ artistId: "owl" })],
		["an artist's in a category", () => countPublished({ artistId: "owl", categories: ["furniture"] })],
		["the shop's designer filter", () => listShopDesigners(40)],
	])("%s reads catalogue_counts by key, never projects", async (_name, run) => {
		const plans = await plansOf(run);
		const counts = planReading(plans, "catalogue_counts");
		expect(counts).toMatch(/catalogue_counts_(pk|top_idx|artist_idx)|sqlite_autoindex_catalogue_counts_1/);
		expect(counts).not.toMatch(postgres ? /Seq Scan/ : /SCAN catalogue_counts\b(?! USING)/);
		expect(plans.some((item) => /from "projects"/.test(item.sql))).toBe(false);
	});
});

describe("a count the kept counts do not hold", () => {
	it.each([
		["available pieces", () => countPublishedProjects({ availableOnly: true })],
		[
			"available pieces in a category",
			() => countPublishedProjects({ availableOnly: true, categories: ["art"] }),
		],
		["a price range", () => countPublishedProjects({ price: { min: 50_000, max: 150_000 } })],
		[
			"a price range in a category",
			() => countPublishedProjects({ price: { max: 50_000 }, categories: ["furniture"] }),
		],
		[
			"available pieces from a price",
			() => countPublishedProjects({ price: { min: 150_000 }, availableOnly: true }),
		],
		["a collection's pieces", () => countPublishedProjects({ collection: "prints", categories: ["art"] })],
	])("%s is counted in an index, no row read", async (_name, run) => {
		await grow();
		const plan = planReading(await plansOf(run), "projects");
		if (postgres) {
			expect(plan).toMatch(/Index Only Scan using/);
			expect(plan).not.toMatch(/Seq Scan|Heap/);
		} else {
			expect(plan).toMatch(/SEARCH projects USING COVERING INDEX projects_shop_/);
			expect(plan).not.toMatch(/SCAN projects\b(?! USING)/);
		}
	});
});
