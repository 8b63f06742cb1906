import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The administrator the e2e server bootstraps (playwright.config.ts: ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = { username: "curator", password: "e2e-curator-password" };

/** A unique address per test run and project, so runs never collide. */
export function uniqueEmail(prefix: string, project: string): string {
	return `${prefix}-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
	await page.getByLabel("Username or email").fill(username);
	await page.getByLabel("Password").fill(password);
	await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens /login, signs in and waits until the site lets the visitor in. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
	await page.goto("/login");
	await submitLogin(page, username, password);
	await expect(page).not.toHaveURL(/\/login/);
}

/** Registers a new account through /register and lands on /account. */
export async function register(page: Page, email: string, password = "a-good-password"): Promise<void> {
	await page.goto("/register");
	await page.getByLabel("Email").fill(email);
	await page.getByLabel("Phone").fill("+79161234567");
	await page.getByLabel("Password").fill(password);
	await page.getByRole("button", { name: "Create account" }).click();
	await expect(page).toHaveURL("/account");
}
