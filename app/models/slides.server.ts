import type { SlideCategory } from "~/lib/categories";
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

/** The admin's list: every slide, active or not, in its order. */
export async function listSlides(): Promise<HeroSlide[]> {
	return db.selectFrom("hero_slides").selectAll().orderBy("sort_order").orderBy("id").execute();
}

export interface SlideText {
	titleEn: string;
	titleRu: string;
	subtitleEn: string;
	subtitleRu: string;
	category: SlideCategory;
	isActive: boolean;
}

export interface SlideImage {
	key: string;
	width: number;
	height: number;
}

function slideColumns(text: SlideText) {
	return {
		title_en: text.titleEn.trim(),
		title_ru: text.titleRu.trim(),
		subtitle_en: text.subtitleEn.trim(),
		subtitle_ru: text.subtitleRu.trim(),
		category: text.category,
		is_active: text.isActive ? 1 : 0,
	};
}

/** A new slide goes last: its sort_order is the number of slides plus one (orders are kept 1…n). */
export async function createSlide(text: SlideText, image: SlideImage): Promise<HeroSlide> {
	return db.transaction().execute(async (trx) => {
		const { n } = await trx
			.selectFrom("hero_slides")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow();
		return trx
			.insertInto("hero_slides")
			.values({
				...slideColumns(text),
				image_url: image.key,
				image_width: image.width,
				image_height: image.height,
				sort_order: Number(n) + 1,
			})
			.returningAll()
			.executeTakeFirstOrThrow();
	});
}

/**
 * Saves a slide's texts (and its new image, if one was chosen); its place in the order stays. Returns the
 * slide as it was before, so the caller can clean up a replaced image, or undefined if it does not exist.
 */
export async function updateSlide(
	id: number,
	text: SlideText,
	image: SlideImage | null,
): Promise<{ before: HeroSlide; after: HeroSlide } | undefined> {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
		if (!before) return undefined;
		const after = await trx
			.updateTable("hero_slides")
			.set({
				...slideColumns(text),
				...(image ? { image_url: image.key, image_width: image.width, image_height: image.height } : {}),
				updated_at: new Date().toISOString(),
			})
			.where("id", "=", id)
			.returningAll()
			.executeTakeFirstOrThrow();
		return { before, after };
	});
}

/** The active switch: only is_active changes. */
export async function setSlideActive(id: number, active: boolean): Promise<HeroSlide | undefined> {
	return db
		.updateTable("hero_slides")
		.set({ is_active: active ? 1 : 0, updated_at: new Date().toISOString() })
		.where("id", "=", id)
		.returningAll()
		.executeTakeFirst();
}

/** Deletes a slide and closes the gap in the order (1…n again), in one transaction. */
export async function deleteSlide(id: number): Promise<HeroSlide | undefined> {
	return db.transaction().execute(async (trx) => {
		const slide = await trx.deleteFrom("hero_slides").where("id", "=", id).returningAll().executeTakeFirst();
		if (!slide) return undefined;
		await trx
			.updateTable("hero_slides")
			.set((eb) => ({ sort_order: eb("sort_order", "-", 1) }))
			.where("sort_order", ">", slide.sort_order)
			.execute();
		return slide;
	});
}

/**
 * Swaps a slide with its neighbour above ("up") or below ("down"), in one transaction. The first slide
 * cannot go up nor the last down: that is not an error, nothing changes. False if the slide is gone.
 */
export async function moveSlide(id: number, direction: "up" | "down"): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const slide = await trx
			.selectFrom("hero_slides")
			.select(["id", "sort_order"])
			.where("id", "=", id)
			.executeTakeFirst();
		if (!slide) return false;
		const neighbour = await trx
			.selectFrom("hero_slides")
			.select(["id", "sort_order"])
			.where("sort_order", direction === "up" ? "<" : ">", slide.sort_order)
			.orderBy("sort_order", direction === "up" ? "desc" : "asc")
			.executeTakeFirst();
		if (!neighbour) return true;
		const now = new Date().toISOString();
		await trx
			.updateTable("hero_slides")
			.set({ sort_order: slide.sort_order, updated_at: now })
			.where("id", "=", neighbour.id)
			.execute();
		await trx
			.updateTable("hero_slides")
			.set({ sort_order: neighbour.sort_order, updated_at: now })
			.where("id", "=", slide.id)
			.execute();
		return true;
	});
}
