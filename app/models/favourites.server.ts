import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import { CATALOGUE_PAGE_SIZE } from "~/lib/paging";
import { typesetName } from "~/lib/typography.server";
import type { Database } from "~db/schema";
import { getProjectById, type ProjectRecord, selectProjects } from "./projects.server";

/**
 * The piece a guest tapped ♥ on (`?favourite=<id>`, from /resources/favourites), carried through the sign-in
 * or the registration, which saves it: the page says why it asks. Only the id comes from the client; the
 * piece is looked up here (a published one, or nothing), and the save is the account's own.
 */
export async function favouriteIntent(id: FormDataEntryValue | string | null) {
	if (typeof id !== "string" || id.length === 0 || id.length > 200) return null;
	const project = await getProjectById(id);
	return project ? { id: project.id, name: typesetName(project.name) } : null;
}

/** Saves a favourite with `executor` (a new account's transaction); the caller checked the piece. */
export async function addFavourite(
	executor: Kysely<Database>,
	userId: number,
	projectId: string,
): Promise<void> {
	await executor
		.insertInto("favourites")
		.values({ user_id: userId, project_id: projectId })
		.onConflict((oc) => oc.doNothing())
		.execute();
}

export async function listFavouriteIds(userId: number): Promise<string[]> {
	const rows = await db.selectFrom("favourites").select("project_id").where("user_id", "=", userId).execute();
	return rows.map((row) => row.project_id);
}

/**
 * The user's favourites the public can see (a piece turned back into a draft drops out): read from the
 * user's favourites, each piece looked up by id. Joined the other way round, a database may walk every
 * published piece looking for the user's (SQLite did: 9 ms at 20,000 pieces, for a user with none).
 */
function visibleFavourites(userId: number) {
	return db
		.selectFrom("favourites")
		.where("favourites.user_id", "=", userId)
		.where((eb) =>
			eb.exists(
				eb
					.selectFrom("projects")
					.select("projects.id")
					.whereRef("projects.id", "=", "favourites.project_id")
					.where("projects.status", "=", "published"),
			),
		);
}

/** The user's favourites, newest first, a page at a time: the page's ids first, then those pieces. */
export async function listFavouriteProjects(
	userId: number,
	slice: { offset: number; limit: number } = { offset: 0, limit: CATALOGUE_PAGE_SIZE },
): Promise<ProjectRecord[]> {
	const ids = (
		await visibleFavourites(userId)
			.select("favourites.project_id")
			.orderBy("favourites.created_at", "desc")
			.orderBy("favourites.project_id")
			.limit(slice.limit)
			.offset(slice.offset)
			.execute()
	).map((row) => row.project_id);
	if (ids.length === 0) return [];
	const rows = await selectProjects().where("projects.id", "in", ids).execute();
	const place = new Map(ids.map((id, index) => [id, index]));
	return rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
}

export async function countFavouriteProjects(userId: number): Promise<number> {
	const { n } = await visibleFavourites(userId)
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(n);
}

/** Sets whether the project is a favourite. Returns false for an unknown or draft project. */
export async function setFavourite(userId: number, projectId: string, favourite: boolean): Promise<boolean> {
	const project = await db
		.selectFrom("projects")
		.select("id")
		.where("id", "=", projectId)
		.where("status", "=", "published")
		.executeTakeFirst();
	if (!project) return false;
	if (favourite) {
		await db
			.insertInto("favourites")
			.values({ user_id: userId, project_id: projectId })
			.onConflict((oc) => oc.doNothing())
			.execute();
	} else {
		await db
			.deleteFrom("favourites")
			.where("user_id", "=", userId)
			.where("project_id", "=", projectId)
			.execute();
	}
	return true;
}
