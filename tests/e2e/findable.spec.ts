import type { Page } from "@playwright/test";
import { DESIGN_PAGE_TYPES } from "../../app/lib/categories";
import { seedProjects } from "../../db/seed/seed-data";
import { expect, test } from "./fixtures";

/** Seeded projects as the category pages list them: available, then reserved, then sold; newest first. */
const RANK = { available: 0, reserved: 1, sold: 2 } as const;
const byNewest = [...seedProjects].sort(
	(a, b) =>
		RANK[a.availability ?? "available"] - RANK[b.availability ?? "available"] ||
		b.createdAt.localeCompare(a.createdAt),
);
const namesIn = (...categories: string[]) =>
	byNewest.filter((project) => categories.includes(project.category)).map((project) => project.name);
const FURNITURE = namesIn("furniture");

const grid = (page: Page) => page.getByRole("region", { name: "Projects" });
const chips = (page: Page) => page.getByRole("navigation", { name: "Narrow the design page" });

test.describe("finding a piece", () => {
	test("a furniture piece is two clicks from the home page: Design, then Furniture", async ({ page }) => {
		await page.goto("/");
		await page
			.getByRole("navigation", { name: "Main navigation" })
			.getByRole("link", { name: "Design" })
			.click();
		await expect(page).toHaveURL("/design");
		await chips(page).getByRole("link", { name: "Furniture" }).click();
		await expect(page).toHaveURL("/design?type=furniture");
		await expect(grid(page).getByRole("heading", { level: 3 })).toHaveText(FURNITURE);
	});

	test("…or two clicks through the shop, whose card opens the piece", async ({ page }) => {
		await page.goto("/");
		await page
			.getByRole("navigation", { name: "Main navigation" })
			.getByRole("link", { name: "Shop" })
			.click();
		await expect(page).toHaveURL("/shop");
		await page.getByRole("link", { name: /^Terra Modular Sofa/ }).click();
		await expect(page).toHaveURL("/project/terra-modular-sofa");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terra Modular Sofa");
	});

	test("the design chips narrow the grid and mark the current chip", async ({ page }) => {
		await page.goto("/design");
		const expected = {
			All: namesIn("design", "furniture", "clothing"),
			Furniture: FURNITURE,
			Clothing: namesIn(DESIGN_PAGE_TYPES.clothing),
			Objects: namesIn(DESIGN_PAGE_TYPES.objects),
		};
		await expect(chips(page).getByRole("link")).toHaveText(Object.keys(expected));
		for (const [chip, names] of Object.entries(expected)) {
			expect(names.length).toBeGreaterThan(0);
			await chips(page).getByRole("link", { name: chip }).click();
			await expect(chips(page).getByRole("link", { name: chip })).toHaveAttribute("aria-current", "page");
			await expect(chips(page).locator("[aria-current]")).toHaveCount(1);
			await expect(grid(page).getByRole("heading", { level: 3 })).toHaveText(names);
			await expect(page.getByText(`${names.length} pieces`, { exact: true })).toBeVisible();
		}
		// A type nobody offers shows everything, with All marked.
		await page.goto("/design?type=chairs");
		await expect(chips(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
		await expect(grid(page).getByRole("heading", { level: 3 })).toHaveText(expected.All);
		// The home tile says what the page holds.
		await page.goto("/");
		await expect(
			page.getByRole("region", { name: "What we do" }).getByRole("link", { name: /^Design/ }),
		).toContainText("Objects, furniture and clothing");
	});

	test("the chips speak Russian", async ({ page }) => {
		await page.goto("/design?type=clothing&lng=ru");
		const russianChips = page.getByRole("navigation", { name: "Что показать в разделе «Дизайн»" });
		await expect(russianChips.getByRole("link")).toHaveText(["Все", "Мебель", "Одежда", "Предметы"]);
		await expect(russianChips.getByRole("link", { name: "Одежда" })).toHaveAttribute("aria-current", "page");
	});
});

test.describe("shipping and returns", () => {
	test("the footer links to it, in English and in Russian, and the sitemap lists it", async ({
		page,
		request,
	}) => {
		await page.goto("/");
		await page.getByRole("contentinfo").getByRole("link", { name: "Shipping & Returns" }).click();
		await expect(page).toHaveURL("/shipping");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping & Returns");
		expect(await page.title()).toBe("Shipping & Returns — FORMA");
		for (const section of ["Delivery costs", "Packaging and insurance", "Damaged deliveries", "Returns"]) {
			await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
		}
		// The same promise the project pages make ("Free worldwide shipping").
		await expect(page.getByText(/Delivery\sis\sfree\sfor\severy\swork\swe\sship/)).toBeVisible();
		await expect(page.getByText(/extends\sthis\sto\s14\sdays/)).toBeVisible();

		await page.goto("/?lng=ru");
		await page.getByRole("contentinfo").getByRole("link", { name: "Доставка и возврат" }).click();
		await expect(page).toHaveURL("/shipping");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Доставка и возврат");
		await expect(page.getByRole("heading", { level: 2, name: /^\d+\.\sВозврат$/ })).toBeVisible();
		await expect(page.getByText(/продлевает\sэтот\sсрок\sдо\s14\sдней/)).toBeVisible();

		const sitemap = await (await request.get("/sitemap/pages.xml")).text();
		expect(sitemap).toContain("/shipping</loc>");
	});
});

test.describe("on a phone", () => {
	test.use({ viewport: { width: 390, height: 844 } });

	test("the shop shows its results first; a control that stays in view opens the filters over them", {
		tag: "@no-js",
	}, async ({ page, js }) => {
		await page.goto("/shop");
		const filtersToggle = page.locator("summary").filter({ hasText: "Filters" });
		const form = page.getByRole("search", { name: "Filter the catalogue" });
		await expect(filtersToggle).toHaveText("Filters");
		await expect(form).toBeHidden();
		// Results come first, in reading order and on screen; the control stays at the bottom of the screen.
		const firstCard = page.getByTestId("project-card").first();
		await expect(firstCard).toBeVisible();
		await expect(filtersToggle).toBeInViewport();
		await page.getByTestId("project-card").last().scrollIntoViewIfNeeded();
		await expect(filtersToggle).toBeInViewport();

		await filtersToggle.click();
		await expect(form).toBeVisible();
		await form.getByLabel("Category", { exact: true }).selectOption("furniture");
		// With JavaScript the list follows each change under the panel, and the button says how many it holds.
		if (js) {
			await expect(page).toHaveURL(/\/shop\?(.*&)?category=furniture(&|$)/);
			await expect(form.getByRole("button", { name: `Show ${FURNITURE.length} results` })).toBeVisible();
		}
		// Without JavaScript it makes no count it could not keep: "Show results".
		await form.getByRole("button", { name: /^Show (\d+ )?results?$/ }).click();
		await expect(form).toBeHidden();
		// Without JavaScript the plain GET form also sends its empty fields.
		await expect(page).toHaveURL(/\/shop\?(.*&)?category=furniture(&|$)/);
		await expect(page.getByTestId("project-card")).toHaveCount(FURNITURE.length);
		await expect(page.locator("summary").filter({ hasText: "Filters" })).toHaveText("Filters (1)");
	});

	test("the menu lists the eight links and leads to furniture in two taps", async ({ page }) => {
		await page.goto("/");
		await page.getByRole("button", { name: "Open menu" }).click();
		const menu = page.getByRole("navigation", { name: "Menu" });
		await expect(menu.getByRole("link")).toHaveText([
			"Shop",
			"Branding",
			"Design",
			"Art",
			"Creative",
			"Artists",
			"About",
			"Contact",
		]);
		await menu.getByRole("link", { name: "Design" }).click();
		await chips(page).getByRole("link", { name: "Furniture" }).click();
		await expect(grid(page).getByRole("heading", { level: 3 })).toHaveText(FURNITURE);
	});
});

test.describe("the header", () => {
	test("fits from 768 to 1280 px in English and Russian", async ({ page }) => {
		for (const language of ["en", "ru"]) {
			for (const width of [768, 1023, 1024, 1280]) {
				await page.setViewportSize({ width, height: 800 });
				await page.goto(`/shop?lng=${language}`);
				// Measured in the site's own type: before the web fonts arrive the fallback's widths differ.
				await page.evaluate(() => document.fonts.ready.then(() => undefined));
				const fit = await page.getByRole("banner").evaluate((header) => {
					const row = header.firstElementChild as HTMLElement;
					const links = [...header.querySelectorAll<HTMLElement>("nav a")].filter(
						(link) => link.getClientRects().length > 0 && !link.closest("details"),
					);
					return {
						overflow: row.scrollWidth - row.clientWidth,
						wrapped: links.filter((link) => link.getClientRects().length > 1 || link.offsetHeight > 40)
							.length,
						links: links.length,
					};
				});
				const where = `${language} at ${width} px`;
				expect(fit.overflow, `${where}: header overflows`).toBeLessThanOrEqual(0);
				expect(fit.wrapped, `${where}: a nav link wraps`).toBe(0);
				// Six links beside the controls from 1024 px; below that they are in the menu.
				expect(fit.links, where).toBe(width >= 1024 ? 6 : 0);
				await expect(
					page.getByRole("button", { name: language === "ru" ? "Открыть меню" : "Open menu" }),
				).toBeVisible({
					visible: width < 1024,
				});
			}
		}
	});

	test("its links stay where they are when the page comes to life (a click never lands beside them)", async ({
		page,
		browser,
		js,
	}) => {
		test.skip(!js, "compares the page before and after its script runs");
		const shopLink = (target: typeof page) =>
			target.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Shop" });
		const plain = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
		try {
			// Both pages with the fonts in their cache: with font-display: optional, a first visit on a busy
			// machine may draw the header in the fallback face, a few pixels narrower, script or not.
			const before = await plain.newPage();
			await before.goto("/");
			await before.goto("/");
			await before.evaluate(() => document.fonts.ready);
			const still = await shopLink(before).boundingBox();
			await page.goto("/");
			await page.goto("/");
			await page.evaluate(() => document.fonts.ready);
			expect(await shopLink(page).boundingBox()).toEqual(still);
		} finally {
			await plain.close();
		}
	});
});
