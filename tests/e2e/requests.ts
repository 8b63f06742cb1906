import type { Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** Hydration can take a while on a busy test machine. */
const HYDRATION_TIMEOUT = 20_000;

/**
 * Opens a piece's request form from its page through the link in the main column ("Buy", "Request price",
 * "Ask about similar work") and returns where the form is: with JavaScript the request dialog, without it
 * the request page's main column. With JavaScript the link opens the dialog once the page has hydrated; a
 * click before that goes to the request page (which works too, but is not the dialog these journeys look
 * at), so the click waits until the page has drawn its dialog, closed.
 */
export async function openRequestForm(
	page: Page,
	js: boolean,
	{ link, dialog }: { link: string; dialog: string },
): Promise<Locator> {
	const main = page.getByRole("main");
	const form = page.getByRole("dialog", { name: dialog, includeHidden: true });
	if (js) await expect(form).toBeAttached({ timeout: HYDRATION_TIMEOUT });
	await main.getByRole("link", { name: link, exact: true }).click();
	if (!js) return main;
	await expect(form).toBeVisible();
	return page.getByRole("dialog", { name: dialog });
}

/**
 * A purchase request made the way a buyer without an account makes it: the piece's own request page (the
 * form without JavaScript's dialog), then the thank-you toast naming the piece.
 */
export async function sendRequestAsGuest(
	page: Page,
	{ projectId, projectName, email }: { projectId: string; projectName: string; email: string },
): Promise<void> {
	await page.goto(`/project/${projectId}/request`);
	const form = page.getByRole("main");
	await form.getByLabel("Email").fill(email);
	await form.getByLabel("Phone").fill("+7 916 555-44-33");
	await form.getByRole("button", { name: "Send request" }).click();
	await expect(page.getByTestId("toast")).toContainText(projectName);
}
