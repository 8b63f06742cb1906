import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { E2eServer } from "./servers";

/**
 * Issue #35, the shop's part: sold pieces stop selling themselves (out of Featured and "You may also like",
 * after the available ones in every order), "available only" and a price range with presets, chips that
 * remove themselves, the phone's "Filters (n)" panel, no empty categories, and /art's collection cards
 * that open their pieces. In English and Russian, with and without JavaScript where they differ.
 */

const LANGUAGES = {
	en: {
		available: "Available only",
		apply: "Apply",
		from: "From, ₽",
		to: "To, ₽",
		upTo50: /^Up to 50\s000\s₽$/,
		range: /^50\s000\s[–—]\s150\s000\s₽$/,
		remove: (label: RegExp | string) =>
			new RegExp(
				`^Remove filter: ${typeof label === "string" ? label : label.source.replace(/^\^|\$$/g, "")}$`,
			),
		count: (n: number) => new RegExp(`^${n}\\sproducts?$`),
		filters: (n: number) => (n > 0 ? `Filters (${n})` : "Filters"),
		show: /^Show (\d+ )?results?$/,
		showUncounted: "Show results",
		category: "Category",
		uncategorized: "Uncategorized",
		collection: "Collection: Prints",
		prints: "Prints",
		featured: "Featured",
		filterForm: "Filter the catalogue",
	},
	ru: {
		available: "Только в наличии",
		apply: "Применить",
		from: "От, ₽",
		to: "До, ₽",
		upTo50: /^до 50\s000\s₽$/,
		range: /^50\s000\s[–—]\s150\s000\s₽$/,
		remove: (label: RegExp | string) =>
			new RegExp(
				`^Убрать фильтр: ${typeof label === "string" ? label : label.source.replace(/^\^|\$$/g, "")}$`,
			),
		count: (n: number) => new RegExp(`^${n}\\sтовар(а|ов)?$`),
		filters: (n: number) => (n > 0 ? `Фильтры (${n})` : "Фильтры"),
		show: /^Показать (\d+ )?результат(а|ов|ы)?$/,
		showUncounted: "Показать результаты",
		category: "Категория",
		uncategorized: "Без категории",
		collection: "Коллекция: Принты",
		prints: "Принты",
		featured: "Избранные",
		filterForm: "Фильтры каталога",
	},
} as const;

type Language = keyof typeof LANGUAGES;

