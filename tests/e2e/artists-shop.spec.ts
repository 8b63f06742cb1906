import type { Page } from "@playwright/test";
import { formatPrice } from "../../app/lib/format";
import { seedArtists, seedProjects } from "../../db/seed/seed-data";
import { expect, test } from "./fixtures";

type SeedProject = (typeof seedProjects)[number];

const artistName = (project: SeedProject) =>
	seedArtists.find((artist) => artist.id === project.artistId)?.name ?? "";

function projectNames(projects: SeedProject[]): string[] {
	return projects.map((project) => project.name).sort();
}

/** What the shop's search should find: the word anywhere in name, designer or either description. */
function matching(word: string): SeedProject[] {
	const needle = word.toLocaleLowerCase("ru");
	return seedProjects.filter((project) =>
		[project.name, artistName(project), project.descriptionEn, project.descriptionRu]
			.join(" ")
			.toLocaleLowerCase("ru")
			.includes(needle),
	);
}

const cards = (page: Page) => page.getByTestId("project-card");
const filterForm = (page: Page) => page.getByRole("search", { name: "Filter the catalogue" });

async function cardNames(page: Page): Promise<string[]> {
	return (await cards(page).getByRole("heading").allInnerTexts()).sort();
}

/** The cards' prices in order, each with its availability mark ("" when available); "Price on request" reads as null. */
async function cardPrices(page: Page): Promise<Array<{ price: number | null; mark: string }>> {
	return cards(page).evaluateAll((all) =>
		all.map((card) => {
			const digits = /([\d\u00a0]+)\u00a0₽/.exec(card.textContent ?? "")?.[1];
			return {
				price: digits ? Number(digits.replace(/\u00a0/g, "")) : null,
				mark: card.querySelector("[data-testid=availability-mark]")?.textContent ?? "",
			};
		}),
	);
}

/**
 * Available pieces first, then reserved, then sold (issue #35); within each, priced pieces in the given
 * order, then the ones on request.
 */
function expectPriceOrder(cardsInOrder: Array<{ price: number | null; mark: string }>, direction: 1 | -1) {
	const rank = (mark: string) => ["", "Reserved", "Sold"].indexOf(mark);
	const ranks = cardsInOrder.map((card) => rank(card.mark));
	expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
	for (const group of new Set(ranks)) {
		const prices = cardsInOrder.filter((card) => rank(card.mark) === group).map((card) => card.price);
		const priced = prices.filter((price): price is number => price !== null);
		expect(priced).toEqual([...priced].sort((a, b) => direction * (a - b)));
		expect(prices.slice(priced.length).every((price) => price === null)).toBe(true);
	}
}

/** Choose a filter: with JavaScript the form submits on change, without it the visitor presses Apply. */
async function choose(page: Page, js: boolean, label: string, value: string) {
	await filterForm(page).getByLabel(label, { exact: true }).selectOption(value);
	if (!js) await page.getByRole("button", { name: "Apply" }).click();
}

/** The shop's own search field (a combobox with JavaScript, a searchbox without; the header has another). */
const searchField = (page: Page) => filterForm(page).getByLabel("Search", { exact: true });

async function search(page: Page, text: string) {
	await searchField(page).fill(text);
	await searchField(page).press("Enter");
}

