import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { formTokenFrom } from "../support/form-page-token";
import { expect, test } from "./fixtures";
import { ADMIN, uniqueEmail } from "./session";

/** Every public page, including a project with its own image and one without, and the 404 page. */
const PUBLIC_PAGES = [
	"/",
	"/branding",
	"/design",
	"/design?type=furniture",
	"/art",
	"/creative",
	"/project/arc-lounge-chair",
	"/project/slab-oak-dining-table",
	"/artists",
	"/artist/corpus-studio",
	"/shop",
	"/about",
	"/contact",
	"/shipping",
	"/terms",
	"/privacy",
	"/forgot-password",
	// A link that is not (or no longer) valid: the explanation page every mailed link can lead to.
	"/reset-password?token=not-a-token",
	"/verify-email?token=not-a-token",
	"/not-found",
];

/** Each language and each theme once: texts change with the language, colours with the theme. */
const VARIANTS = [
	{ language: "en", theme: "light" },
	{ language: "ru", theme: "dark" },
] as const;

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe over the WCAG rules, reporting violations only. Legacy mode runs axe.run in the page itself (frames
 * included, as our only iframe is same-origin) instead of a partial run per frame finished in a blank page
 * opened for it; and asking only for violations spares axe building selectors for every passing node.
 * The violations found are the same (compared on pages with planted faults, iframe included); each pass
 * takes about a third of the time.
 */
function axeScan(page: Page) {
	return new AxeBuilder({ page })
		.withTags(WCAG_TAGS)
		.setLegacyMode(true)
		.options({ resultTypes: ["violations"] })
		.analyze();
}

// axe runs in the browser: one pass with JavaScript is enough (no test here is tagged @no-js).
// Animations are judged in their settled state: mid-fade text would fail contrast checks it passes at rest.
test.use({ reducedMotion: "reduce" });

test.describe("accessibility of every public page", () => {
	for (const path of PUBLIC_PAGES) {
		test(`${path} in both languages and both themes`, async ({ page, context, baseURL }) => {
			// Two page loads and two axe passes; axe alone takes seconds on a large page.
			test.setTimeout(180_000);
			for (const { language, theme } of VARIANTS) {
				const variant = `${path} (${language}, ${theme})`;
				// The language and theme are cookies: start each variant from a clean slate.
				await context.clearCookies();
				await context.addCookies([
					{ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: baseURL ?? "" },
				]);
				await page.goto(language === "ru" ? `${path}${path.includes("?") ? "&" : "?"}lng=ru` : path);
				await expect(page.locator("html")).toHaveAttribute("lang", language);

				await expect.soft(page.getByRole("heading", { level: 1 }), `${variant}: one h1`).toHaveCount(1);
				const imagesWithoutAlt = await page
					.locator("img:not([alt])")
					.evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? "(no src)"));
				expect.soft(imagesWithoutAlt, `${variant}: images without alt`).toEqual([]);

				const results = await axeScan(page);
				const violations = results.violations
					.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
					.map((violation) => ({
						rule: violation.id,
						impact: violation.impact,
						help: violation.help,
						elements: violation.nodes.map((node) => node.target.join(" ")),
					}));
				expect.soft(violations, `${variant}: serious or critical axe violations`).toEqual([]);
			}
		});
	}
});

/** The admin's screens, with their forms open: one pass each in English, light, and Russian, dark. */
const ADMIN_PAGES = [
	"/admin/projects",
	"/admin/projects/add",
	"/admin/projects/edit/arc-lounge-chair",
	"/admin/requests",
	"/admin/canned-replies",
	"/admin/slider?new",
	"/admin/users?add",
	"/admin/settings",
	"/admin/settings?tab=notifications",
	"/admin/mail",
	"/admin/artists?edit=owl",
	"/admin/artists?new",
	"/admin/activity",
	"/admin/search?new",
];

test("accessibility of the admin screens", async ({ signInAs, page, context, baseURL, site }) => {
	test.setTimeout(180_000);
	await signInAs(ADMIN.username);
	// At least one other account, so the users table shows its per-row buttons (added as the admin: the
	// public registration form is rate limited, and other specs use it).
	const created = await page.request.post("/admin/users", {
		form: {
			intent: "create",
			email: uniqueEmail("axe", "js"),
			password: "a-good-password",
			role: "user",
			formToken: await formTokenFrom(page.request, "/admin/users?add"),
		},
		maxRedirects: 0,
	});
	expect(created.status()).toBeLessThan(400);
	// A request with a buyer's message and a note, for its page (straight into the database).
	const buyer = uniqueEmail("axe-buyer", "js");
	site.query(
		"insert into purchase_requests (project_id, project_name, project_price, email, phone, note) values ('tidal-relief', 'Tidal Relief', 27000, ?, '+79161234567', 'Called once')",
		buyer,
	);
	const [request] = site.query<{ id: number }>("select id from purchase_requests where email = ?", buyer);
	const now = new Date().toISOString();
	site.query(
		"insert into request_messages (request_id, author, body, created_at) values (?, 'buyer', 'Is it available?', ?)",
		request?.id,
		now,
	);
	site.query(
		"insert into request_notes (request_id, author_name, body, created_at) values (?, 'curator', 'Wants it soon', ?)",
		request?.id,
		now,
	);
	for (const [index, path] of [...ADMIN_PAGES, `/admin/requests/${request?.id}`].entries()) {
		const [language, theme] = index % 2 === 0 ? ["en", "light"] : ["ru", "dark"];
		await context.addCookies([
			{ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: baseURL ?? "" },
		]);
		await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
		await expect(page.locator("html")).toHaveAttribute("lang", language ?? "en");
		await expect.soft(page.getByRole("heading", { level: 1 }), `${path}: one h1`).toHaveCount(1);
		const results = await axeScan(page);
		const violations = results.violations
			.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
			.map((violation) => ({
				rule: violation.id,
				help: violation.help,
				elements: violation.nodes.map((node) => node.target.join(" ")),
			}));
		expect
			.soft(violations, `${path} (${language}, ${theme}): serious or critical axe violations`)
			.toEqual([]);
	}
});
