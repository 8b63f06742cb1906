import { test as base, type ConsoleMessage, expect } from "@playwright/test";
import { createSessionCookie } from "./session";

/**
 * Browser errors that mean the page is broken even if it looks right: a route module that throws in the
 * browser (Remix then reloads the page), a hydration mismatch, an uncaught exception.
 */
const BROKEN_PAGE =
	/Error loading route module|Minified React error|Hydration failed|There was an error while hydrating/i;

export const test = base.extend<{
	js: boolean;
	browserErrors: string[];
	slowScripts: undefined;
	/**
	 * Signs the page's browser context in as an existing account (username or e-mail), without the form:
	 * a session row in the server's database and its signed cookie (the specs about signing in use the form).
	 */
	signInAs: (login: string) => Promise<void>;
}>({
	/** Whether this run has JavaScript, so one journey can assert both behaviours. */
	js: async ({ javaScriptEnabled }, use) => {
		await use(javaScriptEnabled !== false);
	},
	signInAs: async ({ context, baseURL }, use) => {
		await use(async (login) => {
			const origin = new URL(baseURL ?? "").origin;
			await context.addCookies([{ ...(await createSessionCookie(origin, login)), url: origin }]);
		});
	},
	browserErrors: [
		async ({ page }, use) => {
			const errors: string[] = [];
			const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
			const onConsole = (message: ConsoleMessage) => {
				if (message.type() === "error" && BROKEN_PAGE.test(message.text())) errors.push(message.text());
			};
			page.on("pageerror", onPageError);
			page.on("console", onConsole);
			await use(errors);
			// The page lives on into the next test (reuseContext in playwright.config.ts): stop listening.
			page.off("pageerror", onPageError);
			page.off("console", onConsole);
			expect(errors, "the browser reported errors").toEqual([]);
		},
		{ auto: true },
	],
	/**
	 * E2E_SLOW_SCRIPTS=<ms> holds each of the site's scripts back that long, as a busy machine sometimes
	 * does: a journey that acts before the page has hydrated and expects what JavaScript does then fails
	 * every time instead of now and then on CI. Routes are reset between tests (playwright.config.ts).
	 */
	slowScripts: [
		async ({ page }, use) => {
			const delay = Number(process.env.E2E_SLOW_SCRIPTS ?? 0);
			if (delay > 0)
				await page.route(/\/build\/.*\.js$/, async (route) => {
					await new Promise((resolve) => setTimeout(resolve, delay));
					await route.fallback();
				});
			await use(undefined);
		},
		{ auto: true },
	],
});

export { expect };
