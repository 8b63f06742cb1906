/**
 * The search's relevance table (issue #34): each query a visitor might type, in either language, finds
 * the pieces it must put first, with the "Did you mean" it must offer. tests/support/search-cases.ts holds
 * the table; this runs it on SQLite and, with FORMA_TEST_DATABASE=postgres, on Postgres: the same answers
 * from both databases.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { searchCataloguePage } from "~/models/search.server";
import { createSynonym } from "~/models/search-synonyms.server";
import { RELEVANCE_CASES, SEARCH_SYNONYMS } from "../support/search-cases";

beforeEach(async () => {
	// The synonym rows need the groups staff would have set.
	for (const phrases of SEARCH_SYNONYMS) await createSynonym({ phrases });
});

describe("the relevance table", () => {
	it("has at least 40 queries, in both alphabets", () => {
		expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
		const cyrillic = RELEVANCE_CASES.filter((row) => /[а-яё]/iu.test(row.query));
		const latin = RELEVANCE_CASES.filter((row) => /[a-z]/iu.test(row.query));
		expect(cyrillic.length).toBeGreaterThanOrEqual(20);
		expect(latin.length).toBeGreaterThanOrEqual(20);
	});

	for (const row of RELEVANCE_CASES) {
		it(`“${row.query}” puts ${row.first.join(", ")} first: ${row.why}`, async () => {
			const result = await searchCataloguePage({ query: row.query, pageSize: 24 });
			const first = result.projects.slice(0, row.first.length).map((project) => project.id);
			expect(new Set(first)).toEqual(new Set(row.first));
			expect(result.correction ?? undefined).toBe(row.correction);
		});
	}
});
