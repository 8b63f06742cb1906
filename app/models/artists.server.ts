import { sql } from "kysely";
import { db } from "~/lib/db.server";
import { foldForSearch } from "~db/connection";
import type { Artist } from "~db/schema";

/** An artist with the number of projects whose designer field names them (compared as search folds). */
export type ArtistWithWorkCount = Artist & { work_count: number };

export async function listArtists(): Promise<Artist[]> {
	return db.selectFrom("artists").selectAll().orderBy("sort_order").orderBy("name").execute();
}

/**
 * Every artist with their work count, in one query: projects are grouped by their folded designer name and
 * joined to the folded artist name, the same case-insensitive match listProjectsByDesigner makes.
 */
export async function listArtistsWithWorkCount(): Promise<ArtistWithWorkCount[]> {
	const works = db
		.selectFrom("projects")
		.select([
			sql<string>`search_fold(designer)`.as("designer_key"),
			(eb) => eb.fn.countAll<number>().as("count"),
		])
		.groupBy(sql`search_fold(designer)`)
		.as("works");
	return db
		.selectFrom("artists")
		.leftJoin(works, (join) => join.on(sql<boolean>`works.designer_key = search_fold(artists.name)`))
		.selectAll("artists")
		.select(sql<number>`coalesce(works.count, 0)`.as("work_count"))
		.orderBy("artists.sort_order")
		.orderBy("artists.name")
		.execute();
}

export async function getArtistById(id: string): Promise<Artist | undefined> {
	return db.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The artist a project's designer field names, if any (so the project page can link to the profile). */
export async function getArtistByName(name: string): Promise<Artist | undefined> {
	return db
		.selectFrom("artists")
		.selectAll()
		.where(sql<string>`search_fold(name)`, "=", foldForSearch(name))
		.executeTakeFirst();
}
