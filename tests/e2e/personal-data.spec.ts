import fs from "node:fs";
import type { Download } from "@playwright/test";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./mailbox";
import { sendRequestAsGuest } from "./requests";
import { register, submitLogin, uniqueEmail } from "./session";

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
