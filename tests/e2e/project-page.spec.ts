import { giveConsent } from "./consent";
import { expect, test } from "./fixtures";
import { openRequestForm } from "./requests";
import { ADMIN, type E2eServer } from "./servers";

/**
 * The project page as a shopper meets it (issue #12): drafts only for administrators, honest prices and
 * availability, the facts, the paragraphs and link of a description, and the gallery's lightbox.
 */

/** The latest request saved for this e-mail. */
function requestFor(site: E2eServer, email: string) {
	return site.query<{ project_id: string; kind: string; price_shown: number; project_price: number }>(
		"select project_id, kind, price_shown, project_price from purchase_requests where email = ? order by id desc",
		email,
	)[0];
}

/** "0 ₽" as a price of its own (not the end of "450 ₽" or "140 000 ₽"). */
const ZERO_RUBLES = /(?<![\d\s\u00a0])0[\s\u00a0]₽/;

/** The lightbox journey's piece gets at least three gallery views with alt texts in both languages. */
const LIGHTBOX_PROJECT = "ripple-glass-vase";
let lightboxCount = 0;

test.beforeAll(({ site }) => {
	site.withDatabase((db) =>
		db.transaction(() => {
			const rows = db
				.prepare("select count(*) from project_images where project_id = ?")
				.pluck()
				.get(LIGHTBOX_PROJECT) as number;
			if (rows < 3) {
				const borrow = db.prepare(
					`insert into project_images (project_id, image_url, image_width, image_height, alt_text, alt_text_ru, sort_order)
					 select ?, image, image_width, image_height, ?, ?, ? from projects where image is not null and id != ? order by id limit 1 offset ?`,
				);
				for (let view = rows; view < 3; view++) {
					borrow.run(
						LIGHTBOX_PROJECT,
						`Vase view ${view + 1}`,
						`Ваза, вид ${view + 1}`,
						100 + view,
						LIGHTBOX_PROJECT,
						view,
					);
				}
			}
			const project = db.prepare("select image from projects where id = ?").get(LIGHTBOX_PROJECT) as {
				image: string | null;
			};
			const views = db
				.prepare("select count(*) from project_images where project_id = ?")
				.pluck()
				.get(LIGHTBOX_PROJECT) as number;
			lightboxCount = views + (project.image ? 1 : 0);
		})(),
	);
});

test.describe("drafts", () => {
	// A draft of the test's own, deleted after it: the shop and category specs count the catalogue.
	let draftId = "";
	test.beforeEach(({ js, site }) => {
		draftId = `e2e-draft-${js ? "js" : "nojs"}`;
		site.withDatabase((db) =>
			db.transaction(() => {
				db.prepare("delete from projects where id = ?").run(draftId);
				const now = new Date().toISOString();
				// No main image: the first gallery view is the cover, shown once.
				db.prepare(
					`insert into projects (id, name, artist_id, category, price, description_en, description_ru, status, created_at, updated_at)
					 values (?, 'Secret Chair', 'corpus-studio', 'furniture', 50000, 'Not ready yet.', 'Ещё не готово.', 'draft', ?, ?)`,
				).run(draftId, now, now);
				const borrow = db.prepare(
					`insert into project_images (project_id, image_url, image_width, image_height, alt_text, alt_text_ru, sort_order)
					 select ?, image, image_width, image_height, ?, '', ? from projects where image is not null order by id limit 1 offset ?`,
				);
				borrow.run(draftId, "Secret Chair, front", 1, 0);
				borrow.run(draftId, "Secret Chair, side", 2, 1);
			})(),
		);
	});
	test.afterEach(({ site }) => {
		site.query("delete from projects where id = ?", draftId);
	});

	test("a draft is a 404 to the public and a preview with a banner for an administrator", async ({
		page,
		signInAs,
		context,
	}) => {
		for (const url of [`/project/${draftId}`, `/project/${draftId}/request`]) {
			const response = await page.goto(url);
			expect(response?.status(), url).toBe(404);
		}
		await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

		await signInAs(ADMIN.username);
		const preview = await page.goto(`/project/${draftId}`);
		expect(preview?.status()).toBe(200);
		// An administrator's page is theirs alone: never stored in a shared cache.
		expect(preview?.headers()["cache-control"]).toBe("private, no-store");
		await expect(
			page.getByRole("status").filter({ hasText: "Draft — only administrators can see this page" }),
		).toBeVisible();
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secret Chair");
		await expect(page.getByRole("main").getByRole("link", { name: "Buy" })).toHaveCount(0);
		await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
		// The cover is the first gallery view, and the gallery shows it once.
		const gallery = page.getByRole("region", { name: "Images of Secret Chair" });
		await expect(gallery.getByRole("group")).toHaveCount(2);
		await expect(gallery.getByRole("group", { name: "Image 1 of 2" }).getByRole("img")).toHaveAttribute(
			"alt",
			"Secret Chair, front",
		);
		// Nor can the administrator send a request for it.
		expect((await page.goto(`/project/${draftId}/request`))?.status()).toBe(404);

		// Signed out again, the public still gets the 404 (no copy of the preview was kept for them).
		await context.clearCookies();
		expect((await page.goto(`/project/${draftId}`))?.status()).toBe(404);
	});
});

