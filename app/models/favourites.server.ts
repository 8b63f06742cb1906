import { db } from "~/lib/db.server";
import { type ProjectRecord, selectProjects } from "./projects.server";

export async function listFavouriteIds(userId: number): Promise<string[]> {
	const rows = await db.selectFrom("favourites").select("project_id").where("user_id", "=", userId).execute();
	return rows.map((row) => row.project_id);
}

/** The user's favourites that the public can see (a piece turned back into a draft drops out). */
export async function listFavouriteProjects(userId: number): Promise<ProjectRecord[]> {
	return selectProjects()
		.innerJoin("favourites", "favourites.project_id", "projects.id")
		.where("favourites.user_id", "=", userId)
		.orderBy("favourites.created_at", "desc")
		.execute();
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
