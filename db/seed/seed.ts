import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { ImageStore } from "../../app/lib/image-store.server";
import { type ImageFolder, type SavedImage, storeRasterImage } from "../../app/lib/images.server";
import { reindexAll } from "../../app/lib/search/documents.server";
import type { Database } from "../schema";
import { seedCannedReplies } from "./canned-replies";
import { SEED_SELLER, seedArtists, seedProjects, seedSlides } from "./seed-data";
import type { SeedProject } from "./seed-types";

const SEEDED_KEY = "seeded_at";

/**
 * The seed's pictures, SVG files (docs/decisions/0026-seed-pictures-are-files.md). Resolved from the working
 * directory like public/, so the bundled setup (build/server/setup.js) finds them too; the container
 * copies the folder.
 */
export function seedPicturesDir(): string {
	return path.resolve("db/seed/pictures");
}

export interface SeedResult {
	seeded: boolean;
	reason?: string;
}

/** Rasterises one picture file (db/seed/pictures/<folder>/<name>.svg) and stores it like an upload. */
async function storePicture(
	images: ImageStore,
	folder: ImageFolder,
	name: string,
	maxSide: number,
): Promise<SavedImage> {
	const svg = await fs.promises.readFile(path.join(seedPicturesDir(), folder, `${name}.svg`));
	return storeRasterImage(images, folder, svg, { maxSide, quality: 82, webpEffort: 1 });
}

/** A piece's cover (projects.image) and its gallery views (project_images, in view order). */
interface PieceImages {
	cover: SavedImage;
	gallery: { image: SavedImage; altEn: string; altRu: string }[];
}

async function storePiece(images: ImageStore, project: SeedProject): Promise<PieceImages> {
	const [cover, gallery] = await Promise.all([
		storePicture(images, "projects", project.id, 1200),
		Promise.all(
			project.gallery.map(async (alt, index) => ({
				image: await storePicture(images, "gallery", `${project.id}-${index + 1}`, 1200),
				...alt,
			})),
		),
	]);
	return { cover, gallery };
}

/**
 * Loads the built-in catalogue into an empty database, once. Its pictures are files (db/seed/pictures),
 * stored like uploads. Running it again changes nothing: the first run is recorded in app_meta, and a
 * database that already holds content is never seeded.
 */
export async function seedDatabase(db: Kysely<Database>, images: ImageStore): Promise<SeedResult> {
	// The staff's templates are the gallery's, not the demo catalogue's: a database seeded before they existed
	// gets them too (once).
	await seedCannedReplies(db);
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
	const projectImages = new Map<string, PieceImages>();
	const artistImages = new Map<string, SavedImage>();
	const slideImages = new Map<number, SavedImage>();
	if (!hasContent) {
		if (!fs.existsSync(seedPicturesDir()))
			throw new Error(`The seed's pictures are not at ${seedPicturesDir()}: run from the repository root.`);
		// All at once: sharp spreads the encoding over every core.
		await Promise.all([
			...seedProjects.map(async (project) => {
				projectImages.set(project.id, await storePiece(images, project));
			}),
			...seedArtists.map(async (artist) => {
				artistImages.set(artist.id, await storePicture(images, "artists", artist.id, 800));
			}),
			...seedSlides.map(async (slide) => {
				slideImages.set(slide.sortOrder, await storePicture(images, "slides", slide.category, 1920));
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
						const image = projectImages.get(project.id)?.cover;
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
							collection: project.collection ?? null,
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
			const galleryRows = seedProjects.flatMap((project) =>
				(projectImages.get(project.id)?.gallery ?? []).map(({ image, altEn, altRu }, index) => ({
					project_id: project.id,
					image_url: image.key,
					image_width: image.width,
					image_height: image.height,
					alt_text: altEn,
					alt_text_ru: altRu,
					sort_order: index + 1,
				})),
			);
			if (galleryRows.length > 0) await trx.insertInto("project_images").values(galleryRows).execute();
			// The catalogue is findable from its first start (the setup keeps the index in step afterwards).
			await reindexAll(trx);
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
		// The demo seller's legal details (made up, but of the right shape), so /contact, the footer, the legal
		// pages and the mail show what a real install fills in on /admin/settings.
		await trx.updateTable("settings").set(SEED_SELLER).where("id", "=", 1).execute();
		await trx.insertInto("app_meta").values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute();
	});
	return hasContent ? { seeded: false, reason: "the database already has content" } : { seeded: true };
}
