import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

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