/** A text holding the number `n` itself, not as part of another (5 is not in "15"). */
const exactly = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`);

function published(site: E2eServer, where = "1 = 1"): number {
	return (
		site.query<{ n: number }>(`select count(*) as n from projects where status = 'published' and ${where}`)[0]
			?.n ?? 0
	);
}

/** A piece's availability for the length of `work`, put back after. */
async function withAvailability(
	site: E2eServer,
	id: string,
	availability: string,
	work: () => Promise<void>,
): Promise<void> {
	const [before] = site.query<{ availability: string }>("select availability from projects where id = ?", id);
	site.query("update projects set availability = ? where id = ?", availability, id);
	try {
		await work();
	} finally {
		site.query("update projects set availability = ? where id = ?", before?.availability ?? "available", id);
	}
}

const count = (page: Page) => page.locator("p[aria-live=polite] > span").first();
const chips = (page: Page, lng: Language) =>
	page.getByRole("list", { name: lng === "en" ? "Active filters" : "Выбранные фильтры" });

for (const lng of ["en", "ru"] as const) {
	const words = LANGUAGES[lng];
	const at = (path: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;

	test.describe(`the shop (${lng})`, () => {
		test("available only and a price range narrow the list; their chips remove themselves", {
			tag: "@no-js",
		}, async ({ page, js, site }) => {
			await page.goto(at("/shop"));
			const form = page.getByRole("search", { name: words.filterForm });
			await form.getByLabel(words.available).check();
			if (!js) await form.getByRole("button", { name: words.apply }).click();
			await expect(page).toHaveURL(/[?&]available=1(&|$)/);
			const available = published(site, "availability = 'available'");
			await expect(count(page)).toHaveText(words.count(available));
			await expect(page.getByTestId("availability-mark")).toHaveCount(0);
			await expect(chips(page, lng).getByRole("link", { name: words.remove(words.available) })).toBeVisible();

			// A preset sets the range; the list and its count follow.
			await form.getByRole("link", { name: words.upTo50 }).click();
			await expect(page).toHaveURL(/[?&]max=50000(&|$)/);
			const cheap = published(site, "availability = 'available' and price > 0 and price <= 50000");
			await expect(count(page)).toHaveText(words.count(cheap));
			expect(cheap).toBeLessThan(available);

			// Typed bounds, as a visitor writes them.
			await form.getByLabel(words.from).fill("50 000");
			await form.getByLabel(words.to).fill("150 000");
			await form.getByRole("button", { name: words.apply }).click();
			// (Without JavaScript the form sends the fields as typed: "50 000".)
			await expect(page).toHaveURL(/[?&]min=50(\+|%20)?000&max=150(\+|%20)?000(&|$)/);
			const middle = published(site, "availability = 'available' and price >= 50000 and price <= 150000");
			await expect(count(page)).toHaveText(words.count(middle));
			const priceChip = chips(page, lng).getByRole("link", { name: words.remove(words.range) });
			await expect(priceChip).toHaveText(words.range);

			// Each chip is a link to the list without it.
			await priceChip.click();
			await expect(page).not.toHaveURL(/[?&](min|max)=/);
			await expect(count(page)).toHaveText(words.count(available));
			await chips(page, lng)
				.getByRole("link", { name: words.remove(words.available) })
				.click();
			await expect(page).toHaveURL(/\/shop(\?lng=\w+)?$/);
			await expect(count(page)).toHaveText(words.count(published(site)));
			await expect(page.getByTestId("shop-chips")).toHaveCount(0);
		});

		test("a sold piece sorts after the available ones, even the cheapest", async ({ page, site }) => {
			// The cheapest piece in the catalogue, sold.
			await withAvailability(site, "quiet-grid-poster", "sold", async () => {
				await page.goto(at("/shop?sort=price-asc"));
				const cards = page.getByTestId("project-card");
				await expect(cards.first()).not.toContainText("Quiet Grid Poster");
				const names = await cards.getByRole("heading").allTextContents();
				const marks = await cards.evaluateAll((all) =>
					all.map((card) => card.querySelector("[data-testid=availability-mark]")?.textContent ?? ""),
				);
				const firstSold = marks.findIndex((mark) => mark === (lng === "en" ? "Sold" : "Продано"));
				expect(names.indexOf("Quiet Grid Poster")).toBeGreaterThanOrEqual(firstSold);
				// Nothing available comes after a sold or reserved piece.
				const lastAvailable = marks.lastIndexOf("");
				expect(marks.slice(0, lastAvailable + 1).every((mark) => mark === "")).toBe(true);
			});
		});

		test("a sold piece leaves Featured and “You may also like”", async ({ page, site }) => {
			await withAvailability(site, "terra-modular-sofa", "sold", async () => {
				await page.goto(at("/"));
				const featured = page.locator("section[aria-labelledby=home-featured]");
				await expect(featured.getByTestId("project-card").first()).toBeVisible();
				await expect(
					featured.getByTestId("project-card").filter({ hasText: "Terra Modular Sofa" }),
				).toHaveCount(0);
			});
			await page.goto(at("/project/arc-lounge-chair"));
			const related = page.locator("section[aria-labelledby=related-projects]");
			const first =
				(await related.getByTestId("project-card").first().getByRole("heading").textContent()) ?? "";
			const [piece] = site.query<{ id: string }>("select id from projects where name = ?", first.trim());
			expect(piece).toBeDefined();
			await withAvailability(site, piece?.id ?? "", "sold", async () => {
				await page.reload();
				await expect(related.getByTestId("project-card").first()).toBeVisible();
				await expect(related.getByTestId("project-card").filter({ hasText: first.trim() })).toHaveCount(0);
			});
		});

		test("the category filter offers no empty category", async ({ page, site }) => {
			await page.goto(at("/shop"));
			const category = page.getByRole("search", { name: words.filterForm }).getByLabel(words.category, {
				exact: true,
			});
			await expect(category.locator("option", { hasText: words.uncategorized })).toHaveCount(0);
			expect(published(site, "category = 'uncategorized'")).toBe(0);
			site.query("update projects set category = 'uncategorized' where id = 'loop-bench'");
			try {
				await page.reload();
				await expect(category.locator("option", { hasText: words.uncategorized })).toHaveCount(1);
			} finally {
				site.query("update projects set category = 'furniture' where id = 'loop-bench'");
			}
		});

		test("a collection card on /art opens the pieces of that collection", { tag: "@no-js" }, async ({
			page,
			site,
		}) => {
			await page.goto(at("/art"));
			await page.getByTestId("collection-card").filter({ hasText: words.prints }).first().click();
			await expect(page).toHaveURL(/\/shop\?category=art&collection=prints/);
			const prints = published(site, "collection = 'prints'");
			expect(prints).toBeGreaterThan(0);
			await expect(page.getByTestId("project-card")).toHaveCount(prints);
			await expect(page.getByTestId("project-card").first()).toContainText("Quiet Grid Poster");
			await expect(
				chips(page, lng).getByRole("link", { name: words.remove(words.collection) }),
			).toBeVisible();
		});
	});

	test.describe(`the shop on a phone (${lng})`, () => {
		test.use({ viewport: { width: 390, height: 844 } });

		test("“Filters (n)” opens the filters over the results and “Show N results” closes them", {
			tag: "@no-js",
		}, async ({ page, js, site }) => {
			await page.goto(at("/shop?available=1"));
			const toggle = page.locator("summary").filter({ hasText: words.filters(0) });
			await expect(toggle).toHaveText(words.filters(1));
			await expect(toggle).toBeInViewport();
			const form = page.getByRole("search", { name: words.filterForm });
			await expect(form).toBeHidden();
			await toggle.click();
			await expect(form).toBeVisible();
			const show = form.getByRole("button", { name: words.show });
			if (js) {
				await expect(show).toHaveText(exactly(published(site, "availability = 'available'")));
				// Typing a price counts what it would find before anything is sent.
				await form.getByLabel(words.to).fill("50000");
				await expect(show).toHaveText(
					exactly(published(site, "availability = 'available' and price > 0 and price <= 50000")),
				);
				await form.getByLabel(words.to).fill("");
			} else {
				// Without JavaScript nothing counts what is typed before it is sent: no number to go stale.
				await expect(show).toHaveText(words.showUncounted);
			}
			await show.click();
			await expect(form).toBeHidden();
			await expect(page).toHaveURL(/[?&]available=1(&|$)/);
			// The chip above the results removes the filter.
			await chips(page, lng)
				.getByRole("link", { name: words.remove(words.available) })
				.click();
			await expect(page.locator("summary").filter({ hasText: words.filters(0) })).toHaveText(
				words.filters(0),
			);
			if (js) await expect(form).toBeHidden();
		});
	});
}
