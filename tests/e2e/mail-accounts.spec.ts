import { giveConsent } from "./consent";
import { expect, test } from "./fixtures";
import { linkIn, mailTo, receivedMail } from "./mailbox";
import { ADMIN, signIn, uniqueEmail } from "./session";

/**
 * E-mail verification as a person lives it: the link arrives by real SMTP (the run's mail server), in the
 * language they registered in, and opened in the browser it asks for the account's password, which
 * confirms the address and signs in. An account that may sign in unconfirmed (an administrator made it)
 * sees a banner that sends the link again.
 */
test.describe("e-mail verification", () => {
	test("register in Russian, get the link in Russian, open it, sign in: no banner", async ({
		page,
		baseURL,
	}, testInfo) => {
		const email = uniqueEmail("ru-verify", testInfo.project.name);
		await page.goto("/register?lng=ru");
		await page.getByLabel("Email").fill(email);
		await page.getByLabel("Телефон").fill("+79161234567");
		await giveConsent(page, "ru");
		await page.getByLabel("Пароль").fill("a-good-password");
		await page.getByRole("button", { name: "Создать аккаунт" }).click();
		await expect(page.getByRole("heading", { level: 1, name: "Проверьте почту" })).toBeVisible();
		await expect(page.getByText(`Мы отправили письмо на ${email}.`)).toBeVisible();

		const mail = await mailTo(email, (message) => message.subject === "Подтвердите email для ФОРМЫ");
		expect(mail.language).toBe("ru");
		expect(mail.text).toContain("Ссылка действует один раз в течение 24 часов.");
		const link = linkIn(mail, `${baseURL}/verify-email?token=`);

		// Until then the account cannot sign in: the answer a wrong password gets.
		await page.goto("/login");
		await page.getByLabel("Имя пользователя или email").fill(email);
		await page.getByLabel("Пароль").fill("a-good-password");
		await page.getByRole("button", { name: "Войти" }).click();
		await expect(page.getByRole("alert").filter({ hasText: "Ошибка входа" })).toContainText(
			"Неверное имя пользователя или пароль",
		);

		// Opened by someone not signed in, the link asks for the account's password: that confirms and signs in.
		await page.goto(link);
		await expect(page.getByRole("heading", { level: 1, name: "Подтвердите email" })).toBeVisible();
		await page.getByLabel("Пароль").fill("not-the-password");
		await page.getByRole("button", { name: "Подтвердить и войти" }).click();
		await expect(page.getByText("Неверный пароль")).toBeVisible();
		await page.getByLabel("Пароль").fill("a-good-password");
		await page.getByRole("button", { name: "Подтвердить и войти" }).click();
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("toast")).toContainText("Ваш email подтверждён");
		await expect(page.getByTestId("account-username")).toBeVisible();
		await expect(page.getByRole("region", { name: "Подтверждение email" })).toHaveCount(0);

		// The same link again is spent: a translated explanation, not a second confirmation.
		const again = await page.goto(link);
		expect(again?.status()).toBe(410);
		await expect(page.getByRole("heading", { level: 1, name: "Ссылка не работает" })).toBeVisible();
	});

	test("an account an administrator made sees the banner, sends the link again (from the banner and from a spent link's page) and confirms with the newest", async ({
		page,
		baseURL,
		signInAs,
	}, testInfo) => {
		const email = uniqueEmail("resend", testInfo.project.name);
		const isVerifyMail = (message: { to: string[]; subject: string }) =>
			message.to.includes(email.toLowerCase()) && message.subject === "Confirm your e-mail for FORMA";
		// An account an administrator adds signs in before its address is confirmed (they vouch for it);
		// one made by registration cannot (tests/e2e/accounts.spec.ts).
		await signInAs(ADMIN.username);
		await page.goto("/admin/users");
		await page.getByRole("link", { name: "Add user" }).click();
		await page.getByLabel("Email").fill(email);
		await page.getByLabel("Password").fill("a-good-password");
		await page.getByRole("button", { name: "Create user" }).click();
		await expect(page).toHaveURL("/admin/users");
		await page.context().clearCookies();
		await signIn(page, email, "a-good-password");
		await expect(page).toHaveURL("/account");
		const banner = page.getByRole("region", { name: "E-mail confirmation" });
		await expect(banner).toContainText("Your e-mail is not confirmed yet.");
		await expect(banner).toContainText(email);
		await banner.getByRole("button", { name: "Send the link again" }).click();
		await expect(page.getByTestId("toast")).toContainText("Link sent");
		const first = await mailTo(email, isVerifyMail);

		// The banner follows the visitor around the site.
		await page.goto("/shop");
		await expect(banner).toBeVisible();
		await banner.getByRole("button", { name: "Send the link again" }).click();
		await expect(page.getByTestId("toast")).toContainText("Link sent");
		await expect(page).toHaveURL("/shop");
		await expect.poll(() => receivedMail().filter(isVerifyMail).length).toBe(2);
		const second = receivedMail().filter(isVerifyMail)[1];
		if (!second) throw new Error("no second message");
		const newLink = linkIn(second, `${baseURL}/verify-email?token=`);
		expect(newLink).not.toBe(linkIn(first, `${baseURL}/verify-email?token=`));

		// The first link was replaced by the new one; the page offers yet another (its own form must pass the
		// cross-site write check, without JavaScript too).
		const old = await page.goto(linkIn(first, `${baseURL}/verify-email?token=`));
		expect(old?.status()).toBe(410);
		await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
		await page.getByRole("main").getByRole("button", { name: "Send the link again" }).click();
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("toast")).toContainText("Link sent");
		await expect.poll(() => receivedMail().filter(isVerifyMail).length).toBe(3);
		const third = receivedMail().filter(isVerifyMail)[2];
		if (!third) throw new Error("no third message");

		// The second link was replaced in turn; the newest works, in the account's own session at once.
		expect((await page.goto(newLink))?.status()).toBe(410);
		await page.goto(linkIn(third, `${baseURL}/verify-email?token=`));
		await expect(page.getByRole("heading", { level: 1, name: "Your e-mail is confirmed" })).toBeVisible();
		await page.getByRole("main").getByRole("link", { name: "Go to your account" }).click();
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("account-username")).toBeVisible();
		await expect(banner).toHaveCount(0);
	});
});
