import { db } from "~/lib/db.server";
import type { Project } from "~db/schema";

export async function listFavouriteIds(userId: number): Promise<string[]> {
	const rows = await db.selectFrom("favourites").select("project_id").where("user_id", "=", userId).execute();
	return rows.map((row) => row.project_id);
}

export async function listFavouriteProjects(userId: number): Promise<Project[]> {
	return db
		.selectFrom("favourites")
		.innerJoin("projects", "projects.id", "favourites.project_id")
		.selectAll("projects")
		.where("favourites.user_id", "=", userId)
		.orderBy("favourites.created_at", "desc")
		.execute();
}

/** Sets whether the project is a favourite. Returns false for an unknown project. */
export async function setFavourite(userId: number, projectId: string, favourite: boolean): Promise<boolean> {
	const project = await db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst();
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
