import type { Project } from "~db/schema";

/** A project's edit form as the page sends it unchanged (its version aside): tests override what changed. */
export function projectFormFields(row: Project): Record<string, string> {
	return {
		customId: row.id,
		name: row.name,
		artistId: row.artist_id ?? "",
		category: row.category,
		price: String(row.price),
		link: row.link ?? "",
		descriptionEn: row.description_en,
		descriptionRu: row.description_ru,
		status: row.status,
		...(row.featured ? { featured: "on" } : {}),
		featuredOrder: String(row.featured_order),
		availability: row.availability,
		dimensions: row.dimensions,
		materialsEn: row.materials_en,
		materialsRu: row.materials_ru,
		year: row.year === null ? "" : String(row.year),
		editionSize: row.edition_size === null ? "" : String(row.edition_size),
	};
}
