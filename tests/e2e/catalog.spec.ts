import { DESIGN_PAGE_CATEGORIES, SITE_CATEGORIES } from "../../app/lib/categories";
import { formatPrice } from "../../app/lib/format";
import { seedProjects } from "../../db/seed/seed-data";
import { expect, test } from "./fixtures";
import { openRequestForm } from "./requests";

const CATEGORY_NAMES = { branding: "Branding", design: "Design", art: "Art", creative: "Creative" } as const;
/** Seeded projects as the category pages list them: available, then reserved, then sold; newest first. */
const RANK = { available: 0, reserved: 1, sold: 2 } as const;
const byNewest = [...seedProjects].sort(
	(a, b) =>
		RANK[a.availability ?? "available"] - RANK[b.availability ?? "available"] ||
		b.createdAt.localeCompare(a.createdAt),
);

/**
 * The seed has no gallery images, so this journey adds some to the worker's site: two real pictures
 * (borrowed from other projects) for Tidal Relief, and one missing file for Loop Bench.
 */
test.beforeAll(({ site }) => {
	site.withDatabase((db) =>
		db.transaction(() => {
			db.prepare("delete from project_images where project_id in ('tidal-relief', 'loop-bench')").run();
			const borrow = db.prepare(
				`insert into project_images (project_id, image_url, image_width, image_height, alt_text, sort_order)
				 select 'tidal-relief', image, image_width, image_height, ?, ? from projects where id = ?`,
			);
			borrow.run("Tidal Relief on a studio wall", 1, "nido-stool");
			borrow.run("Tidal Relief, detail", 2, "terra-modular-sofa");
			db.prepare(
				`insert into project_images (project_id, image_url, image_width, image_height, alt_text, sort_order)
				 values ('loop-bench', 'projects/e2e-missing-file.jpg', 1200, 900, 'Loop Bench from the side', 1)`,
			).run();
		})(),
	);
});

