import { expect, test } from "./fixtures";
import type { E2eServer } from "./servers";
import { ADMIN, timeStamp } from "./session";

/** A registered buyer of the test's own, straight into the database. */
function insertUser(site: E2eServer, username: string) {
	const now = new Date().toISOString();
	site.query(
		"insert into users (username, email, phone, password_hash, role, status, created_at, updated_at) values (?, ?, null, 'not-a-hash', 'user', 'active', ?, ?)",
		username,
		`${username}@example.com`,
		now,
		now,
	);
}

const roleOf = (site: E2eServer, username: string) =>
	site.query<{ role: string }>("select role from users where username = ?", username)[0]?.role;

const TEXTS = {
	en: {
		make: (name: string) => `Make administrator: ${name}`,
		title: (name: string) => `Make ${name} an administrator?`,
		confirm: (name: string) => `Make ${name} an administrator`,
		cancel: "Cancel",
		administrator: "Administrator",
		toast: (name: string) => `User ${name} is now an administrator`,
		activity: "Activity",
	},
	ru: {
		make: (name: string) => `Сделать администратором: ${name}`,
		title: (name: string) => `Сделать ${name} администратором?`,
		confirm: (name: string) => `Сделать ${name} администратором`,
		cancel: "Отмена",
		administrator: "Администратор",
		toast: (name: string) => `Пользователь ${name} теперь администратор`,
		activity: "Журнал изменений",
	},
} as const;

for (const language of ["en", "ru"] as const) {
	const text = TEXTS[language];
	test(`making someone an administrator asks first, naming them, and is in the activity log (${language})`, {
		tag: "@no-js",
	}, async ({ signInAs, page, site, js }) => {
		const username = `promoted-${language}-${js ? "js" : "nojs"}-${timeStamp()}`;
		insertUser(site, username);
		await signInAs(ADMIN.username);
		await page.goto(`/admin/users?lng=${language}&q=${username}`);

		// Cancel changes nothing, and keeps the list's search.
		await page.getByRole("link", { name: text.make(username) }).click();
		const dialog = page.getByRole("dialog", { name: text.title(username) });
		await expect(dialog).toBeVisible();
		await expect(dialog).toContainText(`${username}@example.com`);
		if (js) {
			// With JavaScript it is a modal dialog: Escape closes it, as Cancel does.
			await expect(dialog).toHaveJSProperty("open", true);
			expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
			await page.keyboard.press("Escape");
		} else {
			await dialog.getByRole("link", { name: text.cancel }).click();
		}
		await expect(dialog).toHaveCount(0);
		await expect(page).toHaveURL(new RegExp(`q=${username}`));
		expect(roleOf(site, username)).toBe("user");

		// Confirming makes them one.
		await page.getByRole("link", { name: text.make(username) }).click();
		await page
			.getByRole("dialog", { name: text.title(username) })
			.getByRole("button", { name: text.confirm(username) })
			.click();
		await expect(page.getByTestId("toast")).toContainText(text.toast(username));
		const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: username }) });
		await expect(row.getByRole("cell", { name: text.administrator, exact: true })).toBeVisible();
		expect(roleOf(site, username)).toBe("admin");

		// The activity log has it, under the person who did it.
		await page.goto(`/admin/activity?lng=${language}`);
		await expect(page.getByRole("heading", { level: 1, name: text.activity })).toBeVisible();
		await expect(page.getByRole("main")).toContainText(username);
	});
}
