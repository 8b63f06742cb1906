import type { Page } from "@playwright/test";
import { openDatabase } from "../../db/connection";
import { growCatalogue } from "../bench/grow-catalogue";
import { expect, test } from "./fixtures";

/**
 * Paging through a category (issue #33), with JavaScript and without, in English and Russian, on a
 * site of its own whose catalogue is grown past one page (the other specs' sites keep the seed's 18
 * pieces, which they count). Without JavaScript the list is one page with links to the others; with it
 * "Show more" appends the next page in place, and Back from a piece returns to the whole run, where it was.
 */
test.use({ siteFor: "grown-catalogue" });
test.describe.configure({ mode: "serial" });

/** The seed grown to this many pieces: the Design page (design, furniture, clothing) gets five pages. */
const PIECES = 150;
const PAGE_SIZE = 24;

let designTotal = 0;

test.beforeAll(async ({ site }) => {
	const database = openDatabase(site.databasePath);
	try {
		await growCatalogue(database.db, PIECES);
	} finally {
		await database.db.destroy();
	}
	const [row] = site.query<{ n: number }>(
		"select count(*) as n from projects where status = 'published' and category in ('design', 'furniture', 'clothing')",
	);
	designTotal = row?.n ?? 0;
});

const TEXTS = {
	en: {
		projects: "Projects",
		showMore: "Show more",
		pages: "Pages",
		of: "of",
		next: "Next",
		previous: "Previous",
	},
	ru: {
		projects: "Проекты",
		showMore: "Показать ещё",
		pages: "Страницы",
		of: "из",
		next: "Вперёд",
		previous: "Назад",
	},
} as const;

/** The category's grid: the list its "Projects" heading names. */
function grid(page: Page, language: "en" | "ru") {
	return page.getByRole("list", { name: TEXTS[language].projects });
}

async function cardNames(page: Page, language: "en" | "ru"): Promise<string[]> {
	return grid(page, language).getByRole("listitem").getByRole("heading").allTextContents();
}

/** "1–24 of 108" (no-break spaces and thin dashes as the page prints them). */
function shown(from: number, to: number, language: "en" | "ru"): RegExp {
	return new RegExp(`^${from}–${to}\\s${TEXTS[language].of}\\s${designTotal}$`);
}

for (const language of ["en", "ru"] as const) {
	const texts = TEXTS[language];
	/** The Design page (at a page) in this language: the pages' links keep ?lng=. */
	const address = (pageNumber?: number) =>
		pageNumber ? `/design?page=${pageNumber}&lng=${language}` : `/design?lng=${language}`;

	test(`pages through the Design page (${language})`, { tag: "@no-js" }, async ({ page, js }) => {
		const pageCount = Math.ceil(designTotal / PAGE_SIZE);
		expect(pageCount).toBeGreaterThan(3);
		await page.goto(address());
		await expect(grid(page, language).getByRole("listitem")).toHaveCount(PAGE_SIZE);
		const first = await cardNames(page, language);
		await expect(page.getByText(shown(1, PAGE_SIZE, language))).toBeVisible();
		const pager = page.getByRole("navigation", { name: texts.pages });
		await expect(pager.getByRole("link", { name: texts.previous })).toHaveCount(0);

		const showMore = page.getByRole("link", { name: texts.showMore });
		if (js) {
			// Scrolled down to the button (as a click would), so the position to keep is the one it is read at.
			await showMore.scrollIntoViewIfNeeded();
			const before = await page.evaluate(() => window.scrollY);
			expect(before).toBeGreaterThan(0);
			await showMore.click();
			await expect(page).toHaveURL(/[?&]page=2\b/);
			// The next page is appended to the first, the scroll position kept, the keyboard on the first new card.
			await expect(grid(page, language).getByRole("listitem")).toHaveCount(2 * PAGE_SIZE);
			expect((await cardNames(page, language)).slice(0, PAGE_SIZE)).toEqual(first);
			await expect(page.getByText(shown(1, 2 * PAGE_SIZE, language))).toBeVisible();
			expect(await page.evaluate(() => window.scrollY)).toBe(before);
			await expect(
				grid(page, language).getByRole("listitem").nth(PAGE_SIZE).getByRole("link").first(),
			).toBeFocused();

			// A piece far down the run, then Back: the whole run again, that piece where it was.
			const card = grid(page, language)
				.getByRole("listitem")
				.nth(PAGE_SIZE + 5);
			const name = ((await card.getByRole("heading").textContent()) ?? "").trim();
			await card.getByRole("link").first().click();
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
			await page.goBack();
			await expect(grid(page, language).getByRole("listitem")).toHaveCount(2 * PAGE_SIZE);
			await expect(grid(page, language).getByRole("heading", { name, exact: true })).toBeInViewport();
		} else {
			await showMore.click();
			await expect(page).toHaveURL(/[?&]page=2\b/);
			// Without JavaScript the next page is a page of its own, linked back to the first.
			await expect(grid(page, language).getByRole("listitem")).toHaveCount(PAGE_SIZE);
			const second = await cardNames(page, language);
			expect(second.filter((name) => first.includes(name))).toEqual([]);
			await expect(page.getByText(shown(PAGE_SIZE + 1, 2 * PAGE_SIZE, language))).toBeVisible();
			await pager.getByRole("link", { name: texts.previous }).click();
			await expect(page).not.toHaveURL(/page=/);
			expect(await cardNames(page, language)).toEqual(first);
		}

		// The last page: no "Show more", no next link; one page further is not a page.
		await page.goto(address(pageCount));
		await expect(grid(page, language).getByRole("listitem")).toHaveCount(
			designTotal - (pageCount - 1) * PAGE_SIZE,
		);
		await expect(page.getByRole("link", { name: texts.showMore })).toHaveCount(0);
		await expect(pager.getByRole("link", { name: texts.next })).toHaveCount(0);
		const past = await page.goto(address(pageCount + 1));
		expect(past?.status()).toBe(404);
	});
}
