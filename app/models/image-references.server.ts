import { db } from "~/lib/db.server";

/**
 * Whether any project, gallery picture, hero slide or artist still points to the stored image `key`
 * (keys are content hashes, so rows can share one).
 */
export async function isImageReferenced(key: string): Promise<boolean> {
	const [project, gallery, slide, artist] = await Promise.all([
		db.selectFrom("projects").select("id").where("image", "=", key).executeTakeFirst(),
		db.selectFrom("project_images").select("id").where("image_url", "=", key).executeTakeFirst(),
		db.selectFrom("hero_slides").select("id").where("image_url", "=", key).executeTakeFirst(),
		db.selectFrom("artists").select("id").where("image", "=", key).executeTakeFirst(),
	]);
	return Boolean(project || gallery || slide || artist);
}

/**
 * The stored images only drafts use: a draft piece's cover and gallery pictures that no published piece,
 * hero slide or artist also shows (keys are content hashes, so rows can share one). They are served to
 * administrators only (app/services/draft-images.server.ts).
 */
export async function listDraftOnlyImageKeys(): Promise<string[]> {
	const drafts = await db
		.selectFrom("projects")
		.select("image as key")
		.where("status", "=", "draft")
		.where("image", "is not", null)
		.union(
			db
				.selectFrom("project_images")
				.innerJoin("projects", "projects.id", "project_images.project_id")
				.select("project_images.image_url as key")
				.where("projects.status", "=", "draft"),
		)
		.execute();
	const keys = drafts.flatMap(({ key }) => (key ? [key] : []));
	if (keys.length === 0) return [];
	const shown = await db
		.selectFrom("projects")
		.select("image as key")
		.where("status", "<>", "draft")
		.where("image", "in", keys)
		.union(
			db
				.selectFrom("project_images")
				.innerJoin("projects", "projects.id", "project_images.project_id")
				.select("project_images.image_url as key")
				.where("projects.status", "<>", "draft")
				.where("project_images.image_url", "in", keys),
		)
		.union(db.selectFrom("hero_slides").select("image_url as key").where("image_url", "in", keys))
		.union(db.selectFrom("artists").select("image as key").where("image", "in", keys))
		.execute();
	const public_ = new Set(shown.map(({ key }) => key));
	return keys.filter((key) => !public_.has(key));
}
