import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, submitRegistration } from "./session";

/**
 * Layout that must not break (issue #35), measured with bounding boxes rather than screenshots: in English
 * and Russian, on a 1280 × 800 desktop and a 390 × 844 phone. Each test puts back what it changed in the
 * worker's database (other specs count slides and read the featured pieces).
 */
const SCREENS = [
	{ name: "desktop", viewport: { width: 1280, height: 800 } },
	{ name: "phone", viewport: { width: 390, height: 844 } },
] as const;
const LANGUAGES = ["en", "ru"] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
	const box = await locator.boundingBox();
	if (!box) throw new Error(`no box for ${locator}`);
	return box;
}

/** Whether two boxes share any area (touching edges do not count). */
function overlap(a: Box, b: Box): boolean {
	return (
		a.x < b.x + b.width - 0.5 &&
		b.x < a.x + a.width - 0.5 &&
		a.y < b.y + b.height - 0.5 &&
		b.y < a.y + a.height - 0.5
	);
}

/**
 * The ink of each line of a heading, from the top of its highest glyph to the bottom of its lowest: the
 * lines as the browser broke them (a range per character), each measured in the heading's font by canvas.
 * Where two lines' ink overlaps, letters of one touch letters of the other.
 */
async function inkLines(
	heading: Locator,
): Promise<{ lines: { text: string; top: number; bottom: number }[]; fontSize: number }> {
	return heading.evaluate((element) => {
		const style = getComputedStyle(element);
		const context = document.createElement("canvas").getContext("2d");
		if (!context) throw new Error("no canvas");
		context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
		const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
		const lines: { top: number; text: string }[] = [];
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			// The slider's titles also carry their whole text for screen readers, out of sight.
			if (node.parentElement?.closest(".sr-only")) continue;
			const text = node.textContent ?? "";
			for (let index = 0; index < text.length; index += 1) {
				const range = document.createRange();
				range.setStart(node, index);
				range.setEnd(node, index + 1);
				const rect = range.getClientRects()[0];
				if (!rect || rect.width === 0) continue;
				const line = lines.find((candidate) => Math.abs(candidate.top - rect.top) < 2);
				if (line) line.text += text[index];
				else lines.push({ top: rect.top, text: text[index] ?? "" });
			}
		}
		const measured = lines
			.sort((a, b) => a.top - b.top)
			.map((line) => {
				const metrics = context.measureText(line.text.trim());
				// A character's box is the font's ascent above the baseline (the content area).
				const baseline = line.top + metrics.fontBoundingBoxAscent;
				return {
					text: line.text.trim(),
					top: baseline - metrics.actualBoundingBoxAscent,
					bottom: baseline + metrics.actualBoundingBoxDescent,
				};
			});
		return { lines: measured, fontSize: Number.parseFloat(style.fontSize) };
	});
}

/**
 * Canvas rounds its metrics to whole pixels and draws the stand-in's synthetic bold a little taller, so a
 * line may seem to reach 0.03 em into the next where it does not: the stand-in scaled to Unbounded's width
 * (until issue #35) reached a quarter of an em into it.
 */
const INK_TOLERANCE_EM = 0.03;

async function expectLinesApart(heading: Locator, what: string) {
	const { lines, fontSize } = await inkLines(heading);
	for (let index = 1; index < lines.length; index += 1) {
		const above = lines[index - 1];
		const below = lines[index];
		if (!above || !below) continue;
		expect(
			above.bottom,
			`${what}: "${above.text}" reaches down into "${below.text}" (${above.bottom.toFixed(1)} > ${below.top.toFixed(1)})`,
		).toBeLessThanOrEqual(below.top + INK_TOLERANCE_EM * fontSize);
	}
	return lines;
}