test.describe("artists", () => {
	test("/artists lists every artist, each with one 'View Profile' link to its page", async ({ page }) => {
		await page.goto("/artists");
		await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artists, Designers & Studios");
		await expect(page.getByRole("link", { name: "View Profile", exact: true })).toHaveCount(
			seedArtists.length,
		);
		expect(seedArtists).toHaveLength(7);
		for (const artist of seedArtists) {
			const card = page
				.getByRole("article")
				.filter({ has: page.getByRole("heading", { name: artist.name, exact: true }) });
			await expect(card.getByRole("link")).toHaveCount(1);
			await expect(card.getByRole("link")).toHaveAccessibleName("View Profile");
			await expect(card.getByRole("link")).toHaveAccessibleDescription(artist.name);
			await expect(card.getByRole("link")).toHaveAttribute("href", `/artist/${artist.id}`);
			const works = seedProjects.filter((project) => project.artistId === artist.id).length;
			await expect(card).toContainText(`${works} works`);
		}
		await page
			.getByRole("article")
			.filter({ has: page.getByRole("heading", { name: "Carmworks" }) })
			.getByRole("link", { name: "View Profile" })
			.click();
		await expect(page).toHaveURL("/artist/carmworks");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carmworks");
	});

	test("/artists speaks Russian", async ({ page }) => {
		await page.goto("/artists?lng=ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Художники, дизайнеры и студии");
		await expect(page.getByRole("link", { name: "Смотреть профиль", exact: true })).toHaveCount(7);
		await expect(page.getByText("Corpus Studio работает с массивом дерева")).toBeVisible();
	});

	test("an artist page shows the profile and exactly that designer's works with prices", async ({ page }) => {
		await page.goto("/artist/corpus-studio");
		await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Corpus Studio");
		await expect(page.getByRole("img", { name: "Corpus Studio" })).toBeVisible();
		await expect(page.getByText("Corpus Studio works in solid wood")).toBeVisible();
		await expect(page.getByText(/certificate\sof\sauthenticity/).first()).toBeVisible();

		const works = page.getByRole("region", { name: "Works by Corpus Studio" });
		await expect(works.getByRole("heading", { level: 2 })).toHaveText("Works by Corpus Studio");
		const expected = seedProjects.filter((project) => project.artistId === "corpus-studio");
		await expect(works.getByRole("heading", { level: 3 })).toHaveCount(expected.length);
		expect((await works.getByRole("heading", { level: 3 }).allInnerTexts()).sort()).toEqual(
			projectNames(expected),
		);
		for (const project of expected) {
			const card = works
				.getByTestId("project-card")
				.filter({ has: page.getByRole("heading", { name: project.name }) });
			await expect(card).toContainText("Corpus Studio");
			await expect(card).toContainText(formatPrice(project.price));
			await expect(card.getByRole("link")).toHaveAttribute("href", `/project/${project.id}`);
		}
		await expect(works).toContainText("48\u00a0000\u00a0₽");

		await page.getByRole("link", { name: "All artists" }).click();
		await expect(page).toHaveURL("/artists");
	});

	test("an artist page links each work to its project", async ({ page }) => {
		await page.goto("/artist/masquespacio");
		await page.getByRole("link", { name: /Terra Modular Sofa/ }).click();
		await expect(page).toHaveURL("/project/terra-modular-sofa");
	});

	test("an artist page in Russian", async ({ page }) => {
		await page.goto("/artist/studio-tkan?lng=ru");
		await expect(page.getByRole("heading", { level: 2, name: "Работы: Studio Tkan" })).toBeVisible();
		await expect(page.getByRole("link", { name: "Все авторы" })).toHaveAttribute("href", "/artists");
		await expect(page.getByText("3 работы в галерее")).toBeVisible();
	});

	test("an artist page carries Person structured data and a profile OpenGraph type", async ({ page }) => {
		await page.goto("/artist/corpus-studio");
		const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
		const person = scripts
			.map((text) => JSON.parse(text) as Record<string, unknown>)
			.find((data) => data["@type"] === "Person");
		expect(person).toBeDefined();
		expect(person?.name).toBe("Corpus Studio");
		expect(String(person?.description)).toContain("solid wood");
		expect(String(person?.url)).toMatch(/^https?:\/\/.+\/artist\/corpus-studio$/);
		expect(String(person?.image)).toMatch(/^https?:\/\//);
		await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "profile");
		expect(await page.title()).toBe("Corpus Studio — FORMA");
	});

	test("an unknown artist goes to /not-found, which answers 404, in either language", async ({ page }) => {
		const response = await page.goto("/artist/no-such-artist");
		await expect(page).toHaveURL("/not-found");
		expect(response?.status()).toBe(404);
		await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
		// A shared Russian link stays Russian on the way.
		const russian = await page.goto("/artist/no-such-artist?lng=ru");
		await expect(page).toHaveURL("/not-found?lng=ru");
		expect(russian?.status()).toBe(404);
		await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toBeVisible();
	});
});

