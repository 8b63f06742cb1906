import { expect, test } from "./fixtures";
import {
	ADMIN,
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
		await signIn(page, email, "a-good-password");
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("toast")).toContainText("Welcome");
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
	});

	test("wrong credentials get the spec's message; 'admin' is refused", async ({ page }) => {
		await page.goto("/login");
		await signIn(page, "curator", "definitely-wrong");
		await expect(page.getByRole("alert").filter({ hasText: "Wrong username or password" })).toBeVisible();
		await page.goto("/login?lng=ru");
		await page.getByLabel("Имя пользователя или email").fill("Admin");
		await page.getByLabel("Пароль").fill("whatever");
		await page.getByRole("button", { name: "Войти" }).click();
		await expect(page.getByText("Пользователь с таким именем не существует").first()).toBeVisible();
	});

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
		await page.goto("/register");
		await page.getByLabel("Email").fill(email);
		await page.getByLabel("Phone").fill("+79161234567");
		await page.getByLabel("Password").fill("a-good-password");
		await page.getByRole("button", { name: "Create account" }).click();
		await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
		await page.goto("/login");
		await signIn(page, email, "a-good-password");
		await expect(page).toHaveURL("/account");
		await expect(page.getByTestId("toast")).toContainText("Welcome");
	});
});