for (const screen of SCREENS) {
	test.describe(`on a ${screen.name} (${screen.viewport.width} × ${screen.viewport.height})`, () => {
		test.use({ viewport: screen.viewport });

		for (const language of LANGUAGES) {
			test(`before the web fonts arrive, title lines keep apart and the wordmark is drawn (${language})`, async ({
				page,
			}) => {
				// A first visit on a slow network: the fonts miss their moment (font-display: optional).
				await page.route(/\.woff2$/, (route) => route.abort());
				for (const path of ["/", "/contact", "/about"]) {
					await page.goto(`${path}?lng=${language}`);
					const fontsUsed = await page.evaluate(() =>
						Array.from(document.fonts)
							.filter((face) => face.status === "loaded")
							.map((face) => face.family),
					);
					expect(fontsUsed.join(), "no web font may have loaded").not.toMatch(/Unbounded Variable/);
					const title = page.getByRole("heading", { level: 1 });
					const lines = await expectLinesApart(title, `${path} in ${language}`);
					if (path !== "/contact") expect(lines.length, `${path}'s title wraps`).toBeGreaterThan(1);
				}
				const wordmark = page
					.getByRole("banner")
					.getByRole("img", { name: language === "ru" ? "ФОРМА" : "FORMA" });
				await expect(wordmark).toBeVisible();
				expect(await wordmark.evaluate((element) => element.tagName.toLowerCase())).toBe("svg");
			});
		}

		test("a 67-character slide title stays below the header and clear of the slider's controls", {
			tag: "@no-js",
		}, async ({ page, site, js }) => {
			const titles = {
				en: "Handmade ceramics, woven textiles and oak furniture for quiet homes",
				ru: "Керамика ручной работы, тканый текстиль и дубовая мебель — для дачи",
			};
			expect(Array.from(titles.en)).toHaveLength(67);
			expect(Array.from(titles.ru)).toHaveLength(67);
			site.query(
				`insert into hero_slides (title_en, title_ru, subtitle_en, subtitle_ru, image_url, image_width, image_height,
				   category, sort_order, is_active, created_at, updated_at)
				 select ?, ?, subtitle_en, subtitle_ru, image_url, image_width, image_height, category, -1, 1, created_at, updated_at
				 from hero_slides order by sort_order limit 1`,
				titles.en,
				titles.ru,
			);
			try {
				for (const language of LANGUAGES) {
					await page.goto(`/?lng=${language}`);
					const slide = page.locator('[aria-roledescription="slide"][aria-current="true"]');
					const title = slide.getByRole("heading", { level: 2 });
					await expect(title).toHaveAccessibleName(titles[language]);
					const header = await boxOf(page.getByRole("banner"));
					const titleBox = await boxOf(title);
					expect(titleBox.y, `title under the header (${language})`).toBeGreaterThanOrEqual(
						header.y + header.height,
					);
					const cta = await boxOf(slide.getByRole("link").last());
					const carousel = page.locator('[aria-roledescription="carousel"]');
					const controls = [
						carousel.getByRole("navigation"),
						...(js ? [carousel.getByRole("button")] : []),
						carousel.locator("ul[aria-label]"),
					];
					for (const group of controls) {
						for (const control of await group.all()) {
							if (!(await control.isVisible())) continue;
							const box = await boxOf(control);
							expect(
								overlap(box, cta),
								`${await control.evaluate((e) => e.outerHTML.slice(0, 80))} over the call to action (${language})`,
							).toBe(false);
							expect(overlap(box, titleBox), `a control over the title (${language})`).toBe(false);
						}
					}
					// The title's lines keep apart too, and it does not run off the screen.
					await expectLinesApart(title, `slide title in ${language}`);
					expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(screen.viewport.width);
				}
			} finally {
				site.query("delete from hero_slides where sort_order = -1");
			}
		});

		test("a long unbroken name in the Featured block stays inside its card, on two lines at most", async ({
			page,
			site,
		}) => {
			const [first] = site.query<{ id: string; name: string }>(
				"select id, name from projects where featured = 1 order by featured_order limit 1",
			);
			if (!first) throw new Error("the seed has no featured piece");
			const longName = "Stoolofthemostextraordinarilylongandunbrokennameimaginableforreal";
			site.query("update projects set name = ? where id = ?", longName, first.id);
			try {
				for (const language of LANGUAGES) {
					await page.goto(`/?lng=${language}`);
					const featured = page.locator('section[aria-labelledby="home-featured"]');
					const cards = featured.getByRole("listitem");
					const card = cards.filter({ hasText: longName.slice(0, 20) });
					const heading = card.getByRole("heading", { level: 3 });
					await expect(heading).toHaveAccessibleName(longName);
					const cardBox = await boxOf(card);
					const text = await heading.evaluate((element) => {
						const range = document.createRange();
						range.selectNodeContents(element);
						const rect = range.getBoundingClientRect();
						const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
						return {
							right: rect.right,
							left: rect.left,
							height: element.getBoundingClientRect().height,
							lineHeight,
						};
					});
					expect(text.right, `the name runs out of its card (${language})`).toBeLessThanOrEqual(
						cardBox.x + cardBox.width + 0.5,
					);
					expect(text.height, `more than two lines (${language})`).toBeLessThanOrEqual(
						text.lineHeight * 2 + 1,
					);
					// The card beside it (desktop) starts after this one's name ends.
					const others = await cards.all();
					for (const other of others) {
						const box = await boxOf(other);
						if (box.x > cardBox.x + 1 && Math.abs(box.y - cardBox.y) < 5)
							expect(text.right).toBeLessThanOrEqual(box.x);
					}
				}
			} finally {
				site.query("update projects set name = ? where id = ?", first.name, first.id);
			}
		});

		test("a piece's h1 hyphenates by the page's language instead of breaking words anywhere", async ({
			page,
		}) => {
			for (const language of LANGUAGES) {
				await page.goto(`/project/tidal-relief?lng=${language}`);
				await expect(page.locator("html")).toHaveAttribute("lang", language);
				const title = page.getByRole("heading", { level: 1 });
				const style = await title.evaluate((element) => {
					const computed = getComputedStyle(element);
					return { hyphens: computed.hyphens, overflows: element.scrollWidth > element.clientWidth };
				});
				expect(style.hyphens).toBe("auto");
				expect(style.overflows).toBe(false);
			}
		});

		test("the admin's sidebar holds its title, and admin pages carry no public footer", {
			tag: "@no-js",
		}, async ({ page, signInAs }) => {
			await signInAs(ADMIN.username);
			for (const language of LANGUAGES) {
				await page.goto(`/admin/projects?lng=${language}`);
				const sidebarTitle = page.getByText(language === "ru" ? "Администрирование" : "Admin", {
					exact: true,
				});
				const fits = await sidebarTitle.evaluate((element) => {
					const aside = element.closest("aside");
					const range = document.createRange();
					range.selectNodeContents(element);
					const text = range.getBoundingClientRect();
					const column = aside?.getBoundingClientRect();
					return {
						inside: column ? text.right <= column.right + 0.5 : false,
						noOverflow: element.scrollWidth <= element.clientWidth,
					};
				});
				expect(fits, language).toEqual({ inside: true, noOverflow: true });
				await expect(page.locator("#site-footer")).toHaveCount(0);
				await expect(page.getByTestId("marquee-word")).toHaveCount(0);
				const footer = page.locator("footer");
				await expect(footer).toHaveCount(1);
				await expect(footer.getByRole("link", { name: language === "ru" ? /сайт/ : /site/ })).toBeVisible();
				expect((await boxOf(footer)).height).toBeLessThan(120);
			}
		});
	});
}

