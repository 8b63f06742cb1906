import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { listArtists } from "~/models/artists.server";
import { listProjectsByArtist } from "~/models/projects.server";
import { loader as artistsLoader } from "~/routes/artists";
import { getRequest } from "../support/requests";

type ArtistsData = Awaited<ReturnType<typeof artistsLoader>>;

afterEach(() => {
	vi.restoreAllMocks();
});

describe("/artists", () => {
	it("counts each artist's works (by artist id, published only) in the same three queries however many artists there are", async () => {
		const artists = await listArtists();
		const expected = await Promise.all(
			artists.map(async (artist) => [artist.id, (await listProjectsByArtist(artist.id)).length] as const),
		);
		expect(expected.some(([, count]) => count > 0)).toBe(true);

		const executeQuery = vi.spyOn(db.getExecutor(), "executeQuery");
		const data = (await artistsLoader({
			request: getRequest("/artists"),
			params: {},
			context: {},
		})) as ArtistsData;
		const statements = executeQuery.mock.calls.length;
		console.info(`/artists loader: ${statements} SQL statement(s) for ${artists.length} artists`);

		expect(data.artists.map((card) => [card.id, card.workCount])).toEqual(expected);
		// The page's artists, their count and their works' counts (catalogue_counts, migration 0016).
		expect(statements).toBe(3);

		await db
			.insertInto("artists")
			.values(
				Array.from({ length: 40 }, (_, n) => ({ id: `guest-${n}`, name: `Guest ${n}`, sort_order: 100 + n })),
			)
			.execute();
		executeQuery.mockClear();
		const more = (await artistsLoader({
			request: getRequest("/artists?page=2"),
			params: {},
			context: {},
		})) as ArtistsData;
		expect(more.artists).toHaveLength(47 - 24);
		expect(executeQuery.mock.calls.length).toBe(3);
	});
});
