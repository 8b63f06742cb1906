import sharp from "sharp";
import { expect, test } from "./fixtures";
import type { E2eServer } from "./servers";
import { ADMIN, timeStamp } from "./session";

/**
 * Pictures in the project form (issue #35): thumbnails of the chosen files before anything is uploaded,
 * the gallery's order changed by dragging or from the keyboard (the number fields follow), files dropped on
 * the field, and each picture's alt text in both languages, which the piece's page then reads. The piece is a draft of the test's own, made straight
 * in the database (drafts show nowhere in public), and deleted at the end.
 */

async function picture(name: string, hue: number) {
	const buffer = await sharp({
		create: { width: 320, height: 240, channels: 3, background: { r: hue, g: 255 - hue, b: 120 } },
	})
		.png()
		.toBuffer();
	return { name, mimeType: "image/png", buffer };
}

/** A draft with three gallery pictures (any stored ones: the seed's), their row ids in gallery order. */
function insertDraftWithGallery(site: E2eServer, id: string, name: string): number[] {
	const now = new Date().toISOString();
	site.query(
		"insert into projects (id, name, artist_id, category, price, status, created_at, updated_at) values (?, ?, 'corpus-studio', 'art', 1000, 'draft', ?, ?)",
		id,
		name,
		now,
		now,
	);
	const stored = site.query<{ image_url: string; image_width: number; image_height: number }>(
		"select image_url, image_width, image_height from project_images order by id limit 3",
	);
	stored.forEach((image, index) => {
		site.query(
			"insert into project_images (project_id, image_url, image_width, image_height, sort_order) values (?, ?, ?, ?, ?)",
			id,
			image.image_url,
			image.image_width,
			image.image_height,
			index + 1,
		);
	});
	return site
		.query<{ id: number }>("select id from project_images where project_id = ? order by sort_order", id)
		.map((row) => row.id);
}

const TEXTS = {
	en: {
		gallery: "Gallery images",
		chosen: "Chosen gallery images",
		chosenFile: (name: string) => `Chosen file ${name}`,
		earlier: "Move image 3 earlier",
		later: "Move image 3 later",
		position: (index: number) => `Position of image ${index}`,
		moved: "image 3 is now at position 1",
		altEn: "Alt text of image 3, English",
		altRu: "Alt text of image 3, Russian",
		save: "Save as draft",
	},
	ru: {
		gallery: "Изображения галереи",
		chosen: "Выбранные изображения галереи",
		chosenFile: (name: string) => `Выбранный файл ${name}`,
		earlier: "Переместить изображение 3 раньше",
		later: "Переместить изображение 3 позже",
		position: (index: number) => `Позиция изображения ${index}`,
		moved: "Теперь изображение 3 на позиции 1",
		altEn: "Alt-текст изображения 3, по-английски",
		altRu: "Alt-текст изображения 3, по-русски",
		save: "Сохранить черновик",
	},
} as const;

