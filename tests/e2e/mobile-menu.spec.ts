import { expect, test } from "./fixtures";

test.use({ viewport: { width: 375, height: 740 } });

test.describe("mobile menu", () => {
	test("opens full screen with the eight links and the studio link, and closes", { tag: "@no-js" }, async ({
		page,
		js,
	}) => {
		await page.goto("/");
		await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
		const menuButton = page.getByRole("button", { name: "Open menu" });
		await menuButton.click();

		const menu = page.getByRole("navigation", { name: "Menu" });
		await expect(menu).toBeVisible();
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
		for (const link of await menu.getByRole("link").all()) await expect(link).toBeVisible();
		await expect(page.getByRole("link", { name: "Studio website" })).toHaveAttribute("target", "_blank");
		const box = await page.locator("#mobile-menu").boundingBox();
		expect(box?.width).toBe(375);

		// Closing with the same button works everywhere.
		await page.getByRole("button", { name: js ? "Close menu" : "Open menu" }).click();
		await expect(menu).toBeHidden();

		// A link click closes the menu and navigates.
		await page.getByRole("button", { name: "Open menu" }).click();
		await menu.getByRole("link", { name: "Design" }).click();
		await expect(page).toHaveURL("/design");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Design");
		await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();

		// The current page is marked in the menu too.
		await page.getByRole("button", { name: "Open menu" }).click();
		await expect(menu.getByRole("link", { name: "Design" })).toHaveAttribute("aria-current", "page");
		await menu.getByRole("link", { name: "Contact" }).click();
		await expect(page).toHaveURL("/contact");
	});

	test("closes on Escape and keeps keyboard focus inside while open", async ({ page, js }) => {
		test.skip(!js, "Escape and the focus trap need JavaScript");
		await page.goto("/");
		await page.getByRole("button", { name: "Open menu" }).click();
		const menu = page.getByRole("navigation", { name: "Menu" });
		await expect(menu).toBeVisible();
		const closeButton = page.getByRole("button", { name: "Close menu" });
		await expect(closeButton).toHaveAttribute("aria-expanded", "true");

		// Tab through everything in the menu: focus wraps from the last item back to the button.
		for (let i = 0; i < 12; i++) {
			await page.keyboard.press("Tab");
			const inside = await page.evaluate(() => Boolean(document.activeElement?.closest("details")));
			expect(inside).toBe(true);
		}
		await page.keyboard.press("Escape");
		await expect(menu).toBeHidden();
		await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
	});
});
