import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import SQLite from "better-sqlite3";
import { giveConsent } from "./consent";
import { linkIn, mailTo } from "./mailbox";
import { SESSION_SECRET } from "./servers";

/** The administrator the e2e server bootstraps (playwright.config.ts: ADMIN_USERNAME / ADMIN_PASSWORD). */
export { ADMIN } from "./servers";

/** The session cookie as the site makes it (app/lib/session.server.ts): the id, signed with the secret. */
const sessionCookie = createCookie("forma_session", { path: "/", secrets: [SESSION_SECRET] });
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What signing in leaves behind, made directly: a sessions row for the account in the server's database
 * (the `site` fixture's databasePath), and the cookie naming it.
 */
export async function createSessionCookie(
	databasePath: string,
	login: string,
): Promise<{ name: string; value: string }> {
	const sqlite = new SQLite(databasePath);
	try {
		sqlite.pragma("busy_timeout = 5000");
		const user = sqlite
			.prepare("select id from users where lower(username) = lower(?) or lower(email) = lower(?)")
			.get(login, login) as { id: number } | undefined;
		if (!user) throw new Error(`no account ${login} in ${databasePath}`);
		const id = randomBytes(32).toString("base64url");
		sqlite
			.prepare("insert into sessions (id, user_id, expires_at) values (?, ?, ?)")
			.run(id, user.id, new Date(Date.now() + SESSION_TTL_MS).toISOString());
		const [pair = ""] = (await sessionCookie.serialize(id)).split(";");
		const [name = "", value = ""] = pair.split(/=(.*)/s);
		return { name, value };
	} finally {
		sqlite.close();
	}
}

/**
 * A unique mark for names and titles a test creates. Without an "x": the site typesets a digit, x, digit as
 * a times sign (90x60 → 90×60), so a stamp like "9x6" would not read back as typed.
 */
export function timeStamp(): string {
	return Date.now().toString(36).replaceAll("x", "y");
}

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

/**
 * Registers a new account through /register (which answers "Check your e-mail" and signs nobody in), then
 * confirms it as its owner does: the link mailed to it (the run's mail server) asks for the password and
 * signs in, landing on /account. A registered account cannot sign in before that (docs/decisions/0017).
 */
export async function register(page: Page, email: string, password = "a-good-password"): Promise<void> {
	await page.goto("/register");
	await submitRegistration(page, email, password);
	await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
	await confirmByLink(page, email, password);
}

/** Opens the confirmation link mailed to `email` and gives the account's password: signed in, on /account. */
export async function confirmByLink(page: Page, email: string, password = "a-good-password"): Promise<void> {
	const origin = new URL(page.url()).origin;
	const mail = await mailTo(email, (message) => message.subject === "Confirm your e-mail for FORMA");
	await page.goto(linkIn(mail, `${origin}/verify-email?token=`));
	await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail" })).toBeVisible();
	await page.getByLabel("Password").fill(password);
	await page.getByRole("button", { name: "Confirm and sign in" }).click();
	await expect(page).toHaveURL("/account");
}

/** Fills and sends the English registration form. */
export async function submitRegistration(
	page: Page,
	email: string,
	password = "a-good-password",
): Promise<void> {
	await page.getByLabel("Email").fill(email);
	await page.getByLabel("Phone").fill("+79161234567");
	await page.getByLabel("Password").fill(password);
	await giveConsent(page);
	await page.getByRole("button", { name: "Create account" }).click();
}

/**
 * Sends the English registration form with bad input and checks the spec's three messages (a refused post
 * costs no registration attempt).
 */
export async function submitBadRegistration(page: Page): Promise<void> {
	await page.getByLabel("Email").fill("not-an-email");
	await page.getByLabel("Phone").fill("+7123");
	await page.getByLabel("Password").fill("short");
	await page.getByRole("button", { name: "Create account" }).click();
	await expect(page.getByText("Enter a valid email")).toBeVisible();
	await expect(page.getByText("Phone must be in the format +7XXXXXXXXXX")).toBeVisible();
	await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
}
