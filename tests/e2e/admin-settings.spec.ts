import type { Browser, Page } from "@playwright/test";
import { expect, readyOnGoto, test } from "./fixtures";
import { ADMIN } from "./session";

/**
 * These tests switch the whole site's settings (maintenance, registration). No other test uses the
 * worker's server meanwhile (one server per worker, its tests one after another), and each switch is
 * turned back in `finally`, so the tests after them find the site as it was; a test that fails is
 * followed by a fresh worker and server anyway.
 */
async function setCheckbox(page: Page, label: string, checked: boolean) {
	await page.goto("/admin/settings");
	await page.getByLabel(label).setChecked(checked);
	await page.getByRole("button", { name: "Save settings" }).click();
	await expect(page.getByTestId("toast")).toContainText("Settings saved");
	if (checked) await expect(page.getByLabel(label)).toBeChecked();
	else await expect(page.getByLabel(label)).not.toBeChecked();
}

/** A visitor in their own browser context (no admin cookie), reporting hydration errors like the fixture. */
async function visitor(browser: Browser, js: boolean, baseURL: string | undefined) {
	const context = await browser.newContext({ javaScriptEnabled: js, baseURL });
	const page = readyOnGoto(await context.newPage(), js);
	const errors: string[] = [];
	page.on("pageerror", (error) => errors.push(error.message));
	page.on("console", (message) => {
		if (message.type() === "error" && /hydrat|Minified React error/i.test(message.text()))
			errors.push(message.text());
	});
	return { context, page, errors };
}

test.describe("admin settings", () => {
	test("settings are saved per tab; tabs work with and without JavaScript", { tag: "@no-js" }, async ({
		signInAs,
		page,
		js,
	}) => {
		await signInAs(ADMIN.username);
		await page.goto("/admin/settings");
		await expect(page.getByLabel("Shop name")).toHaveValue(/.+/);
		const notificationsTab = js
			? page.getByRole("tab", { name: "Notifications" })
			: page.getByRole("link", { name: "Notifications" });
		await notificationsTab.click();
		if (js) await expect(notificationsTab).toHaveAttribute("aria-selected", "true");
		else await expect(notificationsTab).toHaveAttribute("aria-current", "page");
		await expect(page.getByLabel("Shop name")).toBeHidden();
		const address = await page.getByLabel("Admin notification email").inputValue();
		await page.getByLabel("Admin notification email").fill("not-an-email");
		await page.getByRole("button", { name: "Save settings" }).click();
		await expect(page.getByText("Enter a valid email or leave the field empty")).toBeVisible();
		await page.getByLabel("Admin notification email").fill("orders@forma.gallery");
		await page.getByRole("button", { name: "Save settings" }).click();
		await expect(page.getByTestId("toast")).toContainText("Settings saved");
		await expect(page).toHaveURL("/admin/settings?tab=notifications");
		await page.reload();
		await expect(page.getByLabel("Admin notification email")).toHaveValue("orders@forma.gallery");
		// Back as it was, for the tests after this one on the worker's server.
		await page.getByLabel("Admin notification email").fill(address);
		await page.getByRole("button", { name: "Save settings" }).click();
		await expect(page.getByTestId("toast")).toContainText("Settings saved");
	});

	test("the header's audio track is a setting: a path on this site, refused elsewhere in either language", {
		tag: "@no-js",
	}, async ({ signInAs, page, browser, js, baseURL }) => {
		await signInAs(ADMIN.username);
		const refusals = [
			{ language: "en", label: "Audio track", save: "Save settings", message: "Enter a path on this site" },
			{
				language: "ru",
				label: "Музыкальный трек",
				save: "Сохранить настройки",
				message: "Укажите путь на этом сайте",
			},
		];
		for (const { language, label, save, message } of refusals) {
			await page.goto(`/admin/settings?lng=${language}`);
			await page.getByLabel(label).fill("https://tracks.example/loop.mp3");
			await page.getByRole("button", { name: save }).click();
			await expect(page.getByText(message)).toBeVisible();
			await expect(page.getByLabel(label)).toHaveValue("https://tracks.example/loop.mp3");
			await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
		}
		try {
			await page.goto("/admin/settings?lng=en");
			await page.getByLabel("Audio track").fill("/audio/evening-set.mp3");
			await page.getByRole("button", { name: "Save settings" }).click();
			await expect(page.getByTestId("toast")).toContainText("Settings saved");
			await page.reload();
			await expect(page.getByLabel("Audio track")).toHaveValue("/audio/evening-set.mp3");
			// The player follows it (it is drawn with JavaScript only; the file need not exist for that).
			if (js) {
				const guest = await visitor(browser, js, baseURL);
				try {
					await guest.page.goto("/");
					await expect(guest.page.locator("audio")).toHaveAttribute("src", "/audio/evening-set.mp3");
				} finally {
					await guest.context.close();
				}
			}
		} finally {
			await page.goto("/admin/settings?lng=en");
			await page.getByLabel("Audio track").fill("");
			await page.getByRole("button", { name: "Save settings" }).click();
			await expect(page.getByTestId("toast")).toContainText("Settings saved");
		}
	});

	test("maintenance mode: visitors get a 503 page in English and Russian, the admin still works", {
		tag: "@no-js",
	}, async ({ signInAs, page, browser, js, baseURL }) => {
		await signInAs(ADMIN.username);
		const guest = await visitor(browser, js, baseURL);
		try {
			await setCheckbox(page, "Maintenance mode", true);

			const english = await guest.page.goto("/");
			expect(english?.status()).toBe(503);
			expect(english?.headers()["retry-after"]).toMatch(/^\d+$/);
			await expect(guest.page.getByRole("heading", { level: 1, name: "We’ll be back soon" })).toBeVisible();
			await expect(guest.page).toHaveTitle("Maintenance — FORMA");

			const russian = await guest.page.goto("/artists?lng=ru");
			expect(russian?.status()).toBe(503);
			await expect(guest.page.getByRole("heading", { level: 1, name: "Скоро вернёмся" })).toBeVisible();
			await expect(guest.page.locator("html")).toHaveAttribute("lang", "ru");

			// Sign-in stays open; the admin keeps the whole site.
			const login = await guest.page.goto("/login?lng=en");
			expect(login?.status()).toBe(200);
			await expect(guest.page.getByRole("button", { name: "Sign in" })).toBeVisible();
			const home = await page.goto("/");
			expect(home?.status()).toBe(200);
			await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
			expect(guest.errors).toEqual([]);
		} finally {
			await setCheckbox(page, "Maintenance mode", false);
			await guest.context.close();
		}
		const open = await page.context().request.get("/");
		expect(open.status()).toBe(200);
	});

	test("registration switched off closes /register and hides its link", { tag: "@no-js" }, async ({
		signInAs,
		page,
		browser,
		js,
		baseURL,
	}) => {
		await signInAs(ADMIN.username);
		const guest = await visitor(browser, js, baseURL);
		try {
			await setCheckbox(page, "Allow registration", false);
			const closed = await guest.page.goto("/register");
			expect(closed?.status()).toBe(403);
			await expect(guest.page.getByText("Registration is currently closed.")).toBeVisible();
			await expect(guest.page.getByLabel("Email")).toHaveCount(0);
			await guest.page.goto("/login");
			await expect(guest.page.getByRole("link", { name: "Create one" })).toHaveCount(0);
		} finally {
			await setCheckbox(page, "Allow registration", true);
			await guest.context.close();
		}
	});
});
