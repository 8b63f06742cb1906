import { db } from "~/lib/db.server";
import type { HeroSlide } from "~db/schema";

/** Active hero slides for the home slider, in their set order. */
export async function listActiveSlides(): Promise<HeroSlide[]> {
	return db
		.selectFrom("hero_slides")
		.selectAll()
		.where("is_active", "=", 1)
		.orderBy("sort_order")
		.orderBy("id")
		.execute();
}
