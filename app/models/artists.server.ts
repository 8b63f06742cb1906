import { db } from "~/lib/db.server";
import type { Artist } from "~db/schema";

/** An artist with the number of their published works. */
export type ArtistWithWorkCount = Artist & { work_count: number };

export async function listArtists(): Promise<Artist[]> {
	return db.selectFrom("artists").selectAll().orderBy("sort_order").orderBy("name").execute();
}

/** Every artist with their published work count, in one query, counted by artist id like every list. */
export async function listArtistsWithWorkCount(): Promise<ArtistWithWorkCount[]> {
	return db
		.selectFrom("artists")
		.leftJoin("projects", (join) =>
			join.onRef("projects.artist_id", "=", "artists.id").on("projects.status", "=", "published"),
		)
		.selectAll("artists")
		.select((eb) => eb.fn.count<number>("projects.id").as("work_count"))
		.groupBy("artists.id")
		.orderBy("artists.sort_order")
		.orderBy("artists.name")
		.execute();
}

/** Id and name of every artist, for the admin form's list. */
export async function listArtistOptions(): Promise<Array<{ id: string; name: string }>> {
	return db.selectFrom("artists").select(["id", "name"]).orderBy("name").execute();
}

/** Artists with at least one published work, by name: the shop's designer filter. */
export async function listArtistsWithWorks(): Promise<Array<{ id: string; name: string }>> {
	return db
		.selectFrom("artists")
		.select(["artists.id", "artists.name"])
		.where((eb) =>
			eb.exists(
				eb
					.selectFrom("projects")
					.select("projects.id")
					.whereRef("projects.artist_id", "=", "artists.id")
					.where("projects.status", "=", "published"),
			),
		)
		.orderBy("artists.name")
		.execute();
}

export async function getArtistById(id: string): Promise<Artist | undefined> {
	return db.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirst();
}
