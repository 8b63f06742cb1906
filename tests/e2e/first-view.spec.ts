import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openRequestPage, sendRequestAsGuest } from "./requests";
import { ADMIN, uniqueEmail } from "./session";

/**
 * What a phone's first view of a page needs arrives early (issue #14): one stylesheet, the fonts the first
 * view draws with preloaded from <head> as files the server really has, and the page's main picture asked
 * for at once, with high priority, from the HTML itself.
 */

async function fontPreloads(page: Page): Promise<string[]> {
	return page
		.locator('head link[rel="preload"][as="font"]')
		.evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
}

/** The footer's code files the page fetches from now on. */
function footerCodeRequests(page: Page): string[] {
	const urls: string[] = [];
	page.on("request", (request) => {
		if (/\/site-footer-[^/]+\.js$/.test(request.url())) urls.push(request.url());
	});
	return urls;
}

// What arrives when is the subject here: page.goto returns at the load event, before the page's first
// activity would fetch every deferred part (tests/e2e/fixtures.ts, waitForReady).
test.use({ ready: false });

test.describe("the first view", () => {
	for (const { language, query, files } of [
		{ language: "English", query: "", files: ["manrope-latin", "manrope-rouble", "unbounded-latin"] },
		{
			language: "Russian",
			query: "?lng=ru",
			files: ["manrope-latin", "manrope-rouble", "unbounded-latin", "manrope-cyrillic", "unbounded-cyrillic"],
		},
	]) {
		test(`in ${language} the page preloads its fonts, and they are real font files`, async ({ page }) => {
			await page.goto(`/${query}`);
			const preloads = await fontPreloads(page);
			// The subsets the language's text needs (app/styles/fonts/subsets.ts), and nothing else: never the
			// rest of Latin, which only a rare accented letter calls for.
			const names = preloads.map((href) => new URL(href).pathname.replace(/^.*\/|-[A-Z0-9]+\.woff2$/g, ""));
			expect(names.sort()).toEqual([...files].sort());
			for (const href of preloads) {
				const response = await page.request.get(href);
				expect(response.status(), href).toBe(200);
				expect(response.headers()["content-type"], href).toBe("font/woff2");
			}
			// A preloaded font is fetched in CORS mode; without the attribute the browser fetches it twice.
			await expect(page.locator('head link[rel="preload"][as="font"]:not([crossorigin])')).toHaveCount(0);
		});
	}

	test("every page blocks its first paint on one stylesheet only", async ({ page }) => {
		for (const path of ["/", "/shop", "/project/arc-lounge-chair", "/art", "/artist/corpus-studio"]) {
			await page.goto(path);
			await expect(page.locator('link[rel="stylesheet"]'), path).toHaveCount(1);
		}
	});

	test("the home page's first slide picture loads at once, with high priority", async ({ page }) => {
		await page.goto("/");
		const picture = page.locator("#slide-1 img").first();
		await expect(picture).toHaveAttribute("fetchpriority", "high");
		await expect(picture).not.toHaveAttribute("loading", "lazy");
		await expect(picture).toHaveAttribute("srcset", /800w/);
		await expect(picture).toHaveJSProperty("complete", true);
		expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
	});

	test("a project page's main picture loads at once and is the same picture after the script runs", {
		tag: "@no-js",
	}, async ({ page, js }) => {
		// Scripts wait until the server's <img> is marked, so the check below sees what hydration does to it.
		let releaseScripts = () => {};
		const scriptsReleased = new Promise<void>((resolve) => {
			releaseScripts = resolve;
		});
		await page.route(/\.js(\?|$)/, async (route) => {
			await scriptsReleased;
			await route.continue();
		});
		await page.goto("/project/arc-lounge-chair", { waitUntil: "domcontentloaded" });
		const picture = page.locator("#gallery-slide-1 img").first();
		await expect(picture).toHaveAttribute("fetchpriority", "high");
		await expect(picture).not.toHaveAttribute("loading", "lazy");
		await picture.evaluate((image) => image.setAttribute("data-first-view", "kept"));
		releaseScripts();
		if (js) await expect(page.getByTestId("gallery-enlarge")).toBeVisible({ timeout: 20_000 });
		// The same element: a replacement would be a second download and a late "largest paint".
		await expect(page.locator("#gallery-slide-1 img[data-first-view='kept']")).toHaveCount(1);
		await page.unrouteAll({ behavior: "ignoreErrors" });
		await expect(picture).toHaveJSProperty("complete", true);
	});

	test("code for what is below the first screen loads when the visitor scrolls near it", async ({
		page,
		js,
	}) => {
		test.skip(!js, "about the scripts");
		const footerCode = footerCodeRequests(page);
		await page.goto("/project/arc-lounge-chair");
		await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
		// The gallery's code comes when the browser is first idle: the first view is done by then.
		await expect(page.getByTestId("gallery-enlarge")).toBeVisible();
		expect(footerCode).toEqual([]);
		await page.locator("#site-footer").scrollIntoViewIfNeeded();
		await expect.poll(() => footerCode.length).toBe(1);
		// Its links worked before and still do.
		await expect(page.locator("#site-footer").getByRole("link").first()).toBeVisible();
	});

	test("the page says it has come to life only once every part of the first view has its code", async ({
		page,
		js,
	}) => {
		test.skip(!js, "about the scripts");
		// The footer's code, the one deferred part on this page, is held back until the rest is done.
		let releaseFooter = () => {};
		const footerHeld = new Promise<void>((resolve) => {
			releaseFooter = resolve;
		});
		let footerAsked = false;
		await page.route(/\/site-footer-[^/]+\.js$/, async (route) => {
			footerAsked = true;
			await footerHeld;
			await route.continue();
		});
		await page.goto("/about");
		// The visitor starts using the page: the footer asks for its code.
		await expect
			.poll(async () => {
				await page.evaluate(() => window.dispatchEvent(new Event("focusin")));
				return footerAsked;
			})
			.toBe(true);
		// The header's player is the last of the rest to come to life (after its flip, its own code).
		await expect(page.getByTestId("audio-toggle").first()).toBeVisible();
		const html = page.locator("html");
		await expect(html).not.toHaveAttribute("data-hydrated", "true");
		releaseFooter();
		await expect(html).toHaveAttribute("data-hydrated", "true");
		await page.unrouteAll({ behavior: "ignoreErrors" });
	});

	test("a canned reply goes into the message while the footer's code still waits below", async ({
		page,
		js,
		signInAs,
	}, testInfo) => {
		test.skip(!js, "about the scripts");
		const email = uniqueEmail("waiting", testInfo.project.name);
		await sendRequestAsGuest(page, {
			projectId: "ripple-glass-vase",
			projectName: "Ripple Glass Vase",
			email,
		});

		await signInAs(ADMIN.username);
		// A short window: the footer is more than half a screen below it.
		await page.setViewportSize({ width: 1280, height: 360 });
		const footerCode = footerCodeRequests(page);
		await page.goto(`/admin/requests?q=${encodeURIComponent(email)}`);
		await openRequestPage(page, email);
		await page.getByLabel("Canned reply").selectOption({ label: "Price" });
		await page.getByRole("button", { name: "Insert" }).click();
		// Inserted in the page (with JavaScript no round trip: the address stays), while the footer still waits.
		await expect(page.getByLabel("Message", { exact: true })).toHaveValue(/^The price of the piece is/);
		await expect(page).not.toHaveURL(/template=/);
		expect(footerCode).toEqual([]);
	});
});
