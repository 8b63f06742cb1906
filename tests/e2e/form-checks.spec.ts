import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { submitRegistration, uniqueEmail } from "./session";

/**
 * Public forms fetch their check (zod and the form's schema) when the visitor starts on them, not with the
 * page (app/lib/use-lazy-validation.ts). These journeys hold that download back, as a slow connection would,
 * and look at what the visitor gets meanwhile and once it arrives.
 */

/** Holds every script the page asks for from now on; `release` lets them through. */
async function holdScripts(page: Page) {
	const held: Array<() => Promise<void>> = [];
	await page.route(/\.js(\?|$)/, (route) => {
		held.push(() => route.continue());
	});
	return {
		count: () => held.length,
		release: async () => {
			for (const next of held.splice(0)) await next();
			await page.unrouteAll({ behavior: "ignoreErrors" });
		},
	};
}

test.describe("form checks that arrive after the page", () => {
	test.skip(
		({ javaScriptEnabled }) => javaScriptEnabled === false,
		"the check in the browser needs JavaScript",
	);

	test("a field left before its check arrived is checked when it arrives (Russian)", async ({ page }) => {
		await page.goto("/register?lng=ru");
		// Conform turns the browser's own checks off once the page is interactive.
		await expect(page.locator("form#register")).toHaveAttribute("novalidate", "");
		const scripts = await holdScripts(page);
		await page.getByLabel("Email").fill("not-an-email");
		await page.getByLabel("Телефон").focus();
		// Starting on the form asked for the check; nothing had before.
		await expect.poll(scripts.count).toBeGreaterThan(0);
		await scripts.release();
		await expect(page.getByText("Введите корректный email")).toBeVisible();
		await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
		// From now on the check runs as the visitor types.
		await page.getByLabel("Email").fill(uniqueEmail("late-check", "js"));
		await expect(page.getByText("Введите корректный email")).toHaveCount(0);
	});

	test("a form sent before its check arrived gets the server's answer, and goes through when valid", async ({
		page,
	}) => {
		await page.goto("/register");
		await expect(page.locator("form#register")).toHaveAttribute("novalidate", "");
		const scripts = await holdScripts(page);
		const email = uniqueEmail("early-post", "js");
		await submitRegistration(page, email, { bad: true });
		expect(scripts.count()).toBeGreaterThan(0);
		await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
		await expect(page.getByText(`We have sent a message to ${email}.`)).toBeVisible();
		await scripts.release();
	});

	test("the purchase form on a project page: a field left early is checked once the check is here", async ({
		page,
	}) => {
		await page.goto("/project/arc-lounge-chair/request");
		const form = page.locator("form[id^='purchase-']");
		await expect(form).toHaveAttribute("novalidate", "");
		const scripts = await holdScripts(page);
		await page.getByLabel("Email").fill("nobody");
		await page.getByLabel("Phone").focus();
		await expect.poll(scripts.count).toBeGreaterThan(0);
		await scripts.release();
		await expect(form.getByText("Enter a valid email address")).toBeVisible();
	});
});
