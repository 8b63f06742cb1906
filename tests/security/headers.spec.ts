import { expect, type Page, test } from "@playwright/test";
import { ADMIN, securityPort, signIn, startSite } from "./site";

/**
 * The security headers in a browser (docs/decisions/0008-security-headers.md): Chromium reports no CSP or
 * Permissions-Policy violation on the public pages, a cached page or the admin. What the headers say is
 * proven over HTTP in headers.test.ts.
 */

/** Collects what Chromium reports about the page's policies: CSP refusals and Permissions-Policy errors. */
function watchViolations(page: Page): string[] {
	const violations: string[] = [];
	page.on("console", (message) => {
		if (/Content Security Policy|Refused to|Permissions-Policy|Permissions policy/i.test(message.text())) {
			violations.push(`${page.url()}: ${message.text()}`);
		}
	});
	return violations;
}

test.describe("in the browser, with motion", () => {
	test.use({ reducedMotion: "no-preference" });

	test("no inline style violations: public pages, the cached home page and the admin render within the CSP", async ({
		page,
		context,
	}) => {
		// A site of its own: the admin session must not count against the shared server's sign-in limits.
		const site = await startSite(securityPort(28));
		try {
			const violations = watchViolations(page);
			// Twice: the second home page is the page cache's copy, allowed by the hashes of its inline code.
			for (const path of ["/", "/", "/?lng=ru", "/project/terra-modular-sofa", "/shop", "/artists"]) {
				await page.goto(`${site.origin}${path}`);
				await page.waitForLoadState("networkidle");
			}
			// The header's player: its track loads from this site.
			await page.goto(`${site.origin}/`);
			const track = page.waitForRequest(/\/audio\/forma-loop\.mp3$/, { timeout: 10_000 }).catch(() => null);
			await page.getByTestId("audio-toggle").first().click();
			expect(await track, "the player asks for its track").not.toBeNull();

			const [name, value] = (await signIn(site.origin, ADMIN.username, ADMIN.password)).split("=");
			await context.addCookies([{ name: name ?? "", value: value ?? "", url: site.origin }]);
			for (const path of ["/admin/projects", "/admin/projects/add", "/admin/slider", "/admin/settings"]) {
				await page.goto(`${site.origin}${path}`);
				await page.waitForLoadState("networkidle");
			}
			expect(violations).toEqual([]);
		} finally {
			await site.stop();
		}
	});
});
