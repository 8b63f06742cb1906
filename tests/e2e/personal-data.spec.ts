import fs from "node:fs";
import type { Download } from "@playwright/test";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./mailbox";
import { sendRequestAsGuest } from "./requests";
import { ADMIN, register, submitLogin, uniqueEmail } from "./session";

/**
 * Personal data (issue #36, docs/decisions/0032): a user takes their data away and deletes their account;
 * a guest gets a one-time link by e-mail and downloads, then erases, what was kept for the address. With and
 * without JavaScript (the download is a document request either way, the confirmations are pages).
 */

async function jsonOf(
	download: Download,
): Promise<{ accounts: Array<{ email: string }>; requests: Array<{ email: string; piece: string }> }> {
	const file = await download.path();
	return JSON.parse(fs.readFileSync(file, "utf8"));
}

test("a user downloads their data and deletes their account, then cannot sign in @no-js", async ({
	page,
}, testInfo) => {
	const email = uniqueEmail("leaver", testInfo.project.name);
	const password = "a-good-password";
	await register(page, email, password);

	const section = page.locator("#delete-account");
	await expect(section.getByRole("heading", { name: "My data", exact: true })).toBeVisible();
	const [download] = await Promise.all([
		page.waitForEvent("download"),
		section.getByRole("link", { name: "Download my data" }).click(),
	]);
	expect(download.suggestedFilename()).toMatch(/^forma-my-data-\d{4}-\d{2}-\d{2}\.json$/);
	expect((await jsonOf(download)).accounts).toEqual([expect.objectContaining({ email })]);

	await section.getByRole("link", { name: "Delete my account" }).click();
	await expect(page.getByRole("heading", { level: 1, name: "Delete your account?" })).toBeVisible();
	await page.getByLabel("Your password").fill("not-my-password");
	await page.getByRole("button", { name: "Delete my account for good" }).click();
	await expect(page.getByText("The current password is not correct")).toBeVisible();
	await page.getByLabel("Your password").fill(password);
	await page.getByRole("button", { name: "Delete my account for good" }).click();
	await expect(page.getByTestId("toast")).toContainText("Your account has been deleted");
	await expect(page).toHaveURL(/\/$/);

	await page.goto("/account");
	await expect(page).toHaveURL(/\/login/);
	await submitLogin(page, email, password);
	await expect(page.getByText("Wrong username or password")).toBeVisible();
	await expect(page).toHaveURL(/\/login/);
});

test("a guest, in Russian: the link from the mail downloads, then erases, the address's data, once @no-js", async ({
	page,
	baseURL,
}, testInfo) => {
	const email = uniqueEmail("guest-data", testInfo.project.name);
	await sendRequestAsGuest(page, { projectId: "ripple-glass-vase", projectName: "Ripple Glass Vase", email });

	await page.goto("/my-data?lng=ru");
	await expect(page.getByRole("heading", { level: 1, name: "Ваши данные" })).toBeVisible();
	await page.getByLabel("Почта").fill(email);
	await page.getByRole("button", { name: "Прислать ссылку" }).click();
	await expect(page.getByText("Проверьте почту")).toBeVisible();

	const origin = new URL(baseURL ?? "").origin;
	const mail = await mailTo(email, (message) => message.subject === "Ваши данные в ФОРМЕ");
	const link = linkIn(mail, `${origin}/my-data?`);
	await page.goto(link);
	await expect(page.getByRole("main")).toContainText(email);

	const [download] = await Promise.all([
		page.waitForEvent("download"),
		page.getByRole("button", { name: "Скачать мои данные" }).click(),
	]);
	const data = await jsonOf(download);
	expect(data.requests).toEqual([expect.objectContaining({ email, piece: "Ripple Glass Vase" })]);

	await page.getByRole("button", { name: "Удалить мои данные" }).click();
	await expect(page.getByRole("alert").filter({ hasText: email })).toBeVisible();
	await page.getByRole("button", { name: "Да, удалить мои данные" }).click();
	await expect(page.getByTestId("toast")).toContainText("Ваши данные удалены");

	await page.goto(link);
	await expect(page.getByRole("heading", { level: 1, name: "Ссылка не работает" })).toBeVisible();
	await expect(page.getByText("Ссылкой уже воспользовались.")).toBeVisible();
});

test("the seller's details: a malformed INN is refused next to the field, a good one shows on /contact and in the footer @no-js", async ({
	signInAs,
	page,
	js,
}) => {
	await signInAs(ADMIN.username);
	await page.goto("/admin/settings?tab=seller&lng=ru");
	if (js) await page.getByRole("tab", { name: "Продавец и данные" }).click();
	const inn = page.getByLabel("ИНН");
	const seeded = await inn.inputValue();
	await inn.fill("12345");
	await page.getByRole("button", { name: "Сохранить настройки" }).click();
	await expect(page.getByText("(индивидуальный предприниматель)")).toBeVisible();
	await expect(page.getByLabel("ИНН")).toHaveAttribute("aria-invalid", "true");
	try {
		await page.getByLabel("ИНН").fill("770612345678");
		await page.getByRole("button", { name: "Сохранить настройки" }).click();
		await expect(page.getByTestId("toast")).toContainText("Настройки сохранены");
		await page.goto("/contact?lng=en");
		await expect(page.getByTestId("seller-details")).toContainText("770612345678");
		await expect(page.getByTestId("footer-seller")).toContainText("INN 770612345678");
	} finally {
		await page.goto("/admin/settings?tab=seller&lng=en");
		if (js) await page.getByRole("tab", { name: "Seller & privacy" }).click();
		await page.getByLabel("INN", { exact: true }).fill(seeded);
		await page.getByRole("button", { name: "Save settings" }).click();
		await expect(page.getByTestId("toast")).toContainText("Settings saved");
	}
});