test.describe("category pages", () => {
	for (const category of SITE_CATEGORIES) {
		test(`/${category} shows the banner and exactly its own projects`, async ({ page }) => {
			const response = await page.goto(`/${category}`);
			expect(response?.status()).toBe(200);
			await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(CATEGORY_NAMES[category]);
			expect(await page.title()).toBe(`${CATEGORY_NAMES[category]} — FORMA`);

			// Design also holds furniture and clothing (decisions, Round 2); the others hold their own category.
			const held: readonly string[] = category === "design" ? DESIGN_PAGE_CATEGORIES : [category];
			const expected = byNewest.filter((project) => held.includes(project.category)).map((p) => p.name);
			expect(expected.length).toBeGreaterThan(0);
			const grid = page.getByRole("region", { name: "Projects" });
			await expect(grid.getByRole("heading", { level: 3 })).toHaveText(expected);
			await expect(page.getByText(`${expected.length} piece`)).toBeVisible();
		});
	}

	test("other single-segment paths are not category pages", async ({ page }) => {
		for (const path of ["/furniture", "/paintings"]) {
			const response = await page.goto(path);
			expect(response?.status()).toBe(404);
			await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
		}
	});

	test("the category page speaks Russian", async ({ page }) => {
		await page.goto("/art?lng=ru");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Искусство");
		await expect(page.getByText("2 работы")).toBeVisible();
		await expect(page.getByRole("heading", { level: 2, name: "Коллекции" })).toBeVisible();
		expect(await page.title()).toBe("Искусство — ФОРМА");
	});

	test("a card without a link opens the project page", async ({ page }) => {
		await page.goto("/branding");
		await page.getByRole("link", { name: /Crumb Bakery Identity/ }).click();
		await expect(page).toHaveURL("/project/crumb-bakery-identity");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crumb Bakery Identity");
	});

	test("a card with a site path navigates there", async ({ page }) => {
		await page.goto("/creative");
		// /about belongs to another screen; only where the card leads is checked here.
		await page.getByRole("link", { name: /Indigo Dye Workshop/ }).click();
		await expect(page).toHaveURL("/about");
	});

	test("/art has a carousel of five collections", { tag: "@no-js" }, async ({ page, js }) => {
		await page.goto("/art");
		const carousel = page.getByRole("region", { name: "Art collections" });
		const slides = carousel.getByRole("group");
		await expect(slides).toHaveCount(5);
		await expect(carousel.getByRole("heading", { level: 3 })).toHaveText([
			"Abstract",
			"Prints",
			"Sculpture",
			"Photography",
			"Digital",
		]);
		await carousel.scrollIntoViewIfNeeded();
		await expect(slides.first()).toBeInViewport();
		if (js) {
			await expect(page.getByRole("button", { name: "Next collection" })).toBeVisible();
			await expect(page.getByRole("button", { name: "Previous collection" })).toBeVisible();
		} else {
			// Without JavaScript there are no buttons to press (their place is kept, unseen); the row scrolls
			// sideways, so every card stays reachable; each card is a link (to its collection's pieces), so the
			// keyboard goes from card to card and the row scrolls to the one focused.
			await expect(page.getByRole("button", { name: "Next collection" })).toBeHidden();
			const row = carousel.getByTestId("collections-row");
			const cards = carousel.getByTestId("collection-card");
			await cards.first().focus();
			for (let index = 1; index < 5; index++) await page.keyboard.press("Tab");
			await expect(cards.last()).toBeFocused();
			await expect(cards.last()).toHaveAttribute("href", "/shop?category=art&collection=digital");
			await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
			await slides.last().scrollIntoViewIfNeeded();
			await expect(slides.last()).toBeInViewport();
		}
	});

	test("the carousel's buttons move it", async ({ page, js }) => {
		test.skip(!js, "the buttons are an enhancement that needs JavaScript");
		await page.emulateMedia({ reducedMotion: "reduce" });
		await page.goto("/art");
		const carousel = page.getByRole("region", { name: "Art collections" });
		const first = carousel.getByRole("group", { name: "1 of 5" });
		const next = page.getByRole("button", { name: "Next collection" });
		await expect(next).toBeVisible();
		const firstBox = await first.boundingBox();
		await next.click();
		await expect.poll(async () => (await first.boundingBox())?.x).toBeLessThan((firstBox?.x ?? 0) - 100);
	});

	test("the carousel goes on from where the row was scrolled before its code arrived; its buttons move no card", async ({
		page,
		js,
	}) => {
		test.skip(!js, "the carousel needs JavaScript");
		await page.emulateMedia({ reducedMotion: "reduce" });
		// A phone, where the buttons take a row of their own above the cards.
		await page.setViewportSize({ width: 390, height: 844 });
		// The page's scripts held back, as on a slow phone, until the row has been scrolled by hand: released
		// by the test, not after a time, so a slow machine cannot let them in first.
		let releaseScripts = () => {};
		const scriptsReleased = new Promise<void>((resolve) => {
			releaseScripts = resolve;
		});
		await page.route(/\/build\/.*\.js$/, async (route) => {
			await scriptsReleased;
			await route.fallback();
		});
		await page.goto("/art", { waitUntil: "commit" });
		const carousel = page.getByRole("region", { name: "Art collections" });
		const third = carousel.getByRole("group", { name: "3 of 5" });
		await carousel.scrollIntoViewIfNeeded();
		await third.evaluate((slide) => slide.scrollIntoView({ inline: "start", block: "nearest" }));
		// Where the cards stand below the heading: the buttons, when they appear, do not move them.
		const heading = page.getByRole("heading", { level: 2, name: "Collections" });
		const cardsBelowHeading = async () =>
			((await third.boundingBox())?.y ?? 0) - ((await heading.boundingBox())?.y ?? 0);
		const before = await cardsBelowHeading();
		await expect
			.poll(() => carousel.getByTestId("collections-row").evaluate((row) => row.scrollLeft))
			.toBeGreaterThan(0);
		releaseScripts();
		await expect(page.getByRole("button", { name: "Next collection" })).toBeVisible();
		const start = (await carousel.boundingBox())?.x ?? 0;
		await expect
			.poll(async () => Math.abs(((await third.boundingBox())?.x ?? -999) - start))
			.toBeLessThan(40);
		expect(await cardsBelowHeading()).toBe(before);
	});
});

