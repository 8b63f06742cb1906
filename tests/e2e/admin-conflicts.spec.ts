import type { Browser, BrowserContext } from "@playwright/test";
import { expect, readyOnGoto, test } from "./fixtures";
import type { E2eServer } from "./servers";
import { ADMIN, createSessionCookie, timeStamp } from "./session";

/** A draft of the test's own, straight into the database: drafts show nowhere in public. */
function insertDraft(site: E2eServer, id: string, name: string) {
	const now = new Date().toISOString();
	site.query(
		"insert into projects (id, name, artist_id, category, price, status, created_at, updated_at) values (?, ?, 'corpus-studio', 'art', 1000, 'draft', ?, ?)",
		id,
		name,
		now,
		now,
	);
}

const projectRow = (site: E2eServer, id: string) =>
	site.query<{ name: string; price: number; version: number }>(
		"select name, price, version from projects where id = ?",
		id,
	)[0];

/**
 * A second administrator, made the way the operator's CLI would (no password is ever typed here), and a
 * browser context signed in as them, with or without JavaScript like the run.
 */
async function secondAdmin(
	site: E2eServer,
	browser: Browser,
	js: boolean,
	stamp: string,
): Promise<BrowserContext> {
	const username = `second-${stamp}`.toLowerCase();
	const now = new Date().toISOString();
	site.query(
		"insert into users (username, email, phone, password_hash, role, status, created_at, updated_at) values (?, ?, null, 'not-a-hash', 'admin', 'active', ?, ?)",
		username,
		`${username}@example.com`,
		now,
		now,
	);
	const context = await browser.newContext({
		javaScriptEnabled: js,
		baseURL: site.origin,
		reducedMotion: "reduce",
	});
	await context.addCookies([
		{ ...(await createSessionCookie(site.databasePath, username)), url: site.origin },
	]);
	return context;
}

const TEXTS = {
	en: {
		name: "Name",
		price: "Price, ₽",
		saveDraft: "Save as draft",
		conflict: "Someone changed this piece after you opened it. Your changes are below",
		whatChanged: "What changed since:",
		nameField: "Name:",
	},
	ru: {
		name: "Название",
		price: "Цена, ₽",
		saveDraft: "Сохранить черновик",
		conflict: "Этот проект изменили после того, как вы его открыли. Ваши правки остались в форме ниже",
		whatChanged: "Что изменилось с тех пор:",
		nameField: "Название:",
	},
} as const;

for (const language of ["en", "ru"] as const) {
	test(
		`two admins edit the same project: the second is shown the first one's change, keeps what they typed and saves again (${language})`,
		{ tag: "@no-js" },
		async ({ signInAs, page, browser, js, site }, testInfo) => {
			const text = TEXTS[language];
			const stamp = `${testInfo.project.name}-${language}-${timeStamp()}`;
			const id = `e2e-conflict-${stamp}`;
			const oldName = `Conflict Chair ${stamp}`;
			const newName = `Conflict Armchair ${stamp}`;
			insertDraft(site, id, oldName);
			await signInAs(ADMIN.username);
			const other = await secondAdmin(site, browser, js, stamp);
			const second = readyOnGoto(await other.newPage(), js);

			// Both open the same edit page.
			await page.goto(`/admin/projects/edit/${id}?lng=${language}`);
			await second.goto(`/admin/projects/edit/${id}?lng=${language}`);
			await expect(second.getByLabel(text.name, { exact: true })).toHaveValue(oldName);

			// The first saves a new name.
			await page.getByLabel(text.name, { exact: true }).fill(newName);
			await page.getByRole("button", { name: text.saveDraft }).click();
			await expect(page).toHaveURL("/admin/projects");

			// The second, still at the version they opened, changes the price and saves: refused, not overwritten.
			await second.getByLabel(text.price).fill("2500");
			await second.getByRole("button", { name: text.saveDraft }).click();
			const notice = second.getByRole("alert").filter({ hasText: text.conflict });
			await expect(notice).toBeVisible();
			// Seen first, even with JavaScript, where the page would otherwise stay at the Save button.
			await expect(notice).toBeInViewport();
			await expect(notice).toContainText(text.whatChanged);
			await expect(notice).toContainText(ADMIN.username);
			// The field's own line (the last item naming it: the first is the whole change, who and when).
			const nameChange = notice.getByRole("listitem").filter({ hasText: text.nameField }).last();
			await expect(nameChange).toContainText(new RegExp(`${oldName}\\s*→.*${newName}`));
			// What they typed is still there, and nothing of it was saved.
			await expect(second.getByLabel(text.price)).toHaveValue("2500");
			await expect(second.getByLabel(text.name, { exact: true })).toHaveValue(oldName);
			expect(projectRow(site, id)).toMatchObject({ name: newName, price: 1000 });

			// They take the first one's name and save again: now it saves, both changes kept.
			await second.getByLabel(text.name, { exact: true }).fill(newName);
			await second.getByRole("button", { name: text.saveDraft }).click();
			await expect(second).toHaveURL("/admin/projects");
			expect(projectRow(site, id)).toMatchObject({ name: newName, price: 2500 });
			await other.close();
			// Its draft counts among Corpus Studio's works, which the admin-artists spec counts.
			site.query("delete from projects where id = ?", id);
		},
	);
}

test(
	"deleting a project that changed since the list was shown asks again, then deletes",
	{ tag: "@no-js" },
	async ({ signInAs, page, browser, js, site }, testInfo) => {
		const stamp = `${testInfo.project.name}-del-${timeStamp()}`;
		const id = `e2e-conflict-${stamp}`;
		const name = `Doomed Stool ${stamp}`;
		insertDraft(site, id, name);
		await signInAs(ADMIN.username);
		const other = await secondAdmin(site, browser, js, stamp);
		const second = readyOnGoto(await other.newPage(), js);

		// The list is shown and the delete asked for…
		await page.goto(`/admin/projects?lng=en&q=${encodeURIComponent(stamp)}`);
		await page.getByRole("link", { name: `Delete ${name}` }).click();
		const dialog = page.getByRole("dialog", { name: "Delete this project?" });
		await expect(dialog).toBeVisible();

		// …while someone else changes its price.
		await second.goto(`/admin/projects/edit/${id}?lng=en`);
		await second.getByLabel("Price, ₽").fill("999");
		await second.getByRole("button", { name: "Save as draft" }).click();
		await expect(second).toHaveURL("/admin/projects");
		await other.close();

		// Confirming the old list's delete deletes nothing: it shows what changed and asks again.
		await dialog.getByRole("button", { name: "Yes, delete" }).click();
		const again = page.getByRole("dialog", { name: "Delete this project?" });
		await expect(again).toContainText("This changed since you opened the list:");
		await expect(again.getByRole("listitem").filter({ hasText: "Price:" }).last()).toContainText(
			/1\s000\s₽\s*→.*999\s₽/,
		);
		await expect(again).toContainText("Delete anyway?");
		expect(projectRow(site, id)).toBeDefined();

		await again.getByRole("button", { name: "Delete anyway" }).click();
		await expect(page).toHaveURL("/admin/projects");
		await expect(page.getByTestId("toast")).toContainText("Project deleted");
		expect(projectRow(site, id)).toBeUndefined();
	},
);