for (const language of ["en", "ru"] as const) {
	const text = TEXTS[language];

	test(`the project form shows thumbnails of the chosen files before saving (${language})`, async ({
		signInAs,
		page,
	}) => {
		await signInAs(ADMIN.username);
		await page.goto(`/admin/projects/add?lng=${language}`);
		await page
			.getByLabel(text.gallery, { exact: true })
			.setInputFiles([await picture("first.png", 30), await picture("second.png", 200)]);
		const chosen = page.getByRole("list", { name: text.chosen });
		await expect(chosen.getByRole("img")).toHaveCount(2);
		await expect(chosen.getByRole("img", { name: text.chosenFile("second.png") })).toBeVisible();
		// A real picture, drawn by the browser from the file itself (once it has decoded it: asked again until then).
		await expect
			.poll(() =>
				chosen
					.getByRole("img", { name: text.chosenFile("first.png") })
					.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
			)
			.toBe(320);
		// Choosing again replaces them.
		await page.getByLabel(text.gallery, { exact: true }).setInputFiles([await picture("third.png", 90)]);
		await expect(chosen.getByRole("img")).toHaveCount(1);
	});

	test(`the gallery is reordered by dragging a picture, and files dropped on it are added (${language})`, async ({
		signInAs,
		page,
		site,
	}) => {
		const id = `e2e-drag-${language}-${timeStamp()}`;
		const name = `Dragged ${language} ${timeStamp()}`;
		const [first, second, third] = insertDraftWithGallery(site, id, name);
		try {
			await signInAs(ADMIN.username);
			await page.goto(`/admin/projects/edit/${id}?lng=${language}`);
			const cards = page.getByTestId("gallery-item");
			// The third picture dragged onto the first takes its place; the number fields follow.
			await cards.nth(2).dragTo(cards.nth(0));
			await expect(page.getByLabel(text.position(3))).toHaveValue("1");
			await expect(page.getByLabel(text.position(1))).toHaveValue("2");
			await expect(page.getByLabel(text.position(2))).toHaveValue("3");
			await expect(page.getByRole("status").filter({ hasText: text.moved })).toBeAttached();

			// A file dropped on the gallery's field is chosen, as if picked in the file dialog.
			const file = await picture("dropped.png", 160);
			const dropped = await page.evaluateHandle(
				({ bytes, fileName }) => {
					const transfer = new DataTransfer();
					transfer.items.add(new File([new Uint8Array(bytes)], fileName, { type: "image/png" }));
					return transfer;
				},
				{ bytes: Array.from(file.buffer), fileName: file.name },
			);
			await page.getByTestId("drop-project-gallery").dispatchEvent("drop", { dataTransfer: dropped });
			const chosen = page.getByRole("list", { name: text.chosen });
			await expect(chosen.getByRole("img", { name: text.chosenFile("dropped.png") })).toBeVisible();

			await page.getByRole("button", { name: text.save }).click();
			await expect(page).toHaveURL(/\/admin\/projects$/);
			const saved = site.query<{ id: number }>(
				"select id from project_images where project_id = ? order by sort_order",
				id,
			);
			// The three in their new order, then the dropped one.
			expect(saved.map((row) => row.id).slice(0, 3)).toEqual([third, first, second]);
			expect(saved).toHaveLength(4);
		} finally {
			site.query("delete from project_images where project_id = ?", id);
			site.query("delete from projects where id = ?", id);
		}
	});

	test(`the gallery is reordered from the keyboard, and alt texts are saved in both languages (${language})`, async ({
		signInAs,
		page,
		site,
	}) => {
		const id = `e2e-pictures-${language}-${timeStamp()}`;
		const name = `Pictures ${language} ${timeStamp()}`;
		const [first, second, third] = insertDraftWithGallery(site, id, name);
		try {
			await signInAs(ADMIN.username);
			await page.goto(`/admin/projects/edit/${id}?lng=${language}`);
			const earlier = page.getByRole("button", { name: text.earlier });
			await earlier.focus();
			await page.keyboard.press("Enter");
			// The pressed button keeps the focus, so it can be pressed again.
			await expect(earlier).toBeFocused();
			await page.keyboard.press("Enter");
			await expect(page.getByLabel(text.position(3))).toHaveValue("1");
			await expect(page.getByLabel(text.position(1))).toHaveValue("2");
			await expect(page.getByLabel(text.position(2))).toHaveValue("3");
			await expect(page.getByRole("status").filter({ hasText: text.moved })).toBeAttached();
			// At the front, "earlier" is off and the focus moved to its twin.
			await expect(earlier).toBeDisabled();
			await expect(page.getByRole("button", { name: text.later })).toBeFocused();

			await page.getByLabel(text.altEn).fill("A close look at the grain");
			await page.getByLabel(text.altRu).fill("Крупный план текстуры");
			await page.getByRole("button", { name: text.save }).click();
			await expect(page).toHaveURL(/\/admin\/projects$/);

			const saved = site.query<{ id: number; alt_text: string; alt_text_ru: string }>(
				"select id, alt_text, alt_text_ru from project_images where project_id = ? order by sort_order",
				id,
			);
			expect(saved.map((row) => row.id)).toEqual([third, first, second]);
			expect(saved[0]).toMatchObject({
				alt_text: "A close look at the grain",
				alt_text_ru: "Крупный план текстуры",
			});

			// The piece's page (an administrator's preview of the draft) names the picture with it.
			await page.goto(`/project/${id}?lng=${language}`);
			const alt = language === "en" ? "A close look at the grain" : "Крупный план текстуры";
			await expect(page.getByRole("img", { name: alt }).first()).toBeAttached();
		} finally {
			site.query("delete from project_images where project_id = ?", id);
			site.query("delete from projects where id = ?", id);
		}
	});
}
