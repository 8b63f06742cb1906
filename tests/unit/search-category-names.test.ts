import { describe, expect, it } from "vitest";
import { CATEGORY_NAMES } from "~/lib/search/category-names";
import enCommon from "~/locales/en/common.json";
import ruCommon from "~/locales/ru/common.json";

describe("the category names the search indexes", () => {
	it("are the names the site shows, in both languages", () => {
		expect(CATEGORY_NAMES.en).toEqual(enCommon.categories);
		expect(CATEGORY_NAMES.ru).toEqual(ruCommon.categories);
	});
});
