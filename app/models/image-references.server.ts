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
