import { CONSENT_LABEL } from "./consent";
import { expect, test } from "./fixtures";
import { openRequestForm } from "./requests";
import { ADMIN, register, uniqueEmail } from "./session";

/**
 * The consent to processing of personal data (issue #36, docs/decisions/0031), as a visitor meets it: the
 * purchase form and registration refuse to go without the separate box, say so next to it in the page's
 * language and keep what was typed; with the box ticked they go through and the consent is recorded. With and
 * without JavaScript (the server decides either way), in English and Russian.
 */

const PIECE = "tidal-relief";

const TEXTS = {
	en: {
		buy: "Buy",
		dialog: "Complete your purchase",
		phone: "Phone",
		send: "Send request",
		refusedPurchase: "Please give your consent to send the request",
		thanks: "Thank you for your order of Tidal Relief. We will contact you soon.",
		password: "Password",
		create: "Create account",
		refusedAccount: "Please give your consent to create an account",
		registered: "Check your e-mail",
	},
	ru: {
		buy: "Купить",
		dialog: "Оформление покупки",
		phone: "Телефон",
		send: "Отправить заявку",
		refusedPurchase: "Чтобы отправить заявку, дайте согласие на обработку персональных данных",
		thanks: "Спасибо за заявку на «Tidal Relief». Мы скоро свяжемся с вами.",
		password: "Пароль",
		create: "Создать аккаунт",
		refusedAccount: "Чтобы зарегистрироваться, дайте согласие на обработку персональных данных",
		registered: "Проверьте почту",
	},
} as const;

for (const language of ["en", "ru"] as const) {
	const text = TEXTS[language];

	test(
		`the purchase form is refused without the consent box and goes through with it (${language})`,
		{ tag: "@no-js" },
		async ({ page, js, site }, testInfo) => {
			const email = uniqueEmail(`consent-buy-${language}`, testInfo.project.name);
			await page.goto(`/project/${PIECE}?lng=${language}`);
			const form = await openRequestForm(page, js, { link: text.buy, dialog: text.dialog });
			const box = form.getByRole("checkbox", { name: CONSENT_LABEL[language] });
			await expect(box).not.toBeChecked();
			// The label's words lead to the text itself.
			await expect(form.getByRole("link", { name: /personal data|персональных данных/ })).toHaveAttribute(
				"href",
				"/consent/purchase",
			);

			await form.getByLabel("Email").fill(email);
			await form.getByLabel(text.phone).fill("+7 916 555-44-33");
			await form.getByRole("button", { name: text.send }).click();
			// Refused: the message is the box's own (announced, tied to it), and what was typed is still there.
			const message = form.getByText(text.refusedPurchase);
			await expect(message).toBeVisible();
			await expect(box).toHaveAttribute("aria-invalid", "true");
			await expect(box).toHaveAttribute("aria-describedby", (await message.getAttribute("id")) ?? "");
			await expect(form.getByLabel("Email")).toHaveValue(email);
			await expect(form.getByLabel(text.phone)).toHaveValue("+7 916 555-44-33");
			expect(site.query("select id from purchase_requests where email = ?", email)).toHaveLength(0);

			await box.check();
			await form.getByRole("button", { name: text.send }).click();
			// The confirmation that stays (issue #35), in the dialog or on the request page.
			await expect(page.getByTestId("purchase-confirmation")).toContainText(text.thanks);
			expect(
				site.query(
					"select id from consents where purpose = 'purchase' and action = 'given' and text_version = 1 and email = ?",
					email.toLowerCase(),
				),
			).toHaveLength(1);
		},
	);

	test(
		`registration is refused without the consent box and goes through with it (${language})`,
		{ tag: "@no-js" },
		async ({ page, site }, testInfo) => {
			const email = uniqueEmail(`consent-reg-${language}`, testInfo.project.name);
			await page.goto(`/register?lng=${language}`);
			const box = page.getByRole("checkbox", { name: CONSENT_LABEL[language] });
			await expect(box).not.toBeChecked();
			await page.getByLabel("Email").fill(email);
			await page.getByLabel(text.phone).fill("+79161234567");
			await page.getByLabel(text.password).fill("a-good-password");
			await page.getByRole("button", { name: text.create }).click();

			const message = page.getByText(text.refusedAccount);
			await expect(message).toBeVisible();
			await expect(box).toHaveAttribute("aria-invalid", "true");
			await expect(page.getByLabel("Email")).toHaveValue(email);
			await expect(page.getByLabel(text.phone)).toHaveValue("+79161234567");
			expect(site.query("select id from users where email = ?", email)).toHaveLength(0);

			await box.check();
			await page.getByLabel(text.password).fill("a-good-password");
			await page.getByRole("button", { name: text.create }).click();
			await expect(page.getByRole("heading", { level: 1, name: text.registered })).toBeVisible();
			const users = site.query("select id from users where email = ?", email) as Array<{ id: number }>;
			expect(users).toHaveLength(1);
			expect(
				site.query(
					"select id from consents where purpose = 'account' and action = 'given' and user_id = ?",
					users[0]?.id,
				),
			).toHaveLength(1);
		},
	);
}