test("the slide form refuses a title over 80 characters and previews the slide on a desktop and a phone", {
	tag: "@no-js",
}, async ({ page, signInAs, js }) => {
	await signInAs(ADMIN.username);
	await page.goto("/admin/slider?new&lng=en");
	const long = "Handmade ceramics, woven textiles and oak furniture for quiet homes";
	const tooLong = `${long} in the old city centre`;
	expect(Array.from(tooLong).length).toBeGreaterThan(80);
	await page.getByLabel("Title (English)", { exact: true }).fill(tooLong);
	await page.getByLabel("Title (Russian)", { exact: true }).fill("Керамика ручной работы");
	await page.getByLabel("Subtitle (English)", { exact: true }).fill("Made for the layout test");
	await page.getByLabel("Subtitle (Russian)", { exact: true }).fill("Для проверки вёрстки");
	if (js) {
		// As the admin types, the slide as the home page will show it, at both sizes.
		for (const device of ["desktop", "phone"]) {
			const frame = page.getByTestId(`slide-preview-${device}`);
			await expect(frame.getByRole("heading", { level: 2, includeHidden: true })).toHaveText(tooLong);
		}
		await page.getByLabel("Title (English)", { exact: true }).fill(long);
		const phone = page.getByTestId("slide-preview-phone");
		await expect(phone.getByRole("heading", { level: 2, includeHidden: true })).toHaveText(long);
		const frameBox = await boxOf(phone);
		const titleBox = await boxOf(phone.getByRole("heading", { level: 2, includeHidden: true }));
		expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width + 0.5);
		// In Russian, the whole slide: title, and the call to action from the site's Russian texts.
		await page.getByRole("button", { name: "RU", exact: true }).click();
		await expect(phone.getByRole("heading", { level: 2, includeHidden: true })).toHaveText(
			"Керамика ручной работы",
		);
		await expect(phone.getByRole("link", { includeHidden: true })).toHaveText("Смотреть мебель");
		await page.getByLabel("Title (English)", { exact: true }).fill(tooLong);
	}
	await page.getByRole("button", { name: "Add slide" }).click();
	const field = page.getByLabel("Title (English)", { exact: true });
	await expect(field).toHaveAttribute("aria-invalid", "true");
	await expect(page.getByText(/Keep\sthe\stitle\sto\s80/).first()).toBeVisible();
	await expect(field).toHaveValue(tooLong);

	// The same refusal in Russian, on the Russian title.
	await page.goto("/admin/slider?new&lng=ru");
	await page.getByLabel("Заголовок (английский)", { exact: true }).fill("Handmade ceramics");
	const russianTitle = page.getByLabel("Заголовок (русский)", { exact: true });
	await russianTitle.fill(`${"Керамика ручной работы и тканый текстиль ".repeat(2)}для дома`);
	await page.getByLabel("Подзаголовок (английский)", { exact: true }).fill("Made for the layout test");
	await page.getByLabel("Подзаголовок (русский)", { exact: true }).fill("Для проверки вёрстки");
	await page.getByRole("button", { name: "Добавить слайд" }).click();
	await expect(russianTitle).toHaveAttribute("aria-invalid", "true");
	await expect(page.getByText(/Сократите\sзаголовок\sдо\s80\sсимволов/).first()).toBeVisible();
});

