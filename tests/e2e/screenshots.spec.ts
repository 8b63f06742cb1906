import { expect, test } from "./fixtures";

/**
 * Saves screenshots for reviewers (test-results/screenshots, git-ignored): home, shop, a project page and
 * its open lightbox, in English on the light theme and in Russian on the dark one, desktop and phone.
 */
const sizes = [
	{ name: "desktop", width: 1440, height: 900 },
	{ name: "mobile", width: 375, height: 812 },
] as const;
const variants = [
	{ language: "en", theme: "light" },
	{ language: "ru", theme: "dark" },
] as const;
const SHOWN_PROJECT = "ripple-glass-vase";

for (const { language, theme } of variants) {
	for (const size of sizes) {
		test(`screenshots: ${language}, ${theme}, ${size.name}`, async ({ page, baseURL }) => {
			test.setTimeout(120_000);
			await page.setViewportSize({ width: size.width, height: size.height });
			await page.context().addCookies([
				{
					name: "theme",
					value: Buffer.from(JSON.stringify(theme)).toString("base64"),
					url: baseURL ?? "",
				},
			]);
			const shoot = async (name: string, fullPage = true) => {
				await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
				await expect(page.locator("html")).toHaveAttribute("lang", language);
				await page.evaluate(() => document.fonts.ready);
				if (fullPage) {
					// A full-page shot shows what is below the fold too: lazy pictures are loaded first.
					await page.evaluate(async () => {
						const images = [...document.images];
						for (const image of images) image.loading = "eager";
						await Promise.all(
							images.map((image) =>
								image.complete
									? null
									: new Promise((done) => {
											image.addEventListener("load", done);
											image.addEventListener("error", done);
										}),
							),
						);
						// Off-screen pictures are decoded lazily too; a full-page capture would show them blank.
						await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
					});
				}
				await page.screenshot({
					path: `test-results/screenshots/${name}-${language}-${theme}-${size.name}.png`,
					fullPage,
				});
			};
			for (const [name, path] of [
				["home", "/"],
				["shop", "/shop"],
				["project", `/project/${SHOWN_PROJECT}`],
			] as const) {
				await page.goto(`${path}?lng=${language}`);
				await shoot(name);
			}
			// The lightbox, open on the project's first picture.
			const enlarge = page.getByTestId("gallery-enlarge");
			await expect(enlarge).toBeVisible();
			await enlarge.click();
			await expect(page.getByTestId("lightbox")).toBeVisible();
			await expect(page.getByTestId("lightbox-stage").getByRole("img")).toHaveJSProperty("complete", true);
			await shoot("lightbox", false);
		});
	}
}

/**
 * A first visit on a slow phone (issue #35): the fonts never arrive, so the page is drawn in the fallback
 * faces. The headings keep their line heights and the wordmark is the drawn one; the shots are for the eye.
 */
test("screenshots: ru, dark, mobile, fonts held back", async ({ page, baseURL }) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page
		.context()
		.addCookies([
			{ name: "theme", value: Buffer.from(JSON.stringify("dark")).toString("base64"), url: baseURL ?? "" },
		]);
	await page.route(/\.woff2(\?|$)/, (route) => route.abort());
	for (const [name, path] of [
		["home", "/"],
		["contact", "/contact"],
		["project", `/project/${SHOWN_PROJECT}`],
	] as const) {
		await page.goto(`${path}?lng=ru`);
		await expect(page.locator("html")).toHaveAttribute("lang", "ru");
		await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
		await page.screenshot({ path: `test-results/screenshots/${name}-ru-dark-mobile-no-fonts.png` });
	}
});
