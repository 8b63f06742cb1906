import sharp from "sharp";
import { expect, test } from "./fixtures";
import { ADMIN, timeStamp } from "./session";

/*
 * The shop, artist and project specs count the seeded artists and expect their names, and run on the same
 * worker's server after these: each test here takes away what it added and puts back what it renamed.
 */

/** A small real picture, generated here rather than shipped. */
async function portrait(hue: number) {
	const buffer = await sharp({
		create: { width: 480, height: 600, channels: 3, background: { r: hue, g: 140, b: 255 - hue } },
	})
		.png()
		.toBuffer();
	return { name: "portrait.png", mimeType: "image/png", buffer };
}

test("an admin adds an artist with a portrait, who then has a page of their own", async ({
	signInAs,
	page,
	site,
}, testInfo) => {
	const stamp = `${testInfo.project.name}-${timeStamp()}`;
	const name = `Atelier ${stamp}`;
	await signInAs(ADMIN.username);
	await page.goto("/admin/projects");
	await page
		.getByRole("navigation", { name: "Admin sections" })
		.getByRole("link", { name: "Artists" })
		.click();
	await expect(page).toHaveURL("/admin/artists");
	await expect(page.getByRole("heading", { level: 1, name: "Artists" })).toBeVisible();
	await page.getByRole("link", { name: "Add artist" }).click();
	await expect(page.getByRole("heading", { name: "New artist" })).toBeVisible();

	// A website that is not http(s) is refused next to its field; what was typed stays.
	await page.getByLabel("Name", { exact: true }).fill(name);
	await page.getByLabel("City (English)").fill("Milan");
	await page.getByLabel("City (Russian)").fill("Милан");
	await page.getByLabel("Website (optional)").fill("javascript:alert(1)");
	await page.getByLabel("Bio (English)").fill("Chairs, lamps and a few tables.");
	await page.getByRole("button", { name: "Add artist" }).click();
	await expect(page.getByText("Enter an address starting with https:// or http://")).toBeVisible();
	await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

	await page.getByLabel("Website (optional)").fill("https://atelier.forma.gallery");
	await page.getByLabel("Portrait or studio image").setInputFiles(await portrait(60));
	await page.getByRole("button", { name: "Add artist" }).click();
	await expect(page).toHaveURL("/admin/artists");
	await expect(page.getByTestId("toast")).toContainText(`${name} added`);
	const row = page.getByTestId("artist-row").filter({ hasText: name });
	await expect(row.getByRole("img", { name: `Portrait of ${name}` })).toBeVisible();
	// The id was made from the name.
	const id = `atelier-${stamp}`.toLowerCase();
	await expect(row).toContainText(id);

	await page.goto(`/artist/${id}`);
	await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
	await page.goto("/artists");
	await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
	site.query("delete from artists where id = ?", id);
});

test("renaming an artist shows at once on their works, the artists list, their page and the shop filter", {
	tag: "@no-js",
}, async ({ signInAs, page, browser, js, baseURL, site }) => {
	const artist = {
		id: "bureau-nord",
		name: "Bureau Nord",
		renamed: "Bureau Nord Studio",
		work: "northline-identity",
	};

	// A visitor's pages are cached; the rename must reach them too.
	const visitor = await browser.newContext({ baseURL, javaScriptEnabled: js });
	const anonymous = await visitor.newPage();
	await anonymous.goto(`/artist/${artist.id}`);
	await expect(anonymous.getByRole("heading", { level: 1, name: artist.name, exact: true })).toBeVisible();

	await signInAs(ADMIN.username);
	await page.goto("/admin/artists");
	await page.getByRole("link", { name: `Edit ${artist.name}`, exact: true }).click();
	await expect(page.getByLabel("Name", { exact: true })).toHaveValue(artist.name);
	await page.getByLabel("Name", { exact: true }).fill(artist.renamed);
	await page.getByRole("button", { name: "Save changes" }).click();
	await expect(page).toHaveURL("/admin/artists");
	await expect(page.getByTestId("toast")).toContainText(`${artist.renamed} saved`);

	await page.goto(`/project/${artist.work}`);
	await expect(page.getByRole("link", { name: artist.renamed, exact: true }).first()).toBeVisible();
	await page.goto("/artists");
	await expect(page.getByRole("heading", { level: 2, name: artist.renamed, exact: true })).toBeVisible();
	await expect(page.getByRole("heading", { level: 2, name: artist.name, exact: true })).toHaveCount(0);
	await page.goto(`/artist/${artist.id}`);
	await expect(page.getByRole("heading", { level: 1, name: artist.renamed, exact: true })).toBeVisible();
	await page.goto("/shop");
	const designer = page
		.getByRole("search", { name: "Filter the catalogue" })
		.getByLabel("Designer", { exact: true });
	await expect(designer.locator("option", { hasText: artist.renamed })).toHaveCount(1);
	await expect(designer.locator("option").filter({ hasText: new RegExp(`^${artist.name}$`) })).toHaveCount(0);

	await anonymous.goto(`/artist/${artist.id}`);
	await expect(anonymous.getByRole("heading", { level: 1, name: artist.renamed, exact: true })).toBeVisible();
	await visitor.close();
	site.query("update artists set name = ? where id = ?", artist.name, artist.id);
});

test("an artist whose works point to them cannot be deleted, and the admin is told why", {
	tag: "@no-js",
}, async ({ signInAs, page, js }) => {
	await signInAs(ADMIN.username);
	await page.goto("/admin/artists");
	await page.getByRole("link", { name: "Delete Corpus Studio", exact: true }).click();
	const confirm = page.getByRole("dialog", { name: "Delete Corpus Studio?" });
	await expect(confirm).toBeVisible();
	// The confirm step carries the version the list showed (docs/decisions/0023).
	if (!js) await expect(page).toHaveURL(/\/admin\/artists\?delete=corpus-studio&version=\d+$/);
	await expect(confirm).toContainText("Corpus Studio has 3 works");
	await confirm.getByRole("button", { name: "Delete artist" }).click();
	await expect(
		page.getByRole("alert").filter({ hasText: "Corpus Studio has 3 works; move or delete them first" }),
	).toBeVisible();
	await expect(page.getByTestId("artist-row").filter({ hasText: "Corpus Studio" })).toHaveCount(1);
	expect((await page.goto("/artist/corpus-studio"))?.status()).toBe(200);
});
