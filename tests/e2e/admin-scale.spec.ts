import { expect, test } from "./fixtures";
import { openRequestPage, saveRequestStatus, sendRequestAsGuest } from "./requests";
import type { E2eServer } from "./servers";
import { ADMIN } from "./session";

/** Adds accounts straight to the server's database (the register form is rate limited). */
function insertUsers(site: E2eServer, prefix: string, count: number) {
	site.withDatabase((sqlite) => {
		const insert = sqlite.prepare(
			"insert into users (username, email, phone, password_hash, role, status, created_at, updated_at) values (?, ?, null, 'not-a-hash', 'user', 'active', ?, ?)",
		);
		const now = new Date().toISOString();
		sqlite.transaction(() => {
			for (let index = 1; index <= count; index += 1) {
				const name = `${prefix}${String(index).padStart(2, "0")}`;
				insert.run(name, `${name}@example.com`, now, now);
			}
		})();
	});
}

const unique = (project: string) => `${project.replace("-", "")}${Date.now().toString(36)}`;

test(
	"admin finds a request by e-mail and moves it to done",
	{ tag: "@no-js" },
	async ({ page, signInAs }, testInfo) => {
		const email = `scale-${unique(testInfo.project.name)}@example.com`;
		// The request, made the way a buyer makes it: the public form (without signing in).
		await sendRequestAsGuest(page, {
			projectId: "ripple-glass-vase",
			projectName: "Ripple Glass Vase",
			email,
		});

		await signInAs(ADMIN.username);
		await page.goto("/admin/requests");
		const search = page.getByRole("search", { name: "Search requests" });
		await search.getByLabel("Search requests").fill(email.toUpperCase());
		await search.getByRole("button", { name: "Search" }).click();
		await expect(page).toHaveURL(/[?&]q=/);
		const rows = page.getByTestId("request-row");
		await expect(rows).toHaveCount(1);
		const row = rows.first();
		await expect(row).toContainText(email);
		await expect(row.getByRole("link", { name: "Ripple Glass Vase" })).toBeVisible();

		// The request's page: its status saved explicitly, and a note for the team, kept with the request.
		await openRequestPage(page, email);
		await saveRequestStatus(page, "done", { notify: false });
		const notes = page.getByRole("region", { name: "Internal notes" });
		await notes.getByLabel("Note", { exact: true }).fill("Wants it gift-wrapped");
		await notes.getByRole("button", { name: "Add note" }).click();
		await expect(page.getByTestId("toast").filter({ hasText: "Note added" })).toBeVisible();
		await expect(page.getByRole("article", { name: /^Internal note by/ })).toContainText(
			"Wants it gift-wrapped",
		);

		// The filter and the search together still find it, with what was saved.
		await page.goto(`/admin/requests?q=${encodeURIComponent(email.toUpperCase())}`);
		await page.getByLabel("Status", { exact: true }).selectOption("done");
		await search.getByRole("button", { name: "Search" }).click();
		await expect(page).toHaveURL(/status=done/);
		await expect(rows).toHaveCount(1);
		await expect(rows.first()).toContainText("Done");
		// The export link carries the same filter.
		await expect(page.getByRole("link", { name: "Export these as CSV" })).toHaveAttribute(
			"href",
			/^\/admin\/requests\/export\.csv\?.*status=done/,
		);
	},
);

test("admin sorts projects by price, both ways", async ({ page, signInAs }) => {
	await signInAs(ADMIN.username);
	await page.goto("/admin/projects");
	const priceHeader = page.getByRole("columnheader", { name: /Price/ });
	await expect(priceHeader).not.toHaveAttribute("aria-sort");

	await priceHeader.getByRole("link").click();
	await expect(page).toHaveURL(/sort=price&dir=asc/);
	await expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
	const rows = page.getByTestId("project-row");
	// The piece without a price (0) reads "Price on request" and comes first.
	await expect(rows.first()).toContainText("Price on request");

	await priceHeader.getByRole("link").click();
	await expect(page).toHaveURL(/sort=price&dir=desc/);
	await expect(priceHeader).toHaveAttribute("aria-sort", "descending");
	await expect(rows.first()).toContainText("Terra Modular Sofa");
	await expect(rows.first()).toContainText("140 000 ₽");
});

test("admin pages through users, keeping the search and the sort", async ({
	page,
	signInAs,
	site,
}, testInfo) => {
	const prefix = `pg${unique(testInfo.project.name)}`;
	insertUsers(site, prefix, 25);
	await signInAs(ADMIN.username);
	await page.goto("/admin/users");
	const search = page.getByRole("search", { name: "Search users" });
	await search.getByLabel("Search users").fill(prefix);
	await search.getByRole("button", { name: "Search" }).click();
	await expect(page.getByText("25 users")).toBeVisible();
	await expect(page.getByText("Page 1 of 2")).toBeVisible();
	const rows = page.getByTestId("user-row");
	await expect(rows).toHaveCount(20);

	await page
		.getByRole("columnheader", { name: /Username/ })
		.getByRole("link")
		.click();
	await expect(page).toHaveURL(/sort=username&dir=asc/);
	await expect(rows.first()).toContainText(`${prefix}01`);

	const pages = page.getByRole("navigation", { name: "Pages" });
	await pages.getByRole("link", { name: "Next" }).click();
	await expect(page).toHaveURL(/page=2/);
	await expect(page).toHaveURL(/sort=username/);
	await expect(page.getByText("Page 2 of 2")).toBeVisible();
	await expect(rows).toHaveCount(5);
	await expect(rows.first()).toContainText(`${prefix}21`);
	await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

	// A page past the end shows the last page instead of failing.
	await page.goto(`/admin/users?q=${prefix}&page=99`);
	await expect(page.getByText("Page 2 of 2")).toBeVisible();
});

test("on a phone the requests are cards with the link to each request in view", async ({
	page,
	signInAs,
	site,
}) => {
	await page.setViewportSize({ width: 390, height: 844 });
	// Laid out in the fallback font, as a phone shows the page before the web font arrives: it is wider, and
	// a textarea sized by its default columns once pushed the card 4 px past the screen that way.
	await page.route(/\.woff2$/, (route) => route.abort());
	await signInAs(ADMIN.username);
	// A request to show, whatever ran before (straight into the database: the public form is rate limited).
	site.query(
		"insert into purchase_requests (project_id, project_name, project_price, email, phone) values ('tidal-relief', 'Tidal Relief', 27000, ?, '+79161234567')",
		`phone-${Date.now().toString(36)}@example.com`,
	);

	await page.goto("/admin/requests");
	const row = page.getByTestId("request-row").first();
	const open = row.getByRole("link", { name: /^Open request/ });
	await expect(open).toBeVisible();
	await open.scrollIntoViewIfNeeded();
	const box = await open.boundingBox();
	expect(box, "the link to the request has a box").not.toBeNull();
	expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
	// A card: the row is no wider than the screen, and nothing scrolls sideways.
	const rowBox = await row.boundingBox();
	expect(rowBox?.width ?? 999).toBeLessThanOrEqual(390);
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
	// The card's last cell, the time to first reply, is reachable by scrolling down, not sideways.
	const lastCell = row.locator("td").last();
	await lastCell.scrollIntoViewIfNeeded();
	await expect(lastCell).toBeInViewport();
});
