import { test as base, type ConsoleMessage, expect, type Page, type Response } from "@playwright/test";
import { type E2eServer, startE2eServer } from "./servers";
import { createSessionCookie } from "./session";

/**
 * Browser errors that mean the page is broken even if it looks right: a route module that throws in the
 * browser (Remix then reloads the page), a hydration mismatch, an uncaught exception.
 */
const BROKEN_PAGE =
	/Error loading route module|Minified React error|Hydration failed|There was an error while hydrating/i;

/** How long a page may take to come to life after its load event (scripts held back, a busy machine). */
const READY_TIMEOUT = 30_000;

/**
 * Waits until the page has come to life: the root has hydrated and every part of the first view has its
 * code (app/lib/page-ready.tsx sets `data-hydrated` on <html>). Parts whose code waits for the visitor's
 * first activity (app/components/deferred.tsx) are started as a visitor would start them: a focus event,
 * sent again until the page has listened to it. A document that is no Remix page (an XML file, the
 * server's own refusal pages) has nothing to wait for. Only with JavaScript: without it the server's HTML is
 * all there is.
 */
export async function waitForReady(page: Page): Promise<void> {
	await page.waitForFunction(
		() => {
			if (!("__remixContext" in window)) return true;
			if (document.documentElement.dataset.hydrated === "true") return true;
			window.dispatchEvent(new Event("focusin"));
			return false;
		},
		undefined,
		{ polling: 50, timeout: READY_TIMEOUT },
	);
}

type GotoOptions = Parameters<Page["goto"]>[1];

/**
 * Makes `page.goto` and `page.reload` wait for the page to come to life after its load (waitForReady).
 * A test that asks for an earlier moment (`waitUntil: "commit"` or `"domcontentloaded"`) gets just that.
 * Returns what puts the page's own methods back.
 */
function gotoWaitsForReady(page: Page): () => void {
	const { goto, reload } = page;
	const waits = (options: GotoOptions) =>
		options?.waitUntil === undefined || options.waitUntil === "load" || options.waitUntil === "networkidle";
	const then = async (response: Response | null, options: GotoOptions) => {
		if (waits(options)) await waitForReady(page);
		return response;
	};
	page.goto = async (url, options) => then(await goto.call(page, url, options), options);
	page.reload = async (options) => then(await reload.call(page, options), options);
	return () => {
		page.goto = goto;
		page.reload = reload;
	};
}

/**
 * For a page a test opens in a browser context of its own (a second visitor): with JavaScript, its
 * `goto` and `reload` wait for it to come to life, as the `page` fixture's do.
 */
export function readyOnGoto(page: Page, js: boolean): Page {
	if (js) gotoWaitsForReady(page);
	return page;
}

let testsInWorker = 0;

export interface TestOptions {
	/**
	 * With JavaScript, `page.goto` and `page.reload` return once the page has come to life (waitForReady).
	 * The specs about the first view itself (what arrives when) set it to false.
	 */
	ready: boolean;
	/** Milliseconds each of the site's scripts is held back (E2E_SLOW_SCRIPTS); 0 holds nothing. */
	scriptDelay: number;
}

export interface WorkerOptions {
	/**
	 * Which site the worker's tests share: "shared" by default. A spec that changes the site in ways it
	 * cannot put back (the fuzz spec's random administrator writes) names a site of its own; Playwright then
	 * runs it in workers of its own, each with its own server.
	 */
	siteFor: string;
	/** Whether the worker starts a site at all (the `process` project's specs start their own). */
	serveSite: boolean;
}

export const test = base.extend<
	TestOptions & {
		js: boolean;
		browserErrors: string[];
		slowScripts: undefined;
		/**
		 * Signs the page's browser context in as an existing account (username or e-mail), without the form:
		 * a session row in the server's database and its signed cookie (the specs about signing in use the form).
		 */
		signInAs: (login: string) => Promise<void>;
	},
	WorkerOptions & {
		/** The worker's production server (tests/e2e/servers.ts); `baseURL` is its address. */
		site: E2eServer;
	}
>({
	siteFor: ["shared", { scope: "worker", option: true }],
	serveSite: [true, { scope: "worker", option: true }],
	site: [
		async ({ serveSite }, use) => {
			if (!serveSite) {
				await use(
					new Proxy({} as E2eServer, {
						get() {
							throw new Error("this project starts no site (serveSite: false)");
						},
					}),
				);
				return;
			}
			// What the server prints (errors only) goes to the worker's output: shown with a failing test.
			const server = await startE2eServer({ log: (chunk) => process.stdout.write(chunk) });
			await use(server);
			await server.stop();
		},
		{ scope: "worker", timeout: 90_000 },
	],
	baseURL: async ({ site, serveSite }, use) => {
		await use(serveSite ? site.origin : undefined);
	},
	/** Whether this run has JavaScript, so one journey can assert both behaviours. */
	js: async ({ javaScriptEnabled }, use) => {
		await use(javaScriptEnabled !== false);
	},
	ready: [true, { option: true }],
	page: async ({ page, js, ready, serveSite }, use, testInfo) => {
		// Each test's pages come from an address of their own (the server believes one proxy hop,
		// tests/e2e/servers.ts), so one test's registrations and sign-in failures never use up another's.
		testsInWorker += 1;
		if (serveSite)
			await page.context().setExtraHTTPHeaders({
				"X-Forwarded-For": `10.${testInfo.parallelIndex}.${Math.floor(testsInWorker / 250) % 250}.${(testsInWorker % 250) + 1}`,
			});
		const restore = js && ready ? gotoWaitsForReady(page) : () => {};
		await use(page);
		restore();
	},
	signInAs: async ({ context, site }, use) => {
		await use(async (login) => {
			await context.addCookies([
				{ ...(await createSessionCookie(site.databasePath, login)), url: site.origin },
			]);
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
	scriptDelay: [Number(process.env.E2E_SLOW_SCRIPTS ?? 0), { option: true }],
	/**
	 * E2E_SLOW_SCRIPTS=<ms> holds each of the site's scripts back that long, as a busy machine sometimes
	 * does: a journey that acts before the page has come to life fails every time instead of now and then
	 * on CI (`npm test` sets 300). Routes are reset between tests (playwright.config.ts).
	 */
	slowScripts: [
		async ({ page, scriptDelay }, use) => {
			if (scriptDelay > 0)
				await page.route(/\/build\/.*\.js$/, async (route) => {
					await new Promise((resolve) => setTimeout(resolve, scriptDelay));
					await route.fallback();
				});
			await use(undefined);
		},
		{ auto: true },
	],
});

export { expect };