test('"Check your e-mail" never breaks at its hyphen on a phone', async ({ page }, testInfo) => {
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto("/register");
	await submitRegistration(
		page,
		`hyphen-${testInfo.parallelIndex}-${Date.now()}@example.com`,
		"a-good-password",
	);
	const title = page.getByRole("heading", { level: 1, name: "Check your e-mail" });
	await expect(title).toBeVisible();
	// "e-mail" is drawn on one line: one box for its letters, wherever the heading wraps.
	const boxes = await title.evaluate((element) => {
		const text = element.textContent ?? "";
		const node = Array.from(element.querySelectorAll("*"))
			.concat(element)
			.flatMap((parent) => Array.from(parent.childNodes))
			.find((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.includes("e-mail"));
		if (!node) return { lines: -1, text };
		const start = (node.textContent ?? "").indexOf("e-mail");
		const range = document.createRange();
		range.setStart(node, start);
		range.setEnd(node, start + "e-mail".length);
		return {
			lines: new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size,
			text,
		};
	});
	expect(boxes.lines, boxes.text).toBe(1);
});

test.describe("toasts", () => {
	for (const screen of SCREENS) {
		test(`a toast never covers the page's title (${screen.name})`, async ({ page, signInAs }) => {
			await page.setViewportSize(screen.viewport);
			// The toasts these pages get (after a reset; after a delete, with a long name), raised as the page
			// raises one after a fetcher's answer.
			const raise = (toast: { title: string; description: string; values?: Record<string, string> }) =>
				page.evaluate((detail) => {
					window.dispatchEvent(new CustomEvent("forma:toast", { detail: { type: "success", ...detail } }));
				}, toast);
			for (const language of LANGUAGES) {
				// The sign-in page, where a reset lands with its toast.
				await page.goto(`/login?lng=${language}`);
				await raise({ title: "toast.passwordResetTitle", description: "toast.passwordResetText" });
				await expectToastClearOf(page, page.getByRole("heading", { level: 1 }));
			}
			await signInAs(ADMIN.username);
			for (const language of LANGUAGES) {
				for (const list of ["projects", "requests", "slider", "users"]) {
					await page.goto(`/admin/${list}?lng=${language}`);
					await raise({
						title: "admin:projects.toast.deletedTitle",
						description: "admin:projects.toast.deleted",
						values: { name: "Stoolofthemostextraordinarilylongandunbrokennameimaginableforreal" },
					});
					await expectToastClearOf(page, page.getByRole("heading", { level: 1 }));
				}
			}
		});
	}
});

async function expectToastClearOf(page: Page, title: Locator) {
	const toast = page.getByTestId("toast");
	await expect(toast).toBeVisible();
	const toastBox = await boxOf(toast);
	expect(overlap(toastBox, await boxOf(title)), "the toast covers the title").toBe(false);
	// Its text stays inside it, however long a name it carries.
	const inside = await toast.evaluate((element) =>
		Array.from(element.querySelectorAll("p")).every(
			(paragraph) => paragraph.getBoundingClientRect().right <= element.getBoundingClientRect().right,
		),
	);
	expect(inside, "the toast's text runs out of it").toBe(true);
	expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
