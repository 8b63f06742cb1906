/** Categories a project can have. The site's navigation shows the four "site" categories. */
export const PROJECT_CATEGORIES = [
	"furniture",
	"clothing",
	"design",
	"art",
	"branding",
	"creative",
	"uncategorized",
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** The four categories with their own page and nav link, in nav order. */
export const SITE_CATEGORIES = ["branding", "design", "art", "creative"] as const;
export type SiteCategory = (typeof SITE_CATEGORIES)[number];

/** Categories a hero slide can have (spec §3), default furniture. */
export const SLIDE_CATEGORIES = ["furniture", "clothing", "art", "design"] as const;
export type SlideCategory = (typeof SLIDE_CATEGORIES)[number];
