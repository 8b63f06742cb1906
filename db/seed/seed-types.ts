import type { ProjectAvailability, ProjectCategory, SlideCategory } from "../../app/lib/categories";
import type { ArtCollection } from "../../app/lib/collections";

export interface SeedProject {
	/** URL slug, e.g. "oak-lounge-chair". */
	id: string;
	name: string;
	/** The id of one of seedArtists. */
	artistId: string;
	/** Whole rubles, 450 … 140 000; 0 reads "Price on request". */
	price: number;
	category: ProjectCategory;
	/** A blank line starts a new paragraph. */
	descriptionEn: string;
	descriptionRu: string;
	/** Optional: "https://…" (external, new tab) or "/…" (internal path). Most are null. */
	link: string | null;
	facts: {
		/** Centimetres, without the unit: "78 × 72 × 70". */
		dimensions: string;
		materialsEn: string;
		materialsRu: string;
		year: number | null;
		editionSize: number | null;
	};
	/** Set for the pieces of the home page's Featured block, in that order. */
	featuredOrder?: number;
	/** Default "available". */
	availability?: ProjectAvailability;
	/** Art pieces: the /art collection card that lists it. */
	collection?: ArtCollection;
	/**
	 * The gallery views' alt texts, in view order: view n is pictures/gallery/<id>-<n>.svg (the cover,
	 * pictures/projects/<id>.svg, has none: the page names the piece).
	 */
	gallery: { altEn: string; altRu: string }[];
	/** ISO timestamp, so "newest" sorting is stable and meaningful. */
	createdAt: string;
}

export interface SeedArtist {
	id: string;
	name: string;
	cityEn: string;
	cityRu: string;
	descriptionEn: string;
	descriptionRu: string;
}

export interface SeedSlide {
	category: SlideCategory;
	sortOrder: number;
	titleEn: string;
	titleRu: string;
	subtitleEn: string;
	subtitleRu: string;
}
