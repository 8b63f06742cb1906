import { db } from "~/lib/db.server";
import { CATALOGUE_PAGE_SIZE } from "~/lib/paging";
import { type ProjectRecord, selectProjects } from "./projects.server";

export async function listFavouriteIds(userId: number): Promise<string[]> {
	const rows = await db.selectFrom("favourites").select("project_id").where("user_id", "=", userId).execute();
	return rows.map((row) => row.project_id);
}

/**
 * The user's favourites that the public can see (a piece turned back into a draft drops out), newest
 * first, a page at a time.
 */
export async function listFavouriteProjects(
	userId: number,
	slice: { offset: number; limit: number } = { offset: 0, limit: CATALOGUE_PAGE_SIZE },
): Promise<ProjectRecord[]> {
	return selectProjects()
		.innerJoin("favourites", "favourites.project_id", "projects.id")
		.where("favourites.user_id", "=", userId)
		.orderBy("favourites.created_at", "desc")
		.orderBy("favourites.project_id")
		.limit(slice.limit)
		.offset(slice.offset)
		.execute();
}

export async function countFavouriteProjects(userId: number): Promise<number> {
	const { n } = await db
		.selectFrom("favourites")
		.innerJoin("projects", "projects.id", "favourites.project_id")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("favourites.user_id", "=", userId)
		.where("projects.status", "=", "published")
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
