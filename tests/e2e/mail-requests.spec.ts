import { waitForMail } from "../support/smtp";
import { giveConsent } from "./consent";
import { expect, test } from "./fixtures";
import { linkIn, mailTo, receivedMail } from "./mailbox";
import { openRequestForm, openRequestPage, saveRequestStatus } from "./requests";
import { ADMIN, submitLogin, uniqueEmail } from "./session";

/**
 * A purchase request's mail, end to end: the gallery's notification and the buyer's confirmation (in the
 * language the buyer used), the links in them followed in the browser, the buyer told when the admin moves
 * the request on, and the admin reading all of it at /admin/mail. With and without JavaScript.
 * Other specs (and this one's other project) share the server and its settings: the admin address may be
 * changed by them between our save and our request, so the gallery's notification is found by the buyer's
 * unique address in it, wherever it went, and their mail is ignored.
 */
test(
	"a request in Russian: confirmation, the gallery's notice, the status mail and /admin/mail",
	{ tag: "@no-js" },
	async ({ page, signInAs, js, baseURL }, testInfo) => {
		const origin = new URL(baseURL ?? "").origin;
		const buyer = uniqueEmail("buyer", testInfo.project.name);
		const gallery = uniqueEmail("gallery", testInfo.project.name);

		// The administrator names where notifications go and lets buyers hear about their requests.
		await signInAs(ADMIN.username);
		await page.goto("/admin/settings?tab=notifications");
		await page.getByLabel("Email notifications").check();
		await page.getByLabel("Admin notification email").fill(gallery);
		await page.getByLabel("E-mail buyers when their request’s status changes").check();
		await page.getByRole("button", { name: "Save settings" }).click();
		await expect(page.getByTestId("toast")).toContainText("Settings saved");
		await expect(page.getByLabel("Admin notification email")).toHaveValue(gallery);
		await page.context().clearCookies();

		// A visitor asks for the piece, in Russian.
		await page.goto("/project/tidal-relief?lng=ru");
		const form = await openRequestForm(page, js, { link: "Купить", dialog: "Оформление покупки" });
		await form.getByLabel("Email").fill(buyer);
		await form.getByLabel("Телефон").fill("+7 916 555-44-33");
		await giveConsent(form, "ru");
		await form.getByRole("button", { name: "Отправить заявку" }).click();
		await expect(page.getByTestId("purchase-confirmation").getByRole("heading")).toHaveText(
			/Спасибо\s+за\s+заявку\s+на\s+«Tidal\s+Relief»/,
		);

		// The buyer's confirmation, in Russian, and its link to the piece.
		const confirmation = await mailTo(buyer, (m) => m.subject === "Мы получили вашу заявку: Tidal Relief");
		expect(confirmation.language).toBe("ru");
		// Prices are set with no-break spaces.
		expect(confirmation.text).toMatch(/Цена: 27\s000\s₽/);
		expect(confirmation.html).toContain("Tidal Relief");
		await page.goto(linkIn(confirmation, `${origin}/project/`));
		await expect(page.getByRole("heading", { level: 1, name: "Tidal Relief" })).toBeVisible();
		await page.context().clearCookies();

		// The gallery's notification, with the buyer's contacts and a link to the request in the admin.
		const notification = await waitForMail(
			receivedMail,
			(m) => /^(Новая заявка|New request)/.test(m.subject) && m.text.includes(buyer),
			20_000,
		);
		expect(notification.subject).toContain("Tidal Relief");
		expect(notification.text).toContain("+7 916 555-44-33");
		// The notification links straight to the request's own page (issue #37); the list finds it too.
		expect(linkIn(notification, `${origin}/admin/requests/`)).toMatch(/\/admin\/requests\/\d+$/);
		await page.goto(`/admin/requests?q=${encodeURIComponent(buyer)}`);
		await expect(page).toHaveURL(/\/login\?redirectTo=/);
		await submitLogin(page, ADMIN.username, ADMIN.password);
		await expect(page).toHaveURL(/\/admin\/requests\?q=/);
		const row = page.getByTestId("request-row").filter({ hasText: buyer });
		await expect(row).toHaveCount(1);

		// The admin moves it on, on the request's page, telling the buyer: they hear about it, in Russian.
		await openRequestPage(page, buyer);
		await saveRequestStatus(page, "done", { notify: true });
		await expect(
			page.getByRole("region", { name: "Status", exact: true }).getByLabel("Status of the request"),
		).toHaveValue("done");
		const status = await mailTo(buyer, (m) => m.subject.startsWith("Ваша заявка №"));
		expect(status.subject).toMatch(/^Ваша заявка № \d+: Выполнена$/);
		expect(status.text).toContain("Ваша заявка на «Tidal Relief» выполнена.");
		expect(linkIn(status, `${origin}/project/`)).toBe(`${origin}/project/tidal-relief`);

		// /admin/mail lists the three messages and shows the status mail's both parts.
		await page
			.getByRole("navigation", { name: "Admin sections" })
			.getByRole("link", { name: "Mail" })
			.click();
		await expect(page).toHaveURL("/admin/mail");
		await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
		const rows = page.getByTestId("mail-row");
		await expect(rows.filter({ hasText: buyer })).toHaveCount(2);
		await expect(rows.filter({ hasText: notification.subject })).toHaveCount(1);
		await expect(rows.filter({ hasText: status.subject })).toContainText("Sent");
		await page.getByRole("link", { name: /^Sent \d+$/ }).click();
		await expect(page).toHaveURL("/admin/mail?status=sent");
		await rows.filter({ hasText: status.subject }).getByRole("link", { name: status.subject }).click();

		await expect(page.getByRole("heading", { level: 1, name: status.subject })).toBeVisible();
		await expect(page.getByRole("main")).toContainText(buyer);
		await expect(page.getByRole("main")).toContainText(status.messageId);
		const html = page.getByTitle(/The\smessage\sas\sthe\srecipient\ssees\sit/).contentFrame();
		await expect(html.getByRole("heading", { name: /Новости\sпо\sвашей\sзаявке/ })).toBeVisible();
		await expect(page.getByTestId("mail-text")).toContainText("Ваша заявка на «Tidal Relief» выполнена.");
	},
);
