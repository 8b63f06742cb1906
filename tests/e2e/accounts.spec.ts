import { giveConsent } from "./consent";
import { expect, test } from "./fixtures";
import {
	ADMIN,
	confirmByLink,
	register,
	submitLogin as signIn,
	submitBadRegistration,
	submitRegistration,
	uniqueEmail,
} from "./session";

test.describe("accounts", () => {
	test("register, check your e-mail, sign in to the account page, sign out", async ({ page }, testInfo) => {
		const email = uniqueEmail("reg", testInfo.project.name);
		await page.goto("/register");
		await expect(page.getByLabel("Phone")).toHaveValue("+7");
		// The spec's messages for bad input, then good values.
		await submitBadRegistration(page);
		await submitRegistration(page, email);
		// The answer a taken address gets too (tests/security/registration.spec.ts), and no session yet.
		await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
		await expect(page.getByText(`We have sent a message to ${email}.`)).toBeVisible();
		await page.goto("/account");
		await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
		// Not before the address is confirmed: the answer a wrong password gets (a taken address gets it too),
		// with a word for new accounts.
		await signIn(page, email, "a-good-password");
		const refused = page.getByRole("alert").filter({ hasText: "Sign-in failed" });
		await expect(refused).toContainText("Wrong username or password");
		await expect(refused).toContainText("Registered recently? Confirm your address first");
		// The link in the message asks for the password and signs in.
		await confirmByLink(page, email);
		await expect(page.getByTestId("toast")).toContainText("Your e-mail is confirmed");
		await expect(page.getByTestId("account-username")).toHaveText(email.split("@")[0] ?? "");
		await expect(page.getByText("User", { exact: true })).toBeVisible();
		await expect(page.getByText("No orders yet")).toBeVisible();
		await expect(page.getByText("No favourites yet")).toBeVisible();
		// Both empty states show the way to the shop.
		await expect(page.locator("#orders").getByRole("link", { name: "Browse the shop" })).toHaveAttribute(
			"href",
			"/shop",
		);
		await expect(page.locator("#favourites").getByRole("link", { name: "Browse the shop" })).toHaveAttribute(
			"href",
			"/shop",
		);
		await expect(page.getByRole("link", { name: "Admin panel" })).toHaveCount(0);

		await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
		await expect(page).toHaveURL("/login");
		await expect(page.getByTestId("toast")).toContainText("You have been signed out");
		await page.goto("/account");
		await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
		// Confirmed, the account signs in.
		await signIn(page, email, "a-good-password");
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("toast")).toContainText("Welcome");
	});

	test("wrong credentials get the spec's message", async ({ page }) => {
		await page.goto("/login");
		await signIn(page, "curator", "definitely-wrong");
		await expect(page.getByRole("alert").filter({ hasText: "Wrong username or password" })).toBeVisible();
	});

	test("an empty sign-in gets the spec's two messages, in Russian", async ({ page }) => {
		await page.goto("/login?lng=ru");
		await page.getByRole("button", { name: "Войти" }).click();
		// The spec's words (decision 0028, tests/unit/spec-words.test.ts): next to each field, by the browser's check or the server's.
		await expect(page.getByText("Имя пользователя обязательно")).toBeVisible();
		await expect(page.getByText("Пароль обязателен")).toBeVisible();
		await expect(page.getByLabel("Имя пользователя или email")).toHaveAttribute("aria-invalid", "true");
		await expect(page.getByLabel("Пароль")).toHaveAttribute("aria-invalid", "true");
	});

	test("the browser's own check says the spec's words as the visitor types (Russian)", async ({
		page,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, "the check in the browser needs JavaScript");
		await page.goto("/login?lng=ru");
		await page.getByRole("button", { name: "Войти" }).click();
		const username = page.getByLabel("Имя пользователя или email");
		await expect(page.getByText("Имя пользователя обязательно")).toBeVisible();
		// From here on nothing is posted: whatever shows is the browser's check.
		const posts: string[] = [];
		page.on("request", (request) => {
			if (request.method() === "POST") posts.push(request.url());
		});
		await username.fill("anna");
		await expect(page.getByText("Имя пользователя обязательно")).toHaveCount(0);
		await username.fill("");
		await expect(page.getByText("Имя пользователя обязательно")).toBeVisible();
		expect(posts).toEqual([]);
	});

	// The spec's table of messages: a heading, then the reason, as for any failed sign-in or registration.
	const REFUSED_ADMIN = {
		en: {
			login: ["Username or email", "Password", "Sign in"],
			loginAlert: ["Sign-in failed", "No user with this name exists"],
			register: ["Email", "Phone", "Password", "Create account"],
			registerAlert: ["Registration failed", "This username is not allowed"],
		},
		ru: {
			login: ["Имя пользователя или email", "Пароль", "Войти"],
			loginAlert: ["Ошибка входа", "Пользователь с таким именем не существует"],
			register: ["Email", "Телефон", "Пароль", "Создать аккаунт"],
			registerAlert: ["Ошибка регистрации", "Недопустимое имя пользователя"],
		},
	} as const;
	for (const [language, texts] of Object.entries(REFUSED_ADMIN)) {
		test(`the name 'admin' fails sign-in and registration under the form's heading (${language})`, async ({
			page,
		}) => {
			const [username, password, signInButton] = texts.login;
			await page.goto(`/login?lng=${language}`);
			await page.getByLabel(username).fill("Admin");
			await page.getByLabel(password).fill("whatever");
			await page.getByRole("button", { name: signInButton }).click();
			const loginAlert = page.getByRole("alert").filter({ hasText: texts.loginAlert[0] });
			await expect(loginAlert).toContainText(texts.loginAlert[1]);
			// The form's failure, not a mistake in the field: the name stays as typed, with no message under it.
			await expect(page.getByLabel(username)).toHaveValue("Admin");
			await expect(page.getByLabel(username)).not.toHaveAttribute("aria-invalid", "true");

			const [email, phone, newPassword, createButton] = texts.register;
			await page.goto(`/register?lng=${language}`);
			await page.getByLabel(email).fill("ADMIN@example.com");
			await page.getByLabel(phone).fill("+79161234567");
			await giveConsent(page, language === "ru" ? "ru" : "en");
			await page.getByLabel(newPassword).fill("a-good-password");
			await page.getByRole("button", { name: createButton }).click();
			const registerAlert = page.getByRole("alert").filter({ hasText: texts.registerAlert[0] });
			await expect(registerAlert).toContainText(texts.registerAlert[1]);
			await expect(page.getByLabel(email)).toHaveValue("ADMIN@example.com");
		});
	}

	test("an admin lands in the admin panel; a user sent to /admin ends up in the account", async ({
		page,
	}, testInfo) => {
		await page.goto("/admin/requests");
		await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Frequests/);
		await signIn(page, ADMIN.username, ADMIN.password);
		await expect(page).toHaveURL("/admin/requests");
		await expect(page.getByRole("heading", { level: 1, name: "Purchase requests" })).toBeVisible();
		await page.goto("/account");
		await expect(page.getByText("Administrator")).toBeVisible();
		await expect(page.getByRole("link", { name: "Admin panel" })).toBeVisible();
		await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
		// Signed out for real before going on: /register sends a signed-in visitor to /account.
		await expect(page).toHaveURL("/login");

		// A plain user who signs in from /login goes to /admin, which sends them on to /account.
		const email = uniqueEmail("plain", testInfo.project.name);
		await register(page, email);
		await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
		await expect(page).toHaveURL("/login");
		await signIn(page, email, "a-good-password");
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("toast")).toContainText("Welcome");
	});
});