test.describe("shop", () => {
	test("shows the whole catalogue on one page, with labelled filters", async ({ page }) => {
		const response = await page.goto("/shop");
		expect(response?.status()).toBe(200);
		expect(await page.title()).toBe("Shop — FORMA");
		await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");
		await expect(page.getByText("18 products", { exact: true })).toBeVisible();
		await expect(cards(page)).toHaveCount(seedProjects.length);
		// 18 products fit on one page of 24: no pagination.
		await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
		for (const label of ["Search", "Category", "Designer", "Sort by"]) {
			await expect(filterForm(page).getByLabel(label, { exact: true })).toBeVisible();
		}
		await expect(filterForm(page).getByLabel("Category", { exact: true }).locator("option")).toHaveText([
			"All categories",
			"Furniture",
			"Clothing",
			"Design",
			"Art",
			"Branding",
			"Creative",
			// No piece is uncategorized: an empty category is not offered (issue #35).
		]);
	});

	test("filters by category", { tag: "@no-js" }, async ({ page, js }) => {
		await page.goto("/shop");
		await choose(page, js, "Category", "furniture");
		await expect(page).toHaveURL(/[?&]category=furniture/);
		const furniture = seedProjects.filter((project) => project.category === "furniture");
		await expect(page.getByText(`${furniture.length} products`, { exact: true })).toBeVisible();
		await expect(cards(page)).toHaveCount(furniture.length);
		expect(await cardNames(page)).toEqual(projectNames(furniture));
		await expect(filterForm(page).getByLabel("Category", { exact: true })).toHaveValue("furniture");
	});

	test("filters by designer", { tag: "@no-js" }, async ({ page, js }) => {
		await page.goto("/shop");
		await choose(page, js, "Designer", "Studio Tkan");
		await expect(page).toHaveURL(/[?&]designer=studio-tkan/);
		const expected = seedProjects.filter((project) => project.artistId === "studio-tkan");
		await expect(cards(page)).toHaveCount(expected.length);
		expect(await cardNames(page)).toEqual(projectNames(expected));
	});

	test("sorts by price both ways", { tag: "@no-js" }, async ({ page, js }) => {
		await page.goto("/shop");
		await choose(page, js, "Sort by", "price-asc");
		await expect(page).toHaveURL(/[?&]sort=price-asc/);
		await expect(cards(page).first()).toContainText("450\u00a0₽");
		const ascending = await cardPrices(page);
		expectPriceOrder(ascending, 1);
		expect(ascending).toHaveLength(18);
		// The available piece on request, then the reserved one, then the sold one, last.
		await expect(cards(page).nth(15)).toContainText("Price on request");
		await expect(cards(page).nth(16)).toContainText("Slab Oak Dining Table");
		await expect(cards(page).last()).toContainText("Nido Stool");

		await choose(page, js, "Sort by", "price-desc");
		await expect(page).toHaveURL(/[?&]sort=price-desc/);
		await expect(cards(page).first()).toContainText("140\u00a0000\u00a0₽");
		const descending = await cardPrices(page);
		expectPriceOrder(descending, -1);
		await expect(cards(page).last()).toContainText("Nido Stool");
	});

	test("combines filters, keeps them in the URL, and resets", async ({ page }) => {
		await page.goto("/shop?category=furniture&sort=price-asc");
		await expect(filterForm(page).getByLabel("Category", { exact: true })).toHaveValue("furniture");
		await expect(filterForm(page).getByLabel("Sort by", { exact: true })).toHaveValue("price-asc");
		// The cheapest furniture (Nido Stool, 12 900 ₽) is sold: the cheapest available piece comes first.
		await expect(cards(page).first()).toContainText(formatPrice(18500));
		await expect(cards(page)).toHaveCount(8);
		await page.getByRole("link", { name: "Reset", exact: true }).click();
		await expect(page).toHaveURL("/shop");
		await expect(cards(page)).toHaveCount(18);
		await expect(filterForm(page).getByLabel("Category", { exact: true })).toHaveValue("");
	});

	test("searches English descriptions", async ({ page }) => {
		await page.goto("/shop");
		await search(page, "wool");
		await expect(page).toHaveURL(/[?&]q=wool/);
		const expected = matching("wool");
		expect(expected.length).toBeGreaterThan(1);
		await expect(cards(page)).toHaveCount(expected.length);
		expect(await cardNames(page)).toEqual(projectNames(expected));
		await expect(searchField(page)).toHaveValue("wool");
	});

	test("searches Russian descriptions, ignoring case", async ({ page }) => {
		await page.goto("/shop");
		await search(page, "ДУБА");
		const expected = matching("дуба");
		expect(expected.length).toBeGreaterThan(0);
		await expect(cards(page)).toHaveCount(expected.length);
		expect(await cardNames(page)).toEqual(projectNames(expected));
	});

	test("an empty result says so and offers a reset", async ({ page }) => {
		await page.goto("/shop");
		await search(page, "zzqxj");
		await expect(page.getByRole("heading", { name: "Nothing matches your search" })).toBeVisible();
		await expect(page.getByText("0 products", { exact: true })).toBeVisible();
		await expect(cards(page)).toHaveCount(0);
		await page.getByRole("link", { name: "Reset filters" }).click();
		await expect(page).toHaveURL("/shop");
		await expect(cards(page)).toHaveCount(18);
	});

	test("a page number past the end, or one that is no number, is not a page (issue #33)", async ({
		page,
	}) => {
		for (const pageNumber of ["99", "2", "0", "-2", "x"]) {
			const response = await page.goto(`/shop?page=${pageNumber}`);
			expect(response?.status(), pageNumber).toBe(404);
		}
		const response = await page.goto("/shop?page=1");
		expect(response?.status()).toBe(200);
		await expect(cards(page)).toHaveCount(18);
		await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
	});

	test("invalid parameters fall back to the defaults", async ({ page }) => {
		const response = await page.goto("/shop?sort=bogus&category=nope&designer=Nobody&q=");
		expect(response?.status()).toBe(200);
		await expect(page.getByText("18 products", { exact: true })).toBeVisible();
		await expect(filterForm(page).getByLabel("Category", { exact: true })).toHaveValue("");
		await expect(filterForm(page).getByLabel("Designer", { exact: true })).toHaveValue("");
		await expect(filterForm(page).getByLabel("Sort by", { exact: true })).toHaveValue("newest");
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/shop$/);
	});

	test("counts in Russian with the right plural", async ({ page }) => {
		await page.goto("/shop?lng=ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Магазин");
		await expect(page.getByText("18 товаров", { exact: true })).toBeVisible();
		await page.goto("/shop?category=clothing");
		await expect(page.getByText("2 товара", { exact: true })).toBeVisible();
		await page.goto(`/shop?q=${encodeURIComponent("пальто")}`);
		await expect(page.getByText(`${matching("пальто").length} товар`, { exact: true })).toBeVisible();
		await page.goto("/shop?category=furniture");
		await expect(page.getByText("8 товаров", { exact: true })).toBeVisible();
		await expect(
			page.getByRole("search", { name: "Фильтры каталога" }).getByLabel("Категория", { exact: true }),
		).toHaveValue("furniture");
	});

	test("with JavaScript, a filter applies on change and the page keeps its scroll position", async ({
		page,
		js,
	}) => {
		test.skip(!js, "submitting on change is an enhancement");
		await page.setViewportSize({ width: 1280, height: 500 });
		await page.goto("/shop");
		const category = filterForm(page).getByLabel("Category", { exact: true });
		await category.scrollIntoViewIfNeeded();
		await page.evaluate(() => window.scrollBy(0, 200));
		const before = await page.evaluate(() => window.scrollY);
		expect(before).toBeGreaterThan(0);
		await category.focus();
		await category.selectOption("clothing");
		await expect(page).toHaveURL("/shop?category=clothing");
		await expect(cards(page)).toHaveCount(2);
		expect(await page.evaluate(() => window.scrollY)).toBe(before);
		await expect(category).toBeFocused();
	});
});
