import { expect, test } from "./fixtures";

test.describe("about page", () => {
	test("introduces FORMA with live catalogue numbers and leads to artists and the shop", async ({ page }) => {
		await page.goto("/about");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText(
			"Objects with character, and the people who make them",
		);
		await expect(page).toHaveTitle(/About FORMA/);
		const numbers = page.getByRole("region", { name: "FORMA in numbers" });
		await expect(numbers.getByRole("listitem").filter({ hasText: "independent studios" })).toContainText("7");
		await expect(numbers.getByRole("listitem").filter({ hasText: "works in the collection" })).toContainText(
			"18",
		);
		await expect(page.getByRole("heading", { level: 2, name: "How buying works" })).toBeVisible();
		await expect(page.getByText("certificate of authenticity signed by the studio")).toBeVisible();

		await expect(page.getByRole("link", { name: "Browse the shop" })).toHaveAttribute("href", "/shop");
		await expect(page.getByRole("link", { name: "Meet the artists and studios" })).toHaveAttribute(
			"href",
			"/artists",
		);
		await page.getByRole("link", { name: "Contact us" }).click();
		await expect(page).toHaveURL("/contact");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let’s talk");
	});

	test("reads naturally in Russian, with correct plural forms", async ({ page }) => {
		await page.goto("/about?lng=ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText(
			"Вещи с характером и люди, которые их создают",
		);
		await expect(page).toHaveTitle(/О ФОРМЕ/);
		const numbers = page.getByRole("region", { name: "ФОРМА в цифрах" });
		await expect(numbers).toContainText("7независимых студий");
		await expect(numbers).toContainText("18работ в коллекции");
		await expect(numbers).toContainText("4направления");
		await expect(page.getByRole("link", { name: "Перейти в магазин" })).toHaveAttribute("href", "/shop");
	});
});

test.describe("contact page", () => {
	test("lists emails, phone, address and hours as working links", async ({ page }) => {
		await page.goto("/contact");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let’s talk");
		await expect(page.getByRole("link", { name: "info@forma.gallery" }).first()).toHaveAttribute(
			"href",
			"mailto:info@forma.gallery",
		);
		// The sales address is the settings' (tests/e2e/buying.spec.ts sets one): a working link to itself.
		const sales = page
			.locator("dt", { hasText: "Sales" })
			.locator("xpath=following-sibling::dd[1]")
			.getByRole("link");
		await expect(sales).toHaveAttribute("href", `mailto:${await sales.textContent()}`);
		await expect(page.getByRole("link", { name: "+7 495 123-45-67" })).toHaveAttribute(
			"href",
			"tel:+74951234567",
		);
		await expect(page.getByText("2 Malaya Polyanka St")).toBeVisible();
		const hours = page.getByRole("region", { name: "Hours" });
		await expect(hours).toContainText("Online gallery24/7");
		await expect(hours).toContainText("SupportMon–Fri, 10:00–19:00 MSK");
		await expect(hours).toContainText("ConsultationsBy appointment");
	});

	test("FAQ answers open with a click, with or without JavaScript", { tag: "@no-js" }, async ({ page }) => {
		await page.goto("/contact");
		const faq = page.getByRole("region", { name: "Frequently asked questions" });
		for (const question of [
			"How do I order a piece?",
			"Can I see a piece in person before buying?",
			"Do the works come with a certificate of authenticity?",
		]) {
			await expect(faq.getByText(question)).toBeVisible();
		}
		const answer = faq.getByText("Every piece sold by FORMA comes with a certificate of authenticity");
		await expect(answer).toBeHidden();
		await faq.getByText("Do the works come with a certificate of authenticity?").click();
		await expect(answer).toBeVisible();
		await faq.getByText("Do the works come with a certificate of authenticity?").click();
		await expect(answer).toBeHidden();
	});

	test("is fully translated into Russian", async ({ page }) => {
		await page.goto("/contact?lng=ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Давайте поговорим");
		await expect(page).toHaveTitle(/Контакты ФОРМЫ/);
		await expect(page.getByText("ул. Малая Полянка, 2")).toBeVisible();
		const hours = page.getByRole("region", { name: "Часы работы" });
		await expect(hours).toContainText("Онлайн-галереяКруглосуточно");
		await expect(hours).toContainText("Пн–пт, 10:00–19:00 МСК");
		await expect(hours).toContainText("По записи");
		const faq = page.getByRole("region", { name: "Частые вопросы" });
		await faq.getByText("Можно ли посмотреть работу вживую до покупки?").click();
		await expect(faq.getByText("Многие работы выставлены в нашем шоуруме")).toBeVisible();
	});
});

test.describe("legal pages", () => {
	for (const { path, en, ru } of [
		{
			path: "/terms",
			en: { title: "Terms & Conditions", section: "Returns and defects" },
			ru: { title: "Пользовательское соглашение", section: "Возврат и недостатки" },
		},
		{
			path: "/privacy",
			en: { title: "Privacy Policy", section: "Your rights" },
			ru: { title: "Политика конфиденциальности", section: "Ваши права" },
		},
	]) {
		test(`${path} has numbered sections, a date and a working table of contents`, async ({ page }) => {
			await page.goto(path);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);
			await expect(page).toHaveTitle(`${en.title} — FORMA`);
			// Revised with the seller's details and retention from the settings (docs/decisions/0032).
			await expect(page.getByText("Last updated: 28 November 2026")).toBeVisible();
			expect(await page.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(10);

			await page
				.getByRole("navigation", { name: "Contents" })
				.getByRole("link", { name: en.section })
				.click();
			await expect(page).toHaveURL(new RegExp(`${path}#section-\\d+$`));
			await expect(page.getByRole("heading", { level: 2, name: en.section })).toBeInViewport();

			await page.goto(`${path}?lng=ru`);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(ru.title);
			await expect(page.getByText("Последнее обновление: 28 ноября 2026 г.")).toBeVisible();
			await expect(page.getByRole("heading", { level: 2, name: ru.section })).toBeVisible();
		});
	}

	test("privacy names the cookies the site sets and the law it follows", async ({ page }) => {
		await page.goto("/privacy");
		await expect(page.getByText(/^lng\s—\sthe\slanguage\syou\schose/)).toBeVisible();
		await expect(page.getByText(/^theme\s—\sthe\slight\sor\sdark\stheme/)).toBeVisible();
		await expect(page.getByText(/Federal\sLaw\sNo\.\s152-FZ/).first()).toBeVisible();
	});
});

test.describe("search engine files", () => {
	// Fetched over HTTP (the request fixture), where the browser's JavaScript setting plays no part.
	// sitemap.xml and its files: tests/integration/sitemap.test.ts.
	test("robots.txt allows the site, keeps private areas out and points to the sitemap", async ({
		request,
	}) => {
		const response = await request.get("/robots.txt");
		expect(response.status()).toBe(200);
		expect(response.headers()["content-type"]).toContain("text/plain");
		const text = await response.text();
		const origin = new URL(response.url()).origin;
		expect(text).toContain("User-agent: *");
		expect(text).toContain("Allow: /");
		for (const path of ["/admin", "/account", "/resources/"]) expect(text).toContain(`Disallow: ${path}\n`);
		expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
	});
});
