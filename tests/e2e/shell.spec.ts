import { plain } from "../support/plain";
import { expect, test } from "./fixtures";

test.describe("site shell", () => {
	test("header nav leads to the shop, each category and the artists, and marks the active link", async ({
		page,
	}) => {
		await page.goto("/");
		const nav = page.getByRole("navigation", { name: "Main navigation" });
		const links = [
			["Shop", "/shop", "Shop"],
			["Branding", "/branding", "Branding"],
			["Design", "/design", "Design"],
			["Art", "/art", "Art"],
			["Creative", "/creative", "Creative"],
			["Artists", "/artists", "Artists, Designers & Studios"],
		] as const;
		await expect(nav.getByRole("link")).toHaveText(links.map(([label]) => label));
		for (const [label, path, heading] of links) {
			await nav.getByRole("link", { name: label, exact: true }).click();
			await expect(page).toHaveURL(path);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
			await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
				"aria-current",
				"page",
			);
			for (const [other] of links.filter(([name]) => name !== label)) {
				await expect(nav.getByRole("link", { name: other, exact: true })).not.toHaveAttribute(
					"aria-current",
					"page",
				);
			}
		}
		// "Starts with the link path": a narrowed Design page is still Design.
		await page.goto("/design?type=furniture");
		await expect(nav.getByRole("link", { name: "Design", exact: true })).toHaveAttribute(
			"aria-current",
			"page",
		);
		await page.getByRole("link", { name: "FORMA — home" }).click();
		await expect(page).toHaveURL("/");
	});

	test("the header is 80 px high and stays fixed while scrolling", { tag: "@no-js" }, async ({
		page,
		js,
	}) => {
		await page.goto("/art");
		const header = page.getByRole("banner");
		expect((await header.boundingBox())?.height).toBe(80);
		await page.mouse.wheel(0, 600);
		await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
		if (js) await expect(header).toHaveAttribute("data-scrolled", "true");
	});

	test("footer shows the marquee, columns and the current year", async ({ page }) => {
		await page.goto("/");
		const footer = page.getByRole("contentinfo");
		// The marquee: the brand word with its star, kept from screen readers, and long enough that its loop
		// never shows a gap (each of the two runs is wider than the window).
		const words = footer.getByTestId("marquee-word");
		await expect(words.first()).toBeVisible();
		await expect(words.first()).toHaveText("FORMA");
		expect(await words.first().evaluate((word) => getComputedStyle(word, "::after").content)).toBe('"✦"');
		expect(await words.first().evaluate((word) => word.closest('[aria-hidden="true"]') !== null)).toBe(true);
		const runWidth = await words
			.first()
			.evaluate((word) => word.parentElement?.getBoundingClientRect().width ?? 0);
		expect(runWidth).toBeGreaterThan(page.viewportSize()?.width ?? Number.POSITIVE_INFINITY);
		await expect(footer.getByTestId("copyright")).toContainText(String(new Date().getFullYear()));
		for (const name of [
			"Shop",
			"Artists",
			"Shipping & Returns",
			"About",
			"Contact",
			"Terms & Conditions",
			"Privacy Policy",
		]) {
			await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
		}
		await expect(footer.getByRole("link", { name: "Shipping & Returns" })).toHaveAttribute(
			"href",
			"/shipping",
		);
		await expect(footer.getByRole("link", { name: "info@forma.gallery" })).toHaveAttribute(
			"href",
			"mailto:info@forma.gallery",
		);
		await expect(footer.getByRole("link", { name: "Visit the studio" })).toHaveAttribute("target", "_blank");
	});

	test("an unknown path shows the 404 page with status 404", async ({ page }) => {
		const response = await page.goto("/this-page-does-not-exist/at-all");
		expect(response?.status()).toBe(404);
		await expect(page.getByTestId("not-found-code")).toHaveText("404");
		await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
		await page.getByRole("link", { name: "To Home", exact: true }).click();
		await expect(page).toHaveURL("/");
	});

	test("/not-found is the 404 page too, in Russian when chosen", async ({ page }) => {
		const response = await page.goto("/not-found?lng=ru");
		expect(response?.status()).toBe(404);
		await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toBeVisible();
		await expect(page.getByRole("link", { name: "На главную", exact: true })).toBeVisible();
		expect(plain(await page.title())).toContain("Страница не найдена");
	});

	test("a malformed address gets the branded 400 page in both languages, not a bare 500", async ({
		page,
	}) => {
		const response = await page.goto("/project/%E0%A4%A");
		expect(response?.status()).toBe(400);
		// The address could not be read, so neither could its language: the page says it in both.
		await expect(page.getByText("This address could not be read")).toBeVisible();
		await expect(page.getByText("Не удалось прочитать этот адрес")).toBeVisible();
		await page
			.getByRole("link", { name: /home|главн/i })
			.first()
			.click();
		await expect(page).toHaveURL("/");
	});

	test("responses carry the security headers", async ({ page }) => {
		// Only the server's response headers are read: the page's JavaScript plays no part in them.
		const response = await page.goto("/");
		const headers = response?.headers() ?? {};
		expect(headers["x-content-type-options"]).toBe("nosniff");
		expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
		expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
		// A render names its nonce; the page cache's shared copy the hashes of its inline scripts.
		expect(headers["content-security-policy"]).toMatch(
			/script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/=]+'( 'sha256-[A-Za-z0-9+/=]+')*);/,
		);
		expect(headers["x-powered-by"]).toBeUndefined();
	});

	test("back-to-top appears after scrolling and returns to the top", async ({ page, js }) => {
		test.skip(!js, "the button needs JavaScript to know the scroll position");
		await page.goto("/");
		const button = page.getByRole("button", { name: "Back to top" });
		await expect(button).toBeHidden();
		await page.evaluate(() => window.scrollTo(0, 1200));
		await expect(button).toBeVisible();
		await button.click();
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
	});
});