test.describe("project page", () => {
	test("shows the project, its designer, price, details and selling points", async ({ page }) => {
		const response = await page.goto("/project/tidal-relief");
		expect(response?.status()).toBe(200);
		await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tidal Relief");
		await expect(page.getByRole("link", { name: "Carmworks", exact: true })).toHaveAttribute(
			"href",
			"/artist/carmworks",
		);
		await expect(page.getByTestId("project-price")).toHaveText(formatPrice(27000));
		await expect(page.getByTestId("project-price")).toHaveText(/^27\s000\s₽$/);
		await expect(page.getByRole("heading", { level: 2, name: "Project Detail" })).toBeVisible();
		await expect(page.getByText("A wall relief in cast plaster")).toBeVisible();
		for (const point of [
			"Expertly crafted by hand",
			"Limited production",
			"Certificate of authenticity included",
			"Free worldwide shipping",
		]) {
			await expect(page.getByText(point, { exact: true })).toBeVisible();
		}
		expect(await page.title()).toBe("Tidal Relief — FORMA");
	});

	test("the back link returns to the category", async ({ page }) => {
		await page.goto("/project/tidal-relief");
		await page.getByRole("link", { name: "Back to Art" }).click();
		await expect(page).toHaveURL("/art");
		await expect(page.getByRole("heading", { level: 1 })).toHaveText("Art");
	});

	test("furniture and clothing link back to their chip on the Design page", async ({ page }) => {
		await page.goto("/project/slab-oak-dining-table");
		await expect(page.getByRole("link", { name: "Back to Furniture" })).toHaveAttribute(
			"href",
			"/design?type=furniture",
		);
		// No artist is called like this designer? Corpus Studio is one, so its name links to the profile.
		await expect(page.getByRole("link", { name: "Corpus Studio", exact: true })).toHaveAttribute(
			"href",
			"/artist/corpus-studio",
		);
	});

	test("the main image is the page's priority image", async ({ page }) => {
		await page.goto("/project/tidal-relief");
		const main = page.getByRole("img", { name: "Tidal Relief", exact: true });
		await expect(main).toBeVisible();
		await expect(main).toHaveAttribute("loading", "eager");
		await expect(main).toHaveAttribute("fetchpriority", "high");
		await expect(main).toHaveAttribute("srcset", /-800w\.webp 800w/);
	});

	test("Buy leads to the purchase form; the page explains how buying works", { tag: "@no-js" }, async ({
		page,
		js,
	}) => {
		await page.goto("/project/tidal-relief");
		const buy = page.getByRole("main").getByRole("link", { name: "Buy" });
		await expect(buy).toHaveAttribute("href", "/project/tidal-relief/request");
		await openRequestForm(page, js, { link: "Buy", dialog: "Complete your purchase" });
		if (!js) await expect(page).toHaveURL("/project/tidal-relief/request");
		await page.goto("/project/tidal-relief");
		const request = page.getByRole("region", { name: "How buying works" });
		// One story: step 1 is the request above; questions go to the one sales address (buying.spec.ts).
		await expect(request.getByRole("listitem").first()).toContainText("Send a request with the button above");
		await expect(request.getByRole("link", { name: "Contacts" })).toHaveAttribute("href", "/contact");
		await expect(request.getByRole("link", { name: "Email about this piece" })).toHaveAttribute(
			"href",
			/^mailto:[^@?]+@[^@?]+\?subject=/,
		);
	});

	test("the project page speaks Russian", async ({ page }) => {
		await page.goto("/project/tidal-relief?lng=ru");
		await expect(page.getByRole("heading", { level: 2, name: "О проекте" })).toBeVisible();
		await expect(page.getByText("Настенный рельеф из литого гипса")).toBeVisible();
		await expect(page.getByRole("link", { name: "Назад: Искусство" })).toHaveAttribute("href", "/art");
		await expect(page.getByRole("heading", { level: 2, name: "Как проходит покупка" })).toBeAttached();
		for (const point of [
			"Искусная ручная работа",
			"Ограниченный тираж",
			"Сертификат подлинности в комплекте",
			"Бесплатная доставка по всему миру",
		]) {
			await expect(page.getByText(point, { exact: true })).toBeVisible();
		}
		await expect(page.getByRole("main").getByRole("link", { name: "Купить" })).toHaveAttribute(
			"href",
			"/project/tidal-relief/request",
		);
	});

	test("an unknown project goes to /not-found, which answers 404, in either language", async ({ page }) => {
		const response = await page.goto("/project/does-not-exist");
		await expect(page).toHaveURL("/not-found");
		expect(response?.status()).toBe(404);
		await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
		const russian = await page.goto("/project/does-not-exist?lng=ru");
		await expect(page).toHaveURL("/not-found?lng=ru");
		expect(russian?.status()).toBe(404);
		await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toBeVisible();
	});

	test("describes the project for search engines and sharing", async ({ page }) => {
		await page.goto("/project/tidal-relief");
		const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
		const project = JSON.parse(jsonLd ?? "{}");
		expect(project["@type"]).toBe("Product");
		expect(project.name).toBe("Tidal Relief");
		expect(project.brand.name).toBe("Carmworks");
		expect(project.image[0]).toMatch(/^https?:\/\/.+\/resources\/images\/projects\//);
		expect(project.offers).toMatchObject({
			"@type": "Offer",
			priceCurrency: "RUB",
			price: 27000,
			availability: "https://schema.org/InStock",
		});
		await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
		await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", project.image[0]);
	});
});

test.describe("project gallery", () => {
	// Autoplay and transitions as most visitors see them; single tests below ask for less motion.
	test.use({ reducedMotion: "no-preference" });

	test("without JavaScript every image is reachable", { tag: "@no-js" }, async ({ page, js }) => {
		test.skip(js, "the no-JavaScript fallback");
		await page.goto("/project/tidal-relief");
		const gallery = page.getByRole("region", { name: "Images of Tidal Relief" });
		await expect(gallery.getByRole("group")).toHaveCount(3);
		await expect(gallery.getByRole("group", { name: "Image 1 of 3" })).toBeInViewport();
		await gallery.getByRole("link", { name: "Show image 3 of 3" }).click();
		await expect(gallery.getByRole("img", { name: "Tidal Relief, detail" })).toBeInViewport();
	});

	test("next, previous, thumbnails and arrow keys change the slide", async ({ page, js }) => {
		test.skip(!js, "the carousel's controls need JavaScript");
		await page.emulateMedia({ reducedMotion: "reduce" });
		await page.goto("/project/tidal-relief");
		const gallery = page.getByRole("region", { name: "Images of Tidal Relief" });
		const slide = (index: number) => gallery.getByRole("group", { name: `Image ${index} of 3` });
		await expect(gallery.getByRole("button", { name: "Next image" })).toBeVisible();
		await expect(slide(1)).toBeInViewport({ ratio: 0.9 });

		await gallery.getByRole("button", { name: "Next image" }).click();
		await expect(slide(2)).toBeInViewport({ ratio: 0.9 });
		await expect(slide(1)).not.toBeInViewport();
		await expect(gallery.getByText("2 / 3")).toBeVisible();

		await gallery.getByRole("button", { name: "Previous image" }).click();
		await expect(slide(1)).toBeInViewport({ ratio: 0.9 });

		await gallery.getByRole("button", { name: "Show image 3 of 3" }).click();
		await expect(slide(3)).toBeInViewport({ ratio: 0.9 });

		await gallery.focus();
		await page.keyboard.press("ArrowRight");
		await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
		await page.keyboard.press("ArrowLeft");
		await expect(slide(3)).toBeInViewport({ ratio: 0.9 });
	});

	test("autoplays, and a click on the image stops and resumes it", async ({ page, js }) => {
		test.skip(!js, "autoplay needs JavaScript");
		// The page's timers run on Playwright's clock: time flows as usual, and runFor() moves it on at once.
		await page.clock.install();
		await page.goto("/project/tidal-relief");
		const gallery = page.getByRole("region", { name: "Images of Tidal Relief" });
		const pause = gallery.getByRole("button", { name: "Pause slideshow" });
		await expect(pause).toBeVisible();
		// Autoplay every 4 s: the second slide arrives on its own (the mouse is kept off the gallery).
		await page.mouse.move(0, 0);
		await page.clock.runFor(4600);
		await expect(gallery.getByText("2 / 3")).toBeVisible();

		await gallery.getByRole("img", { name: "Tidal Relief on a studio wall" }).click();
		await expect(gallery.getByRole("button", { name: "Play slideshow" })).toHaveAttribute(
			"aria-pressed",
			"true",
		);
		await expect(gallery.getByText("Slideshow paused")).toBeAttached();
		await page.mouse.move(0, 0);
		// More than a whole autoplay interval passes: a running slideshow would have moved on.
		await page.clock.runFor(4600);
		await expect(gallery.getByText("2 / 3")).toBeVisible();

		await gallery.getByRole("button", { name: "Play slideshow" }).click();
		await expect(gallery.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
		await expect(gallery.getByText("Slideshow playing")).toBeAttached();
	});

	test("a loading ring shows only until its picture has loaded", async ({ page, js }) => {
		test.skip(!js, "without JavaScript the ring stays under the picture and stops turning by itself");
		await page.goto("/project/tidal-relief");
		const gallery = page.getByRole("region", { name: "Images of Tidal Relief" });
		const first = gallery.getByRole("group", { name: "Image 1 of 3" });
		await expect(gallery.getByRole("button", { name: "Next image" })).toBeVisible();
		await expect(first.getByRole("img")).toHaveJSProperty("complete", true);
		await expect(first.getByTestId("image-spinner")).toHaveCount(0);

		await page.goto("/design");
		const card = page
			.getByTestId("project-card")
			.filter({ has: page.getByRole("img") })
			.first();
		await expect(card.getByRole("img")).toHaveJSProperty("complete", true);
		await expect(card.getByTestId("image-spinner")).toHaveCount(0);
	});

	test("a picture that fails to load says so", async ({ page, js }) => {
		test.skip(!js, "the placeholder is drawn by the gallery script");
		await page.emulateMedia({ reducedMotion: "reduce" });
		await page.goto("/project/loop-bench");
		const gallery = page.getByRole("region", { name: "Images of Loop Bench" });
		await expect(gallery.getByRole("button", { name: "Next image" })).toBeVisible();
		await gallery.getByRole("button", { name: "Next image" }).click();
		await expect(
			gallery.getByRole("group", { name: "Image 2 of 2" }).getByText("Image unavailable"),
		).toBeVisible();
	});
});
