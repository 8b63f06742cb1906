import { expect, readyOnGoto, test } from "./fixtures";
import { ADMIN, register, submitLogin, uniqueEmail } from "./session";

test.describe("admin users", () => {
	test(
		"an admin blocks a user: their session ends and they cannot sign in; activating lets them back",
		{ tag: "@no-js" },
		async ({ signInAs, page, browser, js }, testInfo) => {
			const email = uniqueEmail("blocked", testInfo.project.name);
			const username = email.split("@")[0] ?? "";
			const password = "a-good-password";
			const userContext = await browser.newContext({ javaScriptEnabled: js });
			try {
				const userPage = readyOnGoto(await userContext.newPage(), js);
				await register(userPage, email, password);
				await expect(userPage.getByTestId("account-username")).toHaveText(username);

				await signInAs(ADMIN.username);
				await page.goto("/admin/users");
				await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
				const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: username }) });
				await expect(row.getByRole("cell", { name: email })).toBeVisible();
				await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
				// The admin's own row offers no way to block or demote themselves.
				await expect(page.getByRole("button", { name: `Block ${ADMIN.username}` })).toHaveCount(0);

				await page.getByRole("button", { name: `Block ${username}` }).click();
				await expect(row.getByRole("cell", { name: "Blocked", exact: true })).toBeVisible();
				await expect(page.getByTestId("toast")).toContainText(`${username} is blocked and signed out`);
				await expect(page.getByRole("button", { name: `Activate ${username}` })).toBeEnabled();

				// The user's session has ended: the account page sends them to sign in, which refuses them.
				await userPage.goto("/account");
				await expect(userPage).toHaveURL(/\/login\?redirectTo=%2Faccount/);
				await submitLogin(userPage, email, password);
				await expect(
					userPage.getByRole("alert").filter({ hasText: "This account is blocked" }),
				).toBeVisible();

				await page.getByRole("button", { name: `Activate ${username}` }).click();
				await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
				await expect(page.getByRole("button", { name: `Block ${username}` })).toBeEnabled();

				await userPage.goto("/login");
				await submitLogin(userPage, email, password);
				await expect(userPage).toHaveURL("/account");
			} finally {
				await userContext.close();
			}
		},
	);

	test("an admin adds a user with a role; the reserved name is refused", async ({
		signInAs,
		page,
	}, testInfo) => {
		const email = uniqueEmail("added", testInfo.project.name);
		const username = `editor_${testInfo.project.name.replace("-", "")}_${Date.now().toString(36)}`;
		await signInAs(ADMIN.username);
		await page.goto("/admin/users");
		await page.getByRole("link", { name: "Add user" }).click();
		await page.getByLabel("Email").fill(email);
		await page.getByLabel("Username (optional)").fill("admin");
		await page.getByLabel("Password").fill("editor-password");
		await page.getByLabel("Role").selectOption("admin");
		await page.getByRole("button", { name: "Create user" }).click();
		await expect(page.getByText("This username is not allowed")).toBeVisible();

		await page.getByLabel("Username (optional)").fill(username);
		await page.getByRole("button", { name: "Create user" }).click();
		await expect(page).toHaveURL("/admin/users");
		await expect(page.getByTestId("toast")).toContainText(`User ${username} created`);
		const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: username }) });
		await expect(row.getByRole("cell", { name: "Administrator", exact: true })).toBeVisible();
	});
});
