import { expect, test } from "./fixtures";

test.describe("language", () => {
	test("switching to Russian re-renders the page and survives navigation", { tag: "@no-js" }, async ({
		page,
	}) => {
		await page.goto("/design");
		await expect(page.locator("html")).toHaveAttribute("lang", "en");

		await page.getByRole("button", { name: "Language: English" }).click();
		await page.getByRole("button", { name: "Русский" }).click();

		await expect(page.locator("html")).toHaveAttribute("lang", "ru");
		await expect(page).toHaveURL("/design");
		const nav = page.getByRole("navigation", { name: "Основная навигация" });
		await expect(nav.getByRole("link", { name: "Брендинг" })).toBeVisible();
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Дизайн");
		await expect(page.getByRole("contentinfo")).toContainText("Все права защищены");

		await nav.getByRole("link", { name: "Искусство" }).click();
		await expect(page).toHaveURL("/art");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Искусство");
		await expect(page.locator("html")).toHaveAttribute("lang", "ru");

		// A fresh load still renders Russian on the server (the cookie holds the choice).
		await page.reload();
		await expect(page.locator("html")).toHaveAttribute("lang", "ru");

		await page.getByRole("button", { name: "Язык: Русский" }).click();
		await page.getByRole("button", { name: "English" }).click();
		await expect(page.locator("html")).toHaveAttribute("lang", "en");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Art");
	});

	test("?lng=ru renders Russian and is remembered", async ({ page }) => {
		await page.goto("/?lng=ru");
		await expect(page.locator("html")).toHaveAttribute("lang", "ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Дизайн, искусство и вещи с характером");
		await page.goto("/branding");
		await expect(page.locator("html")).toHaveAttribute("lang", "ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Брендинг");
	});

	test("switching language from a ?lng= address does not get stuck on the old language", {
		tag: "@no-js",
	}, async ({ page }) => {
		await page.goto("/creative?lng=ru");
		await page.getByRole("button", { name: "Язык: Русский" }).click();
		await page.getByRole("button", { name: "English" }).click();
		await expect(page.locator("html")).toHaveAttribute("lang", "en");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Creative");
	});
});
