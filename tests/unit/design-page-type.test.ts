import { describe, expect, it } from "vitest";
import {
	categoryPagePath,
	DESIGN_PAGE_CATEGORIES,
	DESIGN_PAGE_TYPES,
	parseDesignPageType,
} from "~/lib/categories";

describe("the Design page's ?type=", () => {
	it("names a chip for each category the page holds", () => {
		expect(parseDesignPageType("furniture")).toBe("furniture");
		expect(parseDesignPageType("clothing")).toBe("clothing");
		expect(parseDesignPageType("objects")).toBe("objects");
		expect(Object.values(DESIGN_PAGE_TYPES).sort()).toEqual([...DESIGN_PAGE_CATEGORIES].sort());
	});

	it("shows everything for a missing, unknown or inherited name", () => {
		for (const value of [null, "", "design", "Furniture", "chairs", "toString", "__proto__"]) {
			expect(parseDesignPageType(value)).toBeNull();
		}
	});
});

describe("the page that lists a category", () => {
	it("is the category's own page, the Design page's chip for furniture and clothing, else the filtered shop", () => {
		expect(categoryPagePath("branding")).toBe("/branding");
		expect(categoryPagePath("design")).toBe("/design");
		expect(categoryPagePath("furniture")).toBe("/design?type=furniture");
		expect(categoryPagePath("clothing")).toBe("/design?type=clothing");
		expect(categoryPagePath("uncategorized")).toBe("/shop?category=uncategorized");
	});
});