test.describe("availability and price", () => {
	test("a sold piece shows Sold, cannot be bought, and takes a request about similar work", {
		tag: "@no-js",
	}, async ({ page, js, site }) => {
		await page.goto("/project/nido-stool");
		const main = page.getByRole("main");
		await expect(main.getByTestId("availability-mark").first()).toHaveText("Sold");
		await expect(main.getByRole("link", { name: "Buy", exact: true })).toHaveCount(0);
		const ask = main.getByRole("link", { name: "Ask about similar work" });
		await expect(ask).toHaveAttribute("href", "/project/nido-stool/request");
		const email = `similar-${js ? "js" : "nojs"}-${Date.now()}@example.com`;
		const form = await openRequestForm(page, js, {
			link: "Ask about similar work",
			dialog: "Ask about similar work",
		});
		if (!js) {
			await expect(page).toHaveURL("/project/nido-stool/request");
			await expect(page.getByRole("heading", { level: 1, name: "Ask about similar work" })).toBeVisible();
		}
		await expect(form).toBeVisible();
		await form.getByLabel("Email").fill(email);
		await form.getByLabel("Phone").fill("+79161234567");
		await giveConsent(form);
		await form.getByRole("button", { name: "Send request" }).click();
		await expect(page.getByTestId("purchase-confirmation").getByRole("heading")).toHaveText(
			/Thank\s+you\.\s+We\s+will\s+write\s+to\s+you\s+soon\s+about\s+work\s+similar\s+to\s+Nido\s+Stool\./,
		);
		await expect
			.poll(() => requestFor(site, email))
			.toMatchObject({ project_id: "nido-stool", kind: "similar" });
	});

	test("a reserved piece shows Reserved and offers to wait for it instead of Buy", async ({ page }) => {
		await page.goto("/project/slab-oak-dining-table");
		const main = page.getByRole("main");
		await expect(main.getByTestId("availability-mark").first()).toHaveText("Reserved");
		await expect(main.getByRole("link", { name: "Buy", exact: true })).toHaveCount(0);
		await expect(main.getByRole("link", { name: "Tell me if it becomes available" })).toHaveAttribute(
			"href",
			"/project/slab-oak-dining-table/request",
		);
	});

	test("marks show on shop cards, in both languages", async ({ page }) => {
		await page.goto("/shop?q=Nido");
		const card = page.getByTestId("project-card").filter({ hasText: "Nido Stool" });
		await expect(card.getByTestId("availability-mark")).toHaveText("Sold");
		await expect(card.getByRole("link").first()).toHaveAttribute("href", "/project/nido-stool");
		await page.goto("/shop?q=Nido&lng=ru");
		await expect(
			page.getByTestId("project-card").filter({ hasText: "Nido Stool" }).getByTestId("availability-mark"),
		).toHaveText("Продано");
	});

	test("a piece without a price reads Price on request and asks for the price", { tag: "@no-js" }, async ({
		page,
		js,
		site,
	}) => {
		await page.goto("/project/northline-identity");
		const main = page.getByRole("main");
		await expect(main.getByTestId("project-price")).toHaveText("Price on request");
		await expect(main).not.toContainText(ZERO_RUBLES);
		const ask = main.getByRole("link", { name: "Request price" });
		await expect(ask).toHaveAttribute("href", "/project/northline-identity/request");
		const email = `price-${js ? "js" : "nojs"}-${Date.now()}@example.com`;
		const form = await openRequestForm(page, js, { link: "Request price", dialog: "Request the price" });
		if (!js) {
			await expect(page.getByRole("heading", { level: 1, name: "Request the price" })).toBeVisible();
			await expect(page.getByText("Price on request")).toBeVisible();
			await expect(page.getByRole("main")).not.toContainText(ZERO_RUBLES);
		}
		await form.getByLabel("Email").fill(email);
		await form.getByLabel("Phone").fill("+79161234567");
		await giveConsent(form);
		await form.getByRole("button", { name: "Send request" }).click();
		await expect(page.getByTestId("purchase-confirmation").getByRole("heading")).toHaveText(
			/Thank\s+you\.\s+We\s+will\s+send\s+you\s+the\s+price\s+of\s+Northline\s+Identity\s+soon\./,
		);
		await expect
			.poll(() => requestFor(site, email))
			.toMatchObject({
				project_id: "northline-identity",
				kind: "purchase",
				price_shown: 0,
			});

		await page.goto("/project/northline-identity?lng=ru");
		await expect(page.getByRole("main").getByTestId("project-price")).toHaveText("Цена по запросу");
		await expect(page.getByRole("main").getByRole("link", { name: "Запросить цену" })).toBeVisible();
	});
});

