import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, timeStamp } from "./session";

// The home spec counts the seeded slides on the same worker's server: the journey deletes its slide.

/** A small PNG made on the spot, so each project uploads its own image. */
async function pngBuffer(color: string): Promise<Buffer> {
	return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
		.png()
		.toBuffer();
}

const homeSlide = (page: Page, title: string) => page.getByRole("heading", { level: 2, name: title });

/** Deletes a slide left behind by a failed run, so the home page keeps its three seeded slides. */
async function removeSlide(page: Page, title: string) {
	await page.goto("/admin/slider");
	const edit = page.getByRole("link", { name: `Edit “${title}”` });
	if ((await edit.count()) === 0) return;
	const id = new URL((await edit.getAttribute("href")) ?? "", "http://x").searchParams.get("edit");
	await page.request.post("/admin/slider", { form: { intent: "delete", id: id ?? "" } });
}

test.describe("admin slider", () => {
	test(
		"add a slide with an image, edit it, switch it off and delete it; the home slider follows",
		{ tag: "@no-js" },
		async ({ signInAs, page, js }, testInfo) => {
			const stamp = `${testInfo.project.name}-${timeStamp()}`;
			const title = `Slide ${stamp}`;
			const edited = `Edited ${stamp}`;
			await signInAs(ADMIN.username);
			try {
				await page.goto("/admin/slider");
				await expect(page.getByRole("heading", { level: 1, name: "Hero slider" })).toBeVisible();
				await page.getByRole("link", { name: "Add slide" }).click();
				await expect(page).toHaveURL(/\/admin\/slider\?new/);

				// Nothing filled in: the spec's messages, in the browser (JS) or from the server (no JS).
				await page.getByRole("button", { name: "Add slide" }).click();
				await expect(page.getByText("Please fill in all required fields")).toBeVisible();
				await expect(page.getByText("Choose an image for the slide")).toBeVisible();

				await page.getByLabel("Title (English)", { exact: true }).fill(title);
				await page.getByLabel("Title (Russian)", { exact: true }).fill(`Слайд ${stamp}`);
				await page.getByLabel("Subtitle (English)", { exact: true }).fill("Made for the e2e test");
				await page.getByLabel("Subtitle (Russian)", { exact: true }).fill("Сделан для e2e-теста");
				await page.getByLabel("Category").selectOption("art");
				await page.getByLabel("Slide image").setInputFiles({
					name: "slide.png",
					mimeType: "image/png",
					buffer: await pngBuffer(js ? "#c66f45" : "#2e4aa0"),
				});
				await page.getByRole("button", { name: "Add slide" }).click();
				await expect(page).toHaveURL("/admin/slider");
				await expect(page.getByTestId("toast")).toContainText("Slide created");
				await expect(page.getByRole("rowheader", { name: title })).toBeVisible();
				await expect(page.getByRole("img", { name: title })).toBeVisible();

				await page.goto("/");
				await expect(homeSlide(page, title)).toBeAttached();

				// Edit the title: the order stays, the home page shows the new title.
				await page.goto("/admin/slider");
				await page.getByRole("link", { name: `Edit “${title}”` }).click();
				await expect(page.getByLabel("Title (English)", { exact: true })).toHaveValue(title);
				await page.getByLabel("Title (English)", { exact: true }).fill(edited);
				await page.getByRole("button", { name: "Save changes" }).click();
				await expect(page.getByTestId("toast")).toContainText("Slide updated");
				await expect(page.getByRole("rowheader", { name: edited })).toBeVisible();
				await page.goto("/");
				await expect(homeSlide(page, edited)).toBeAttached();
				await expect(homeSlide(page, title)).toHaveCount(0);

				// The active switch saves at once (a fetcher with JavaScript, a small form without).
				await page.goto("/admin/slider");
				const toggle = page.getByRole("switch", { name: `Show “${edited}” on the home page` });
				await expect(toggle).toHaveAttribute("aria-checked", "true");
				await toggle.click();
				await expect(toggle).toHaveAttribute("aria-checked", "false");
				await expect(toggle).toBeEnabled();
				await page.goto("/");
				await expect(page.getByRole("heading", { level: 2 }).first()).toBeAttached();
				await expect(homeSlide(page, edited)).toHaveCount(0);

				// Delete, after the spec's confirmation.
				await page.goto("/admin/slider");
				await page.getByRole("link", { name: `Delete “${edited}”` }).click();
				await expect(page.getByText("Are you sure you want to delete this slide?")).toBeVisible();
				await page.getByRole("button", { name: "Delete slide" }).click();
				await expect(page.getByTestId("toast")).toContainText("Slide deleted");
				await expect(page.getByRole("rowheader", { name: edited })).toHaveCount(0);
				await page.goto("/");
				await expect(homeSlide(page, edited)).toHaveCount(0);
			} finally {
				await removeSlide(page, edited);
				await removeSlide(page, title);
			}
		},
	);
});
