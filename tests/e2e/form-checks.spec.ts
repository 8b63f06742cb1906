import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, submitBadRegistration, submitLogin, uniqueEmail } from "./session";

/**
 * Public forms fetch their check (zod and the form's schema) when the visitor starts on them, not with the
 * page (app/lib/use-lazy-validation.ts). These journeys hold that download back, as a slow connection would,
 * and look at what the visitor gets meanwhile and once it arrives.
 */

/**
 * Holds every script the page asks for from now on; `release` lets them through, and every script asked
 * for after it (a module's own imports are asked for only once it has arrived) goes straight on.
 */
async function holdScripts(page: Page) {
	const held: Array<() => Promise<void>> = [];
	let released = false;
	await page.route(/\.js(\?|$)/, async (route) => {
		if (released) await route.continue();
		else held.push(() => route.continue());
	});
	return {
		count: () => held.length,
		release: async () => {
			released = true;
			for (const next of held.splice(0)) await next();
			await page.unrouteAll({ behavior: "ignoreErrors" });
		},
	};
}

/**
 * Types `value` into the field labelled `field` and moves on to `next` while every script is held back, then
 * lets them arrive. Starting on the form must have asked for something: its check, or the form's own code.
 */
async function leaveFieldEarly(page: Page, form: Locator, field: string, value: string, next: string) {
	await expect(form).toBeVisible();
	const scripts = await holdScripts(page);
	await page.getByLabel(field).fill(value);
	await page.getByLabel(next).focus();
	await expect.poll(scripts.count).toBeGreaterThan(0);
	await scripts.release();
}

test.describe("form checks that arrive after the page", () => {
	test.skip(
		({ javaScriptEnabled }) => javaScriptEnabled === false,
		"the check in the browser needs JavaScript",
	);

	test("a field left before its check arrived is checked when it arrives (Russian)", async ({ page }) => {
		await page.goto("/register?lng=ru");
		await leaveFieldEarly(page, page.locator("form#register"), "Email", "not-an-email", "Телефон");
		await expect(page.getByText("Введите корректный email")).toBeVisible();
		await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
		// From now on the check runs as the visitor types.
		await page.getByLabel("Email").fill(uniqueEmail("late-check", "js"));
		await expect(page.getByText("Введите корректный email")).toHaveCount(0);
	});

	test("fields filled in before the form's code arrived are checked when it arrives, the one being typed in on leaving it", async ({
		page,
	}) => {
		// Nothing of the page's code yet: the server's HTML only, as on a slow connection.
		const scripts = await holdScripts(page);
		await page.goto("/register", { waitUntil: "commit" });
		await page.getByLabel("Email").fill("not-an-email");
		await page.getByLabel("Phone").fill("+7123");
		await page.getByLabel("Password").fill("short");
		await expect.poll(scripts.count).toBeGreaterThan(0);
		await scripts.release();
		await expect(page.getByText("Enter a valid email")).toBeVisible();
		await expect(page.getByText("Phone must be in the format +7XXXXXXXXXX")).toBeVisible();
		await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
		// Still in the password field: checked when the visitor leaves it, as Conform does.
		await expect(page.getByText("Password must be at least 8 characters")).toHaveCount(0);
		await page.getByLabel("Email").focus();
		await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
	});

	test("the purchase form on a project page: a field left early is checked once the check is here", async ({
		page,
	}) => {
		await page.goto("/project/arc-lounge-chair/request");
		const form = page.locator("form[id^='purchase-']");
		await leaveFieldEarly(page, form, "Email", "nobody", "Phone");
		await expect(form.getByText("Enter a valid email address")).toBeVisible();
	});

	test("a form sent before its check arrived gets the server's answer, and goes through when valid", async ({
		page,
	}) => {
		await page.goto("/register");
		await expect(page.locator("form#register")).toBeVisible();
		let scripts = await holdScripts(page);
		// Only bad input here: a registration would spend one of the ten an address gets in 15 minutes.
		await submitBadRegistration(page);
		expect(scripts.count()).toBeGreaterThan(0);
		await scripts.release();

		// A valid post while the check is still on its way: a sign-in goes through.
		await page.goto("/login");
		await expect(page.locator("form#login")).toBeVisible();
		scripts = await holdScripts(page);
		// The post leaves while the check is held (the admin pages' own scripts wait behind it too).
		const posted = page.waitForResponse((response) => response.request().method() === "POST");
		await submitLogin(page, ADMIN.username, ADMIN.password);
		expect((await posted).url()).toContain("/login");
		expect(scripts.count()).toBeGreaterThan(0);
		await scripts.release();
		await expect(page).toHaveURL(/\/admin/);
	});
});
