import { expect, readyOnGoto, test } from "./fixtures";
import { ADMIN } from "./session";

/**
 * Maintenance mode as visitors and staff see it (issue #35): visitors get the 503 in the site's faces,
 * colours and wordmark with the gallery's e-mail and phone; an administrator browsing the site is told
 * that it is closed to everyone else. The switch is the settings row (the admin screen's own journey is
 * admin-settings.spec.ts); it is put back in `finally` for the tests after this one.
 */
const SCREENS = [
	{ name: "desktop", viewport: { width: 1280, height: 800 } },
	{ name: "phone", viewport: { width: 390, height: 844 } },
] as const;
const SALES = "pieces@forma.example";
const TEXTS = {
	en: {
		title: "We’ll be back soon",
		contacts: "Need us now?",
		banner: /Maintenance\smode\sis\son/,
		link: "Turn it off in Settings",
	},
	ru: {
		title: "Скоро вернёмся",
		contacts: "Нужно связаться прямо сейчас?",
		banner: /Включён\sрежим\sобслуживания/,
		link: "Выключить в настройках",
	},
} as const;

for (const screen of SCREENS) {
	test(`visitors get a branded 503 with the gallery's contacts; staff see a banner (${screen.name})`, {
		tag: "@no-js",
	}, async ({ page, browser, js, baseURL, site, signInAs }) => {
		await page.setViewportSize(screen.viewport);
		const [before] = site.query<{ sales_email: string }>("select sales_email from settings where id = 1");
		site.query("update settings set maintenance_mode = 1, sales_email = ? where id = 1", SALES);
		const context = await browser.newContext({ javaScriptEnabled: js, baseURL, viewport: screen.viewport });
		try {
			const guest = readyOnGoto(await context.newPage(), js);
			for (const language of ["en", "ru"] as const) {
				for (const theme of ["light", "dark"] as const) {
					await context.clearCookies();
					if (theme === "dark")
						await context.addCookies([
							{ name: "theme", value: Buffer.from('"dark"').toString("base64"), url: baseURL ?? "" },
						]);
					const response = await guest.goto(`/shop?lng=${language}`);
					expect(response?.status()).toBe(503);
					expect(response?.headers()["retry-after"]).toMatch(/^\d+$/);
					const title = guest.getByRole("heading", { level: 1, name: TEXTS[language].title });
					await expect(title).toBeVisible();
					// The site's display face, loaded from the site's own files (the policy allows them).
					await guest.evaluate(() => document.fonts.ready);
					expect(await title.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
						/^"?Unbounded Variable/,
					);
					expect(
						await guest.evaluate(() =>
							Array.from(document.fonts).some(
								(face) => face.family.includes("Unbounded Variable") && face.status === "loaded",
							),
						),
					).toBe(true);
					// The site's paper and ink, in the visitor's theme.
					const colours = await guest.evaluate(() => {
						const style = getComputedStyle(document.body);
						return { paper: style.backgroundColor, ink: style.color };
					});
					expect(colours).toEqual(
						theme === "dark"
							? { paper: "rgb(15, 14, 12)", ink: "rgb(239, 234, 224)" }
							: { paper: "rgb(244, 241, 234)", ink: "rgb(22, 20, 15)" },
					);
					// The wordmark, drawn, and the gallery's contacts.
					const wordmark = guest.getByRole("img", { name: language === "ru" ? "ФОРМА" : "FORMA" });
					await expect(wordmark).toBeVisible();
					expect(await wordmark.evaluate((element) => element.tagName.toLowerCase())).toBe("svg");
					const contacts = guest.getByRole("region", { name: TEXTS[language].contacts });
					await expect(contacts.getByRole("link", { name: SALES })).toHaveAttribute(
						"href",
						`mailto:${SALES}`,
					);
					await expect(contacts.getByRole("link", { name: "+7 495 123-45-67" })).toHaveAttribute(
						"href",
						"tel:+74951234567",
					);
					// Nothing runs out of a phone's screen.
					expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
						screen.viewport.width,
					);
				}
			}

			// Staff get past it, and are told.
			await signInAs(ADMIN.username);
			for (const language of ["en", "ru"] as const) {
				const response = await page.goto(`/shop?lng=${language}`);
				expect(response?.status()).toBe(200);
				const banner = page.getByTestId("maintenance-banner");
				await expect(banner).toContainText(TEXTS[language].banner);
				await expect(banner.getByRole("link", { name: TEXTS[language].link })).toHaveAttribute(
					"href",
					"/admin/settings",
				);
				// Under the header, not behind it.
				const header = await page.getByRole("banner").boundingBox();
				const box = await banner.boundingBox();
				expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 0.5);
			}
		} finally {
			site.query(
				"update settings set maintenance_mode = 0, sales_email = ? where id = 1",
				before?.sales_email ?? "",
			);
			await context.close();
		}
		// Once it is off, the banner goes.
		await page.goto("/shop?lng=en");
		await expect(page.getByTestId("maintenance-banner")).toHaveCount(0);
	});
}
