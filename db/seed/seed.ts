import type { Kysely } from "kysely";
import { type ImageFolder, type SavedImage, storeRasterImage } from "../../app/lib/images.server";
import type { Database } from "../schema";
import { renderArtwork } from "./artwork";
import { seedArtists, seedProjects, seedSlides } from "./seed-data";
import type { ArtTheme } from "./seed-types";

const SEEDED_KEY = "seeded_at";

export interface SeedResult {
	seeded: boolean;
	reason?: string;
}

async function renderAndStore(
	uploadsDir: string,
	folder: ImageFolder,
	art: { seed: string; theme: ArtTheme; width: number; height: number },
): Promise<SavedImage> {
	const svg = Buffer.from(renderArtwork(art));
	return storeRasterImage(uploadsDir, folder, svg, { maxSide: Math.max(art.width, art.height), quality: 82 });
}

/**
 * Loads the built-in catalogue into an empty database, once. Images are drawn by our own code
 * (db/artwork.ts) and stored like uploads. Running it again changes nothing: the first run is recorded in
 * app_meta, and a database that already holds content is never seeded.
 */
export async function seedDatabase(db: Kysely<Database>, uploadsDir: string): Promise<SeedResult> {
	const done = await db
		.selectFrom("app_meta")
		.select("value")
		.where("key", "=", SEEDED_KEY)
		.executeTakeFirst();
	if (done) return { seeded: false, reason: `already seeded at ${done.value}` };

	const counts = await Promise.all(
		(["projects", "artists", "hero_slides"] as const).map((table) =>
			db
				.selectFrom(table)
				.select((eb) => eb.fn.countAll<number>().as("n"))
				.executeTakeFirstOrThrow(),
		),
	);
	const hasContent = counts.some((row) => Number(row.n) > 0);

	// Images first (slow, outside the transaction); the rows then land all at once or not at all.
	const projectImages = new Map<string, SavedImage>();
	const artistImages = new Map<string, SavedImage>();
	const slideImages = new Map<number, SavedImage>();
	if (!hasContent) {
		// All at once: sharp spreads the encoding over every core.
		await Promise.all([
			...seedProjects.map(async (project) => {
				const theme: ArtTheme = project.category === "uncategorized" ? "design" : project.category;
				const art = { seed: project.id, theme, width: 1200, height: 900 };
				projectImages.set(project.id, await renderAndStore(uploadsDir, "projects", art));
			}),
			...seedArtists.map(async (artist) => {
				const art = { seed: artist.id, theme: "portrait" as const, width: 800, height: 800 };
				artistImages.set(artist.id, await renderAndStore(uploadsDir, "artists", art));
			}),
			...seedSlides.map(async (slide) => {
				const art = { seed: `slide-${slide.category}`, theme: slide.category, width: 1920, height: 1080 };
				slideImages.set(slide.sortOrder, await renderAndStore(uploadsDir, "slides", art));
			}),
		]);
	}

	await db.transaction().execute(async (trx) => {
		if (!hasContent) {
			await trx
				.insertInto("artists")
				.values(
					seedArtists.map((artist, index) => {
						const image = artistImages.get(artist.id);
						return {
							id: artist.id,
							name: artist.name,
							city_en: artist.cityEn,
							city_ru: artist.cityRu,
							description_en: artist.descriptionEn,
							description_ru: artist.descriptionRu,
							image: image?.key ?? null,
							image_width: image?.width ?? null,
							image_height: image?.height ?? null,
							sort_order: index + 1,
						};
					}),
				)
				.execute();
			await trx
				.insertInto("projects")
				.values(
					seedProjects.map((project) => {
						const image = projectImages.get(project.id);
						return {
							id: project.id,
							name: project.name,
							artist_id: project.artistId,
							price: project.price,
							category: project.category,
							description_en: project.descriptionEn,
							description_ru: project.descriptionRu,
							link: project.link,
							status: "published",
							featured: project.featuredOrder ? 1 : 0,
							featured_order: project.featuredOrder ?? 0,
							availability: project.availability ?? "available",
							dimensions: project.facts.dimensions,
							materials_en: project.facts.materialsEn,
							materials_ru: project.facts.materialsRu,
							year: project.facts.year,
							edition_size: project.facts.editionSize,
							image: image?.key ?? null,
							image_width: image?.width ?? null,
							image_height: image?.height ?? null,
							created_at: project.createdAt,
							updated_at: project.createdAt,
						};
					}),
				)
				.execute();
			await trx
				.insertInto("hero_slides")
				.values(
					seedSlides.map((slide) => {
						const image = slideImages.get(slide.sortOrder);
						if (!image) throw new Error(`No image was generated for slide ${slide.sortOrder}`);
						return {
							title_en: slide.titleEn,
							title_ru: slide.titleRu,
							subtitle_en: slide.subtitleEn,
							subtitle_ru: slide.subtitleRu,
							category: slide.category,
							sort_order: slide.sortOrder,
							is_active: 1,
							image_url: image.key,
							image_width: image.width,
							image_height: image.height,
						};
					}),
				)
				.execute();
		}
		await trx.insertInto("app_meta").values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute();
	});
	return hasContent ? { seeded: false, reason: "the database already has content" } : { seeded: true };
}
