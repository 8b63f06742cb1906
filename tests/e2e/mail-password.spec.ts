import type { Page } from "@playwright/test";
import { GIVEN_CONSENT } from "../support/consent";
import { formTokenFrom } from "../support/form-page-token";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./mailbox";
import { createSessionCookie, uniqueEmail } from "./session";

/**
 * A visitor who forgot the password: from the sign-in page to the mail, the link in the browser, a new
 * password, and every other device signed out. With and without JavaScript (the js / no-js projects).
 */

const OLD_PASSWORD = "the-forgotten-one";
const NEW_PASSWORD = "remembered-at-last";

/** An account made through the registration form (its answer differs by design; the account is what counts). */
async function createAccount(page: Page, email: string): Promise<void> {
	const response = await page.request.post("/register", {
		form: {
			...GIVEN_CONSENT,
			email,
			phone: "+79161234567",
			password: OLD_PASSWORD,
			formToken: await formTokenFrom(page.request, "/register"),
		},
		maxRedirects: 0,
	});
	expect(response.status()).toBeLessThan(400);
	await page.context().clearCookies();
}

test("forgot password, in Russian: the link from the mail sets a new password and ends the old session", async ({
	page,
	browser,
	baseURL,
	site,
}, testInfo) => {
	const email = uniqueEmail("reset", testInfo.project.name);
	await createAccount(page, email);
	const origin = new URL(baseURL ?? "").origin;
	// Another device, signed in with the old password.
	const elsewhere = await browser.newContext({ baseURL });
	await elsewhere.addCookies([{ ...(await createSessionCookie(site.databasePath, email)), url: origin }]);
	const otherPage = await elsewhere.newPage();
	await otherPage.goto("/account");
	await expect(otherPage).toHaveURL(/\/account$/);

	await page.goto("/login?lng=ru");
	await page.getByRole("link", { name: "Забыли пароль?" }).click();
	await expect(page).toHaveURL(/\/forgot-password/);
	await expect(page.getByRole("heading", { level: 1, name: "Забыли пароль?" })).toBeVisible();
	await page.getByLabel("Email").fill(email);
	await page.getByRole("button", { name: "Отправить ссылку" }).click();
	await expect(
		page.getByText(
			`Если аккаунт с адресом ${email} существует, мы отправили на него ссылку для смены пароля.`,
		),
	).toBeVisible();

	const mail = await mailTo(email, (m) => m.subject === "Сброс пароля ФОРМЫ");
	expect(mail.text).toContain("Ссылка действует один раз в течение часа.");
	const link = linkIn(mail, `${origin}/reset-password?`);
	await page.goto(link);
	await expect(page.getByRole("heading", { level: 1, name: "Новый пароль" })).toBeVisible();
	// A mismatch is explained next to the field, in Russian.
	await page.getByLabel("Новый пароль").fill(NEW_PASSWORD);
	await page.getByLabel("Повторите пароль").fill("something-different");
	await page.getByRole("button", { name: "Сохранить новый пароль" }).click();
	await expect(page.getByText("Пароли не совпадают")).toBeVisible();
	await page.getByLabel("Новый пароль").fill(NEW_PASSWORD);
	await page.getByLabel("Повторите пароль").fill(NEW_PASSWORD);
	await page.getByRole("button", { name: "Сохранить новый пароль" }).click();

	await expect(page).toHaveURL(/\/login$/);
	await expect(page.getByTestId("toast")).toContainText("Пароль изменён");
	await expect(page.getByTestId("toast")).toContainText("Войдите с новым паролем.");
	await page.getByLabel("Имя пользователя или email").fill(email);
	await page.getByLabel("Пароль").fill(NEW_PASSWORD);
	await page.getByRole("button", { name: "Войти" }).click();
	await expect(page).not.toHaveURL(/\/login/);

	// The other device's session ended with the reset.
	await otherPage.goto("/account");
	await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Faccount/);
	await elsewhere.close();

	// The link worked once.
	await page.goto(link);
	await expect(page.getByText("Эта ссылка уже использована")).toBeVisible();
});

test("an expired reset link is explained, with the way to a new one", async ({
	page,
	baseURL,
	site,
}, testInfo) => {
	const email = uniqueEmail("expired", testInfo.project.name);
	await createAccount(page, email);
	await page.goto("/forgot-password?lng=en");
	await page.getByLabel("Email").fill(email);
	await page.getByRole("button", { name: "Send the link" }).click();
	await expect(page.getByText(`If an account uses ${email}, we have sent a link`)).toBeVisible();
	const mail = await mailTo(email, (m) => m.subject === "Reset your FORMA password");
	const origin = new URL(baseURL ?? "").origin;
	const link = linkIn(mail, `${origin}/reset-password?`);

	// An hour passes.
	site.query(
		"update email_tokens set expires_at = ? where user_id = (select id from users where email = ?) and purpose = 'reset_password'",
		new Date(Date.now() - 1000).toISOString(),
		email,
	);

	const response = await page.goto(link);
	expect(response?.status()).toBe(410);
	await expect(page.getByRole("alert")).toContainText("This link has expired");
	await page.getByRole("link", { name: "Ask for a new link" }).click();
	await expect(page).toHaveURL(/\/forgot-password$/);
	await expect(page.getByLabel("Email")).toBeVisible();
});
