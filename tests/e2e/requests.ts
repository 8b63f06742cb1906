import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { giveConsent } from "./consent";

/**
 * Opens a piece's request form from its page through the link in the main column ("Buy", "Request price",
 * "Ask about similar work") and returns where the form is: with JavaScript the request dialog, without it
 * the request page's main column. (With JavaScript the link opens the dialog once the page has come to
 * life, which the fixture's page.goto waits for; before that it goes to the request page.)
 */
export async function openRequestForm(
	page: Page,
	js: boolean,
	{ link, dialog }: { link: string; dialog: string },
): Promise<Locator> {
	const main = page.getByRole("main");
	await main.getByRole("link", { name: link, exact: true }).click();
	if (!js) return main;
	const form = page.getByRole("dialog", { name: dialog });
	await expect(form).toBeVisible();
	return form;
}

/**
 * A purchase request made the way a buyer without an account makes it: the piece's own request page (the
 * form without JavaScript's dialog), then the confirmation that stays, thanking for the piece.
 */
export async function sendRequestAsGuest(
	page: Page,
	{ projectId, projectName, email }: { projectId: string; projectName: string; email: string },
): Promise<void> {
	await page.goto(`/project/${projectId}/request`);
	const form = page.getByRole("main");
	await form.getByLabel("Email").fill(email);
	await form.getByLabel("Phone").fill("+7 916 555-44-33");
	await giveConsent(form);
	await form.getByRole("button", { name: "Send request" }).click();
	await expect(page.getByTestId("purchase-confirmation").getByRole("heading")).toContainText(projectName);
}

/** From the requests list, the request page of the row that mentions `text` ("Open request № …", its number). */
export async function openRequestPage(page: Page, text: string): Promise<void> {
	const row = page.getByTestId("request-row").filter({ hasText: text });
	await row.getByRole("link", { name: /^(Open request|Открыть заявку)/ }).click();
	await expect(page).toHaveURL(/\/admin\/requests\/\d+/);
}

/**
 * On /admin/requests/<id> (English): chooses a status, ticks or unticks "Notify the buyer by e-mail", saves,
 * and waits for the toast that says so.
 */
export async function saveRequestStatus(page: Page, status: string, { notify }: { notify: boolean }) {
	const form = page.getByRole("region", { name: "Status", exact: true });
	await form.getByLabel("Status of the request").selectOption(status);
	const box = form.getByLabel("Notify the buyer by e-mail");
	if (notify) await box.check();
	else await box.uncheck();
	await form.getByRole("button", { name: "Save status" }).click();
	const toast = notify ? "Status saved; the buyer will be told by e-mail" : "Status saved";
	// The whole toast ("Status saved" is also the start of the other); typeset texts hold no-break spaces.
	const whole = new RegExp(`^${toast.replace(/ /g, "\\s")}$`);
	await expect(page.getByTestId("toast").filter({ hasText: whole })).toBeVisible();
}
