import { expect, test } from "./fixtures";

test.describe("theme", () => {
	test("defaults to light, switches to dark, and the server renders dark after reload", {
		tag: "@no-js",
	}, async ({ page, js }) => {
		await page.goto("/art");
		const html = page.locator("html");
		await expect(html).not.toHaveClass(/dark/);

		// With JavaScript the class and localStorage change at once (optimistic); the cookie comes
		// with the post's answer, so wait for that answer before asking the server for HTML.
		const themeSaved = () =>
			js
				? page.waitForResponse((r) => r.url().includes("/resources/theme") && r.request().method() === "POST")
				: null;
		let saved = themeSaved();
		await page.getByRole("button", { name: "Switch to dark theme" }).click();
		await saved;
		await expect(html).toHaveClass(/dark/);
		await expect(page).toHaveURL("/art");
		if (js) {
			await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
		}

		// No flash: the HTML the server sends already carries the class, before any script runs.
		const serverHtml = await (await page.request.get("/art")).text();
		expect(serverHtml).toMatch(/<html[^>]*class="dark"/);

		await page.reload();
		await expect(html).toHaveClass(/dark/);
		saved = themeSaved();
		await page.getByRole("button", { name: "Switch to light theme" }).click();
		await saved;
		await expect(html).not.toHaveClass(/dark/);
		if (js) {
			await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
		}
		expect(await (await page.request.get("/art")).text()).not.toMatch(/<html[^>]*class="dark"/);
	});
});
