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

/** Categories a hero slide can have, default furniture (decision 0028). */
export const SLIDE_CATEGORIES = ["furniture", "clothing", "art", "design"] as const;
export type SlideCategory = (typeof SLIDE_CATEGORIES)[number];

/** Drafts are invisible to the public (404, not listed) and previewed by admins. */
export const PROJECT_STATUSES = ["draft", "published"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Sold pieces cannot be bought; reserved ones show a mark and can still be asked about. */
export const PROJECT_AVAILABILITIES = ["available", "reserved", "sold"] as const;
export type ProjectAvailability = (typeof PROJECT_AVAILABILITIES)[number];

/** What the Design page holds besides design objects: chips narrow it (spec's /design, decisions Round 2). */
export const DESIGN_PAGE_CATEGORIES = ["design", "furniture", "clothing"] as const;

/** The Design page's chips (?type=): each narrows the page to one of DESIGN_PAGE_CATEGORIES; none means all. */
export const DESIGN_PAGE_TYPES = {
	furniture: "furniture",
	clothing: "clothing",
	objects: "design",
} as const satisfies Record<string, (typeof DESIGN_PAGE_CATEGORIES)[number]>;
export type DesignPageType = keyof typeof DESIGN_PAGE_TYPES;

/** The chip a ?type= value names, or null (All) for a missing or unknown one. */
export function parseDesignPageType(value: string | null): DesignPageType | null {
	return value !== null && isDesignPageType(value) ? value : null;
}

function isDesignPageType(value: string): value is DesignPageType {
	return Object.hasOwn(DESIGN_PAGE_TYPES, value);
}

/**
 * The page that lists a category: its own page (branding, design, art, creative), the Design page's chip
 * for furniture and clothing, else the shop filtered by it. Back links and the slider's buttons lead here.
 */
export function categoryPagePath(category: ProjectCategory): string {
	if ((SITE_CATEGORIES as readonly string[]).includes(category)) return `/${category}`;
	const type = (Object.keys(DESIGN_PAGE_TYPES) as DesignPageType[]).find(
		(key) => DESIGN_PAGE_TYPES[key] === category,
	);
	return type ? `/design?type=${type}` : `/shop?category=${encodeURIComponent(category)}`;
}