test("the consent texts are published in the site's language, with their version and date", async ({
	page,
}) => {
	await page.goto("/consent/purchase?lng=ru");
	await expect(
		page.getByRole("heading", { level: 1, name: "Согласие на обработку персональных данных" }),
	).toBeVisible();
	await expect(page.getByTestId("consent-version")).toContainText("Версия 1");
	await expect(page.getByRole("main")).toContainText("Отправляя заявку на покупку");
	await page.goto("/consent/account?lng=en");
	await expect(page.getByTestId("consent-version")).toContainText("Version 1");
	await expect(page.getByRole("main")).toContainText("By registering I consent");
	const missing = await page.goto("/consent/account?version=9");
	expect(missing?.status()).toBe(404);
});

test(
	"a person withdraws a consent from the account page, after a step that says what it means",
	{ tag: "@no-js" },
	async ({ page, site }, testInfo) => {
		const email = uniqueEmail("consent-withdraw", testInfo.project.name);
		// Registration gives the account consent.
		await register(page, email);
		const consents = page.locator("#consents");
		const account = consents.getByTestId("consent-account");
		await expect(account).toContainText("Your account");
		await expect(account.getByRole("link", { name: "Text, version 1" })).toHaveAttribute(
			"href",
			"/consent/account?version=1",
		);
		// The step before: a disclosure (no JavaScript needed) that says the account is then to be deleted.
		await account.getByText("Withdraw: Your account").click();
		await expect(account).toContainText("withdrawing it means the account is to be deleted");
		await expect(account.getByRole("link", { name: "Go to “Delete my account”" })).toHaveAttribute(
			"href",
			"#delete-account",
		);
		await account.getByRole("button", { name: "Yes, withdraw consent (Your account)" }).click();
		await expect(page.getByTestId("toast")).toContainText("Consent withdrawn");
		await expect(page).toHaveURL("/account#delete-account");
		await expect(consents.getByTestId("consent-account")).toContainText("withdrawn on");
		await expect(consents.getByText("Withdraw: Your account")).toHaveCount(0);
		expect(
			site.query(
				"select id from consents where purpose = 'account' and action = 'withdrawn' and method = 'account' and email = ?",
				email.toLowerCase(),
			),
		).toHaveLength(1);
	},
);

test("an administrator saves a new version of a text and finds a person's consents", async ({
	page,
	site,
	signInAs,
}, testInfo) => {
	const email = uniqueEmail("consent-lookup", testInfo.project.name);
	site.query(
		"insert into consents (purpose, text_version, action, email, phone, client_address, method, created_at) values ('purchase', 1, 'given', ?, '+79165554433', '203.0.113.5', 'form', ?)",
		email.toLowerCase(),
		new Date().toISOString(),
	);
	await signInAs(ADMIN.username);
	try {
		await page.goto("/admin");
		await page
			.getByRole("navigation", { name: "Admin sections" })
			.getByRole("link", { name: "Consents" })
			.click();
		await expect(page.getByRole("heading", { level: 1, name: "Consents" })).toBeVisible();

		await page.getByLabel("E-mail or phone").fill("+7 916 555 44 33");
		await page.getByRole("button", { name: "Find" }).click();
		const record = page.getByTestId("consent-record").filter({ hasText: email.toLowerCase() });
		await expect(record).toContainText("Purchase requests");
		await expect(record).toContainText("203.0.113.5");
		await expect(record.getByRole("link", { name: "Version 1" })).toHaveAttribute(
			"href",
			"/consent/purchase?version=1",
		);

		const section = page.locator("#consent-account");
		await expect(section.getByTestId("consent-account-current")).toContainText("Version 1");
		await section.getByLabel("Text (English)").fill("By registering I consent, in new words.");
		await section.getByRole("button", { name: "Save as a new version" }).click();
		await expect(page.getByTestId("toast")).toContainText("Version 2 saved");
		await expect(page.locator("#consent-account").getByTestId("consent-account-current")).toContainText(
			"Version 2",
		);
		await page.goto("/consent/account?lng=en");
		await expect(page.getByTestId("consent-version")).toContainText("Version 2");
		await expect(page.getByRole("main")).toContainText("in new words");
	} finally {
		// Other journeys of this worker's site expect version 1 in force.
		site.query("delete from consent_texts where purpose = 'account' and version > 1");
		site.query("delete from consents where email = ?", email.toLowerCase());
		site.query("delete from audit_log where entity_kind = 'consent_text'");
	}
});
