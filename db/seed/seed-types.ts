import type { ProjectCategory, SlideCategory } from "../../app/lib/categories";

/** Which family of abstract composition the seed artwork generator draws. */
export type ArtTheme = "furniture" | "clothing" | "design" | "art" | "branding" | "creative" | "portrait";

export interface SeedProject {
	/** URL slug, e.g. "oak-lounge-chair". */
	id: string;
	name: string;
	/** Must equal an artist's `name` for the artist's "Works by" grid to list it. */
	designer: string;
	/** Whole rubles, 450 … 140 000. */
	price: number;
	category: ProjectCategory;
	descriptionEn: string;
	descriptionRu: string;
	/** Optional: "https://…" (external, new tab) or "/…" (internal path). Most are null. */
	link: string | null;
	/** True for the nine projects that get their own generated image; the rest use the default image. */
	hasImage: boolean;
	/** ISO timestamp, so "newest" sorting is stable and meaningful. */
	createdAt: string;
}

export interface SeedArtist {
	id: string;
	name: string;
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
