/**
 * The category names a piece is found by, in both languages: the same words as `categories` in
 * app/locales/{en,ru}/common.json (tests/unit/search-category-names.test.ts holds them equal). A copy,
 * because the index is also built by the seed outside the app's bundler, where a JSON import needs an
 * import attribute that the app's compiler cannot read.
 */
export const CATEGORY_NAMES: Record<"en" | "ru", Record<string, string>> = {
	en: {
		furniture: "Furniture",
		clothing: "Clothing",
		design: "Design",
		art: "Art",
		branding: "Branding",
		creative: "Creative",
		uncategorized: "Uncategorized",
	},
	ru: {
		furniture: "Мебель",
		clothing: "Одежда",
		design: "Дизайн",
		art: "Искусство",
		branding: "Брендинг",
		creative: "Креатив",
		uncategorized: "Без категории",
	},
};
