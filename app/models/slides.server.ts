import { snapshotOf } from "~/lib/activity";
import type { SlideCategory } from "~/lib/categories";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import type { HeroSlide } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";
import { changedAnything, EditConflictError, nextVersion } from "./edit-conflicts.server";
import { claimFormToken, settleFormToken } from "./form-submissions.server";

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

export async function getSlideById(id: number): Promise<HeroSlide | undefined> {
	return db.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
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

/** What a slide is called in the audit trail: its English title, else its Russian one. */
function slideLabel(slide: HeroSlide): string {
	return slide.title_en || slide.title_ru;
}

/**
 * A new slide goes last: its sort_order is the number of slides plus one (orders are kept 1…n). `actor`,
 * the administrator, is recorded in the audit trail with it (so with every change below). `claim`, the add
 * form's one-time token, is used in the same transaction.
 */
export async function createSlide(
	text: SlideText,
	image: SlideImage,
	actor?: Actor,
	claim?: FormClaim<HeroSlide>,
): Promise<HeroSlide> {
	return db.transaction().execute(async (trx) => {
		await claimFormToken(trx, claim);
		const { n } = await trx
			.selectFrom("hero_slides")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow();
		const slide = await trx
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
		await recordActivity(trx, actor, {
			entity: "slide",
			entityId: slide.id,
			label: slideLabel(slide),
			action: "created",
			before: null,
			after: snapshotOf("slide", slide),
			version: slide.version,
		});
		await settleFormToken(trx, claim, slide);
		return slide;
	});
}

/**
 * Saves a slide's texts (and its new image, if one was chosen); its place in the order stays. Returns the
 * slide as it was before, so the caller can clean up a replaced image, or undefined if it does not exist.
 * Throws EditConflictError, writing nothing, when the slide is no longer at `version` (the one the form
 * was opened at; scripts may leave it out). A save that changed nothing keeps the version.
 */
export async function updateSlide(
	id: number,
	text: SlideText,
	image: SlideImage | null,
	actor?: Actor,
	version?: number,
): Promise<{ before: HeroSlide; after: HeroSlide } | undefined> {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
		if (!before) return undefined;
		let save = trx
			.updateTable("hero_slides")
			.set({
				...slideColumns(text),
				...(image ? { image_url: image.key, image_width: image.width, image_height: image.height } : {}),
				updated_at: new Date().toISOString(),
				version: nextVersion,
			})
			.where("id", "=", id);
		if (version !== undefined) save = save.where("version", "=", version);
		let after = await save.returningAll().executeTakeFirst();
		if (!after) throw new EditConflictError();
		if (!changedAnything(snapshotOf("slide", before), snapshotOf("slide", after))) {
			after = await trx
				.updateTable("hero_slides")
				.set({ version: before.version })
				.where("id", "=", id)
				.returningAll()
				.executeTakeFirstOrThrow();
		}
		await recordActivity(trx, actor, {
			entity: "slide",
			entityId: id,
			label: slideLabel(after),
			action: "updated",
			before: snapshotOf("slide", before),
			after: snapshotOf("slide", after),
			version: after.version,
		});
		return { before, after };
	});
}

/**
 * The active switch: only is_active changes. It says what it sets, so it needs no version of its own; it
 * raises the slide's version, so an edit form opened before it (whose checkbox would set the old value
 * back) is told instead of undoing it. Switching to what is already set changes nothing.
 */
export async function setSlideActive(
	id: number,
	active: boolean,
	actor?: Actor,
): Promise<HeroSlide | undefined> {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
		if (!before) return undefined;
		if (before.is_active === (active ? 1 : 0)) return before;
		const after = await trx
			.updateTable("hero_slides")
			.set({ is_active: active ? 1 : 0, updated_at: new Date().toISOString(), version: nextVersion })
			.where("id", "=", id)
			.returningAll()
			.executeTakeFirstOrThrow();
		await recordActivity(trx, actor, {
			entity: "slide",
			entityId: id,
			label: slideLabel(after),
			action: "updated",
			before: snapshotOf("slide", before),
			after: snapshotOf("slide", after),
			version: after.version,
		});
		return after;
	});
}

/**
 * Deletes a slide and closes the gap in the order (1…n again), in one transaction. The trail records the
 * deletion; the slides after it moving up one place is its consequence, not a change of their own (nor of
 * their version: no form edits the order). With `version` (the one the list was shown with) it deletes
 * only that version: EditConflictError, and nothing deleted, when the slide changed since.
 */
export async function deleteSlide(
	id: number,
	actor?: Actor,
	version?: number,
): Promise<HeroSlide | undefined> {
	return db.transaction().execute(async (trx) => {
		let remove = trx.deleteFrom("hero_slides").where("id", "=", id);
		if (version !== undefined) remove = remove.where("version", "=", version);
		const slide = await remove.returningAll().executeTakeFirst();
		if (!slide) {
			const exists = await trx.selectFrom("hero_slides").select("id").where("id", "=", id).executeTakeFirst();
			if (exists) throw new EditConflictError();
			return undefined;
		}
		await trx
			.updateTable("hero_slides")
			.set((eb) => ({ sort_order: eb("sort_order", "-", 1) }))
			.where("sort_order", ">", slide.sort_order)
			.execute();
		await recordActivity(trx, actor, {
			entity: "slide",
			entityId: slide.id,
			label: slideLabel(slide),
			action: "deleted",
			before: snapshotOf("slide", slide),
			after: null,
		});
		return slide;
	});
}

/**
 * Swaps a slide with its neighbour above ("up") or below ("down"), in one transaction. The first slide
 * cannot go up nor the last down: that is not an error, nothing changes. False if the slide is gone. The
 * trail records the slide that was moved (its neighbour's swap is the other half of the same move).
 */
export async function moveSlide(id: number, direction: "up" | "down", actor?: Actor): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const slide = await trx.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
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
		await recordActivity(trx, actor, {
			entity: "slide",
			entityId: slide.id,
			label: slideLabel(slide),
			action: "moved",
			before: { sort_order: slide.sort_order },
			after: { sort_order: neighbour.sort_order },
		});
		return true;
	});
}
