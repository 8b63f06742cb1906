import { sql } from "kysely";
import { db } from "~/lib/db.server";
import { foldForSearch } from "~db/connection";
import type { Artist } from "~db/schema";

export async function listArtists(): Promise<Artist[]> {
	return db.selectFrom("artists").selectAll().orderBy("sort_order").orderBy("name").execute();
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