test.describe("what the page says", () => {
	test("facts as a definition list, only those that are set, in both languages", async ({ page }) => {
		await page.goto("/project/tidal-relief");
		const facts = page.getByRole("region", { name: "Facts" });
		await expect(facts.getByRole("term")).toHaveText(["Dimensions", "Materials", "Year", "Edition"]);
		await expect(facts.getByRole("definition")).toContainText(["60 × 60 cm", /.+/, "2024", "Edition of 12"]);
		await page.goto("/project/tidal-relief?lng=ru");
		const ru = page.getByRole("region", { name: "Характеристики" });
		await expect(ru.getByRole("definition").first()).toHaveText("60 × 60 см");
		await expect(ru.getByRole("definition").last()).toHaveText("Тираж 12 экз.");
		// A branding project has no dimensions: the list leaves them out.
		await page.goto("/project/northline-identity?lng=en");
		await expect(page.getByRole("region", { name: "Facts" }).getByRole("term")).toHaveText(["Year"]);
	});

	test("the facts, the availability and an honest offer are in the JSON-LD", async ({ page }) => {
		await page.goto("/project/tidal-relief");
		const product = JSON.parse(
			(await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
		);
		expect(product).toMatchObject({
			size: "60 × 60 cm",
			productionDate: "2024",
			brand: { name: "Carmworks" },
		});
		expect(product.offers).toMatchObject({ price: 27000, availability: "https://schema.org/InStock" });
		await page.goto("/project/northline-identity");
		const onRequest = JSON.parse(
			(await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
		);
		expect(onRequest.offers.price).toBeUndefined();
		await page.goto("/project/nido-stool");
		const sold = JSON.parse(
			(await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
		);
		expect(sold.offers.availability).toBe("https://schema.org/SoldOut");
	});

	test("a description keeps its paragraphs, and the project's link shows on its page", async ({ page }) => {
		await page.goto("/project/northline-identity");
		const detail = page.getByRole("region", { name: "Project Detail" });
		await expect(detail.getByRole("paragraph")).toHaveCount(2);
		await expect(detail.getByRole("link", { name: "View more" })).toHaveAttribute(
			"href",
			"/artist/bureau-nord",
		);
		await page.goto("/project/northline-identity?lng=ru");
		await expect(page.getByRole("region", { name: "О проекте" }).getByRole("paragraph")).toHaveCount(2);
		await expect(
			page.getByRole("region", { name: "О проекте" }).getByRole("link", { name: "Подробнее" }),
		).toBeVisible();
	});

	test("selling points fit what is sold", async ({ page }) => {
		await page.goto("/project/crumb-bakery-identity");
		await expect(page.getByText("All source files included")).toBeVisible();
		await expect(page.getByText("Free worldwide shipping")).toHaveCount(0);
		await page.goto("/project/indigo-dye-workshop");
		await expect(page.getByText("Materials included")).toBeVisible();
		await expect(page.getByText("Free worldwide shipping")).toHaveCount(0);
	});

	test("more from the artist and pieces like this one open their own pages", async ({ page }) => {
		await page.goto("/project/arc-lounge-chair");
		const more = page.getByRole("region", { name: /^More from / });
		await expect(more.getByTestId("project-card").first()).toBeVisible();
		await expect(more.getByRole("link", { name: /Arc Lounge Chair/ })).toHaveCount(0);
		const related = page.getByRole("region", { name: "You may also like" });
		await expect(related.getByTestId("project-card")).not.toHaveCount(0);
		for (const href of await related
			.getByRole("link")
			.evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
			expect(href).toMatch(/^\/project\//);
	});
});

test.describe("lightbox", () => {
	test("without JavaScript each picture links to its full-size file", { tag: "@no-js" }, async ({
		page,
		js,
	}) => {
		test.skip(js, "the no-JavaScript fallback");
		await page.goto(`/project/${LIGHTBOX_PROJECT}`);
		const gallery = page.getByRole("region", { name: "Images of Ripple Glass Vase" });
		const links = gallery.getByRole("link", { name: /at full size/ });
		await expect(links).toHaveCount(lightboxCount);
		for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute("href"))))
			expect(href).toMatch(/^\/resources\/images\/.+\.(jpe?g|png|webp|svg)$|^\/placeholder\.svg$/);
	});

	test("opens from the keyboard, pages with the arrows, closes with Escape and gives focus back", async ({
		page,
		js,
	}) => {
		test.skip(!js, "the lightbox needs JavaScript");
		await page.goto(`/project/${LIGHTBOX_PROJECT}`);
		const enlarge = page.getByRole("button", { name: `Enlarge image 1 of ${lightboxCount}` });
		await expect(enlarge).toBeVisible();
		await enlarge.focus();
		await page.keyboard.press("Enter");
		const lightbox = page.getByRole("dialog", { name: "Ripple Glass Vase: enlarged images" });
		await expect(lightbox).toBeVisible();
		await expect(lightbox.getByText(`1 / ${lightboxCount}`)).toBeVisible();
		await expect(lightbox.getByRole("button", { name: "Close" })).toBeFocused();
		await page.keyboard.press("ArrowRight");
		await expect(lightbox.getByText(`2 / ${lightboxCount}`)).toBeVisible();
		await page.keyboard.press("ArrowLeft");
		await page.keyboard.press("ArrowLeft");
		await expect(lightbox.getByText(`${lightboxCount} / ${lightboxCount}`)).toBeVisible();
		// Focus stays inside: tabbing cycles through the lightbox's own controls.
		for (let i = 0; i < 6; i++) {
			await page.keyboard.press("Tab");
			expect(await lightbox.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
		}
		// Zoom toggles 2×.
		const stage = lightbox.getByTestId("lightbox-stage");
		await lightbox.getByRole("button", { name: "Zoom in" }).click();
		await expect(stage).toHaveAttribute("data-scale", "2");
		await lightbox.getByRole("button", { name: "Zoom out" }).click();
		await expect(stage).toHaveAttribute("data-scale", "1");
		await stage.getByRole("img").click();
		await expect(stage).toHaveAttribute("data-scale", "2");

		await page.keyboard.press("Escape");
		await expect(lightbox).toBeHidden();
		// Back on the gallery's Enlarge button (it now names the picture the visitor ended on).
		await expect(page.getByRole("button", { name: /^Enlarge image/ })).toBeFocused();
	});

	test("alt texts are in the visitor's language", async ({ page, js }) => {
		test.skip(!js, "the lightbox needs JavaScript");
		await page.goto(`/project/${LIGHTBOX_PROJECT}?lng=ru`);
		const enlarge = page.getByRole("button", { name: `Увеличить изображение 1 из ${lightboxCount}` });
		await expect(enlarge).toBeVisible();
		await enlarge.click();
		const lightbox = page.getByRole("dialog", { name: "Ripple Glass Vase: увеличенные изображения" });
		// Its code may still be on its way on a first open: keys go to it once it is on screen.
		await expect(lightbox).toBeVisible();
		await page.keyboard.press("ArrowRight");
		await expect(lightbox.getByText(`2 / ${lightboxCount}`)).toBeVisible();
		await expect(lightbox.getByTestId("lightbox-stage").getByRole("img")).toHaveAttribute("alt", /[а-яё]/i);
	});
});
