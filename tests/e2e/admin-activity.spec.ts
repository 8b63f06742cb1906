import { expect, test } from "./fixtures";
import type { E2eServer } from "./servers";
import { ADMIN, timeStamp } from "./session";

/** A draft of the test's own, straight into the server's database: drafts show nowhere in public. */
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

const TEXTS = {
	en: {
		name: "Name",
		price: "Price, ₽",
		link: "Link (optional)",
		saveDraft: "Save as draft",
		history: "History of changes",
		title: "Activity",
		historyOf: (label: string) => `History of “${label}”`,
		updated: "Updated",
		project: "Project",
		nameField: "Name:",
		priceField: "Price:",
		section: "Section",
		admin: "Administrator",
		projects: "Projects",
		settings: "Settings",
		show: "Show",
		showAll: "Show all activity",
		// "23 Nov 2026, 14:05": English dates, the British way.
		date: /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
	},
	ru: {
		name: "Название",
		price: "Цена, ₽",
		link: "Ссылка (необязательно)",
		saveDraft: "Сохранить черновик",
		history: "История изменений",
		title: "Журнал изменений",
		historyOf: (label: string) => `История изменений: ${label}`,
		updated: "Изменение",
		project: "Проект",
		nameField: "Название:",
		priceField: "Цена:",
		section: "Раздел",
		admin: "Администратор",
		projects: "Проекты",
		settings: "Настройки",
		show: "Показать",
		showAll: "Показать весь журнал",
		// «23 нояб. 2026 г., 14:05»: Russian dates.
		date: /^\d{1,2} [а-я]+\.? \d{4}\sг\., \d{2}:\d{2}$/,
	},
} as const;

for (const language of ["en", "ru"] as const) {
	test(`an admin edits a project and finds the change, before → after, in its history and the activity log (${language})`, async ({
		signInAs,
		page,
		site,
	}, testInfo) => {
		const text = TEXTS[language];
		const stamp = `${testInfo.project.name}-${language}-${timeStamp()}`;
		const id = `e2e-audit-${stamp}`;
		const oldName = `Audit Chair ${stamp}`;
		const newName = `Audit Armchair ${stamp}`;
		insertDraft(site, id, oldName);
		await signInAs(ADMIN.username);

		await page.goto(`/admin/projects/edit/${id}?lng=${language}`);
		await page.getByLabel(text.name, { exact: true }).fill(newName);
		await page.getByLabel(text.price).fill("2500");
		// A long unbroken value, which the phone's card must wrap rather than scroll sideways.
		await page.getByLabel(text.link).fill(`https://example.com/${"AnUnbrokenPathSegment".repeat(6)}`);
		await page.getByRole("button", { name: text.saveDraft }).click();
		await expect(page).toHaveURL("/admin/projects");

		// The edit page's small history link leads to this project's own history.
		await page.goto(`/admin/projects/edit/${id}`);
		await page.getByRole("link", { name: text.history }).click();
		await expect(page).toHaveURL(`/admin/activity?entity=project&id=${id}`);
		await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
		await expect(page.getByText(text.historyOf(newName))).toBeVisible();
		const rows = page.getByTestId("activity-row");
		await expect(rows).toHaveCount(1);
		const row = rows.first();
		await expect(row).toContainText(text.updated);
		await expect(row).toContainText(ADMIN.username);
		await expect(row.locator("time")).toHaveText(text.date);
		const nameChange = row.getByRole("listitem").filter({ hasText: text.nameField });
		await expect(nameChange).toContainText(new RegExp(`${oldName}\\s*→.*${newName}`));
		const priceChange = row.getByRole("listitem").filter({ hasText: text.priceField });
		await expect(priceChange).toContainText(/1\s000\s₽\s*→.*2\s500\s₽/);
		// What it was about, linked while it exists.
		await expect(row.getByRole("link", { name: newName })).toHaveAttribute(
			"href",
			`/admin/projects/edit/${id}`,
		);

		// The whole log, from the admin navigation, then filtered with the plain GET form.
		await page.getByRole("link", { name: text.showAll }).click();
		await expect(page).toHaveURL("/admin/activity");
		await expect(page.getByRole("link", { name: text.title, exact: true })).toHaveAttribute(
			"aria-current",
			"page",
		);
		const ours = rows.filter({ hasText: newName });
		await expect(ours).toHaveCount(1);

		await page.getByLabel(text.section, { exact: true }).selectOption({ label: text.projects });
		await page.getByLabel(text.admin, { exact: true }).selectOption({ label: ADMIN.username });
		await page.getByRole("button", { name: text.show }).click();
		await expect(page).toHaveURL(/[?&]entity=project(&|$)/);
		await expect(page).toHaveURL(/[?&]admin=\d+/);
		await expect(ours).toHaveCount(1);
		await expect(rows.first()).toContainText(text.project);
		// The form keeps what was chosen.
		await expect(page.getByLabel(text.section, { exact: true })).toHaveValue("project");

		await page.getByLabel(text.section, { exact: true }).selectOption({ label: text.settings });
		await page.getByRole("button", { name: text.show }).click();
		await expect(page).toHaveURL(/[?&]entity=settings(&|$)/);
		await expect(ours).toHaveCount(0);

		// On a 360 px phone the rows are cards: nothing scrolls sideways.
		await page.setViewportSize({ width: 360, height: 780 });
		await page.goto(`/admin/activity?entity=project&id=${id}`);
		await expect(rows).toHaveCount(1);
		const box = await rows.first().boundingBox();
		expect(box?.width ?? 999).toBeLessThanOrEqual(360);
		// Nothing in the card sticks out of it (the page itself clips sideways overflow, so look inside).
		expect(await rows.first().evaluate((row) => row.scrollWidth - row.clientWidth)).toBeLessThanOrEqual(0);
		await expect(rows.first().getByRole("listitem").filter({ hasText: "example.com" })).toBeVisible();
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
		// Its draft counts among Corpus Studio's works, which the admin-artists spec counts.
		site.query("delete from projects where id = ?", id);
	});
}
