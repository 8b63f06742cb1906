import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN } from "./session";

/**
 * The catalogue search from every page (issue #34): the header's search control, its suggestions as an
 * ARIA combobox worked by keyboard in both languages, the plain GET form without JavaScript, and the
 * searches that found nothing as staff see them.
 */
const TEXTS = {
	en: { open: "Search", form: "Search the catalogue", field: "Search", pieces: "Pieces", artists: "Artists" },
	ru: { open: "Поиск", form: "Поиск по каталогу", field: "Поиск", pieces: "Работы", artists: "Авторы" },
} as const;

/** Opens the header's search and returns its field. */
async function openHeaderSearch(page: Page, language: keyof typeof TEXTS) {
	const texts = TEXTS[language];
	await page.getByRole("banner").getByRole("button", { name: texts.open, exact: true }).click();
	const form = page.getByRole("banner").getByRole("search", { name: texts.form });
	return form.getByLabel(texts.field, { exact: true });
}

test.describe("suggestions by keyboard", () => {
	test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "suggestions need JavaScript");

	test("in English: arrow down to a piece, Enter opens it; Escape closes the list only", async ({ page }) => {
		await page.goto("/about");
		const field = await openHeaderSearch(page, "en");
		await expect(field).toHaveRole("combobox");
		await expect(field).toBeFocused();
		await field.pressSequentially("oak ch");
		const list = page.getByRole("listbox", { name: "Suggestions" });
		const chair = list
			.getByRole("group", { name: "Pieces" })
			.getByRole("option", { name: /Arc Lounge Chair/ });
		await expect(chair).toBeVisible();
		await expect(field).toHaveAttribute("aria-expanded", "true");

		await field.press("Escape");
		await expect(list).toBeHidden();
		await expect(field).toBeVisible();
		await expect(field).toHaveAttribute("aria-expanded", "false");

		await field.press("ArrowDown");
		await expect(chair).toHaveAttribute("aria-selected", "true");
		await expect(field).toHaveAttribute("aria-activedescendant", (await chair.getAttribute("id")) ?? "");
		await field.press("Enter");
		await expect(page).toHaveURL(/\/project\/arc-lounge-chair$/);
	});

	test("in Russian: an artist typed in Cyrillic, and a piece on the wrong layout", async ({ page }) => {
		await page.goto("/about?lng=ru");
		const field = await openHeaderSearch(page, "ru");
		await field.pressSequentially("маск");
		const list = page.getByRole("listbox", { name: "Подсказки" });
		const artist = list.getByRole("group", { name: "Авторы" }).getByRole("option", { name: /Masquespacio/ });
		await expect(artist).toBeVisible();
		// The artists come after the pieces: Up from the field wraps to the last option.
		await field.press("ArrowUp");
		await expect(artist).toHaveAttribute("aria-selected", "true");

		await field.fill("");
		await field.pressSequentially("rhtc");
		const chair = list.getByRole("option", { name: /Arc Lounge Chair/ });
		await expect(chair).toBeVisible();
		await field.press("ArrowDown");
		await expect(chair).toHaveAttribute("aria-selected", "true");
		await field.press("Enter");
		await expect(page).toHaveURL(/\/project\/arc-lounge-chair$/);
	});

	test("Enter with no suggestion chosen searches the shop", async ({ page }) => {
		await page.goto("/shop");
		const form = page.getByRole("search", { name: "Filter the catalogue" });
		const field = form.getByLabel("Search", { exact: true });
		await field.pressSequentially("chair");
		await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
		await field.press("Enter");
		await expect(page).toHaveURL(/[?&]q=chair/);
		await expect(page.getByTestId("project-card").first()).toContainText("Arc Lounge Chair");
	});
});

test("the header's search is a plain GET form to the shop", { tag: "@no-js" }, async ({ page, js }) => {
	await page.goto("/about?lng=ru");
	const field = await openHeaderSearch(page, "ru");
	// Without JavaScript it is only the form: no combobox, no list.
	if (!js) {
		await expect(field).toHaveRole("searchbox");
		await expect(page.getByRole("listbox")).toHaveCount(0);
	}
	await field.fill("кресла");
	await field.press("Enter");
	await expect(page).toHaveURL(/\/shop\?q=%D0%BA%D1%80%D0%B5%D1%81%D0%BB%D0%B0/);
	await expect(page.getByTestId("project-card").first()).toContainText("Arc Lounge Chair");
});

test(
	"staff see the searches that found nothing, and how often",
	{ tag: "@no-js" },
	async ({ page, signInAs }, testInfo) => {
		// A query of this run's own, so the two projects (js, no-js) each count theirs.
		const query = testInfo.project.name === "js" ? "zzqxj vwkp" : "zzqxj vwkr";
		for (let visit = 0; visit < 2; visit++) {
			await page.goto(`/shop?${new URLSearchParams({ q: query })}`);
			await expect(page.getByText("0 products", { exact: true })).toBeVisible();
		}
		await signInAs(ADMIN.username);
		await page.goto("/admin/search");
		const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: query }) });
		await expect(row).toContainText("2 times");
		await row.getByRole("button", { name: `Take “${query}” off the list` }).click();
		await expect(page.getByRole("rowheader", { name: query })).toHaveCount(0);
	},
);
