import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Texts reach the browser per page and language (app/lib/translations.tsx): a page brings only its own
 * namespaces, and later pages or the other language load theirs. Whatever the order, a visitor never sees
 * a translation key where a text belongs, nor the wrong language.
 */

/** Text and labels that are bare translation keys: what i18next shows when a namespace is missing. */
async function rawKeys(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const key = /^(?:[a-z]+:)?[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+$/;
		const found: string[] = [];
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent?.trim() ?? "";
			if (key.test(text) && node.parentElement?.tagName !== "SCRIPT") found.push(text);
		}
		for (const element of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
			for (const name of ["aria-label", "placeholder", "title"]) {
				const value = element.getAttribute(name)?.trim() ?? "";
				if (key.test(value)) found.push(`${name}=${value}`);
			}
		}
		return found;
	});
}

test.describe("texts per page and language", () => {
	test("pages reached by following links show their own texts, never keys", async ({ page }) => {
		await page.goto("/");
		const nav = page.getByRole("navigation", { name: "Main navigation" });
		const heading = page.getByRole("heading", { level: 1 });

		await nav.getByRole("link", { name: "Art", exact: true }).click();
		await expect(page).toHaveURL("/art");
		await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
		expect(await rawKeys(page)).toEqual([]);

		await page.locator('main a[href^="/project/"]').first().click();
		await expect(page).toHaveURL(/\/project\//);
		await expect(page.getByRole("heading", { name: "Project Detail" })).toBeVisible();
		expect(await rawKeys(page)).toEqual([]);

		await nav.getByRole("link", { name: "Shop", exact: true }).click();
		await expect(heading).toHaveText("Shop");
		expect(await rawKeys(page)).toEqual([]);

		await nav.getByRole("link", { name: "Artists", exact: true }).click();
		await expect(heading).toHaveText("Artists, Designers & Studios");
		expect(await rawKeys(page)).toEqual([]);

		await page.locator('main a[href^="/artist/"]').first().click();
		await expect(page).toHaveURL(/\/artist\//);
		await expect(page.locator('main a[href^="/project/"]').first()).toBeVisible();
		expect(await rawKeys(page)).toEqual([]);

		await page.getByRole("link", { name: "About", exact: true }).first().click();
		await expect(heading).toHaveText("Objects with character, and the people who make them");
		expect(await rawKeys(page)).toEqual([]);

		await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
		await expect(page).toHaveURL("/contact");
		expect(await rawKeys(page)).toEqual([]);

		await page.getByRole("link", { name: "Sign in" }).first().click();
		await expect(heading).toHaveText("Sign in");
		expect(await rawKeys(page)).toEqual([]);
	});

	test("switching language shows the page, and the next ones, in the new language only", async ({
		page,
		js,
	}) => {
		test.skip(!js, "without JavaScript the switch is a form post and the server renders the page");
		await page.goto("/shop");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");

		await page.getByRole("button", { name: "Language: English" }).click();
		await page.getByRole("button", { name: "Русский" }).click();
		await expect(page.locator("html")).toHaveAttribute("lang", "ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Магазин");
		expect(await rawKeys(page)).toEqual([]);

		// Russian texts of a namespace this visit has not loaded in any language yet.
		const nav = page.getByRole("navigation", { name: "Основная навигация" });
		await page.getByRole("link", { name: "О нас", exact: true }).first().click();
		await expect(page.getByRole("heading", { level: 1 })).toHaveText(
			"Вещи с характером и люди, которые их создают",
		);
		expect(await rawKeys(page)).toEqual([]);

		await nav.getByRole("link", { name: "Искусство", exact: true }).click();
		await expect(page).toHaveURL("/art");
		await page.locator('main a[href^="/project/"]').first().click();
		await expect(page.getByRole("heading", { name: "О проекте" })).toBeVisible();
		expect(await rawKeys(page)).toEqual([]);

		// Back to English on a page whose English texts were never loaded.
		await page.getByRole("button", { name: "Язык: Русский" }).click();
		await page.getByRole("button", { name: "English" }).click();
		await expect(page.locator("html")).toHaveAttribute("lang", "en");
		await expect(page.getByRole("heading", { name: "Project Detail" })).toBeVisible();
		await expect(page.getByRole("heading", { name: "Facts" })).toBeVisible();
		expect(await rawKeys(page)).toEqual([]);
	});
});
