import { expect, test } from "./fixtures";

/** Saves home page screenshots for reviewers (test-results/screenshots, git-ignored). */
const sizes = [
	{ name: "desktop", width: 1440, height: 900 },
	{ name: "mobile", width: 375, height: 812 },
] as const;

for (const theme of ["light", "dark"] as const) {
	for (const size of sizes) {
		test(`home screenshot: ${theme}, ${size.name}`, async ({ page, js }, testInfo) => {
			test.skip(!js, "one set of screenshots is enough");
			await page.setViewportSize({ width: size.width, height: size.height });
			await page.context().addCookies([
				{
					name: "theme",
					value: Buffer.from(JSON.stringify(theme)).toString("base64"),
					url: testInfo.project.use.baseURL ?? "",
				},
			]);
			await page.goto("/");
			await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
			await page.evaluate(() => document.fonts.ready);
			await page.screenshot({
				path: `test-results/screenshots/home-${theme}-${size.name}.png`,
				fullPage: true,
			});
		});
	}
}
