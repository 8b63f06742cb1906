import { expect, test } from "./fixtures";

/** The public pages a visitor reaches on a phone (the admin's card tables are checked in admin-scale). */
const PAGES = [
	"/",
	"/shop",
	"/art",
	"/artists",
	"/artist/bureau-nord",
	"/project/tidal-relief",
	"/project/tidal-relief/request",
	"/about",
	"/contact",
	"/login",
	"/register",
];

test.describe("on a 360 px phone", () => {
	test.use({ viewport: { width: 360, height: 800 } });

	for (const language of ["en", "ru"]) {
		test(`no page scrolls sideways (${language}), even before the web font arrives`, async ({ page }) => {
			// The fallback font is wider than ours: a phone on a slow network lays the page out in it first.
			await page.route(/\.woff2$/, (route) => route.abort());
			for (const path of PAGES) {
				await page.goto(`${path}?lng=${language}`);
				// How wide the page is, and the innermost element reaching that far (the footer's
				// marquee runs far to the right inside its clipped strip by design), so a failure says where to look.
				const wide = await page.evaluate(() => {
					const { clientWidth, scrollWidth } = document.documentElement;
					if (scrollWidth <= clientWidth) return null;
					const culprit = Array.from(document.querySelectorAll("body *")).findLast(
						(element) =>
							element.getBoundingClientRect().right >= scrollWidth - 1 && !element.closest(".marquee"),
					);
					return `${scrollWidth} px: ${culprit?.outerHTML.slice(0, 200) ?? "?"}`;
				});
				expect(wide, `${path} in ${language}`).toBeNull();
			}
		});
	}
});
