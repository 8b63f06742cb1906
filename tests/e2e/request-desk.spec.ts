import { expect, test } from "./fixtures";
import { mailTo } from "./mailbox";
import { ADMIN, uniqueEmail } from "./session";

/**
 * The staff's desk for one request (issue #37), in English and Russian, with and without JavaScript: the
 * list puts a request with an unread buyer message first and links to its page; there staff read the buyer
 * (which marks the message read), insert a canned reply, send their answer, add an internal note, and save
 * the status with "notify the buyer" after seeing the mail's preview; the buyer gets that mail by the real
 * SMTP server of the tests. (The buyer's side and the conversation's own mail are other branches' specs.)
 */
const TEXTS = {
	en: {
		unread: /^1\sunread\smessage$/,
		unreadAny: /^\d+\sunread\smessages?$/,
		open: /^Open request/,
		newMark: "New",
		canned: "Canned reply",
		price: "Price",
		priceText: /^The price of the piece is/,
		insert: "Insert",
		message: "Message",
		send: "Send",
		sent: "Message sent",
		buyer: /^Message from Buyer$/,
		read: /Read\s/,
		notes: "Internal notes",
		note: "Note",
		addNote: "Add note",
		noteAdded: "Note added",
		noteArticle: /^Internal note by/,
		status: "Status",
		statusLabel: "Status of the request",
		notify: "Notify the buyer by e-mail",
		saveStatus: "Save status",
		savedNotified: "Status saved; the buyer will be told by e-mail",
		statusStep: /Status:\sNew\s→\sDone;\sthe\sbuyer\swas\stold\sby\se-mail/,
		subject: (id: number) => `Your request № ${id}: Done`,
		statusMail: "Request status",
	},
	ru: {
		unread: /^1\sнепрочитанное\sсообщение$/,
		unreadAny: /^\d+\sнепрочитанн/,
		open: /^Открыть заявку/,
		newMark: "Новое",
		canned: "Шаблон ответа",
		price: "Цена",
		priceText: /^Стоимость работы/,
		insert: "Вставить",
		message: "Сообщение",
		send: "Отправить",
		sent: "Сообщение отправлено",
		buyer: /^Сообщение:\sПокупатель$/,
		read: /Прочитано\s/,
		notes: "Внутренние заметки",
		note: "Заметка",
		addNote: "Добавить заметку",
		noteAdded: "Заметка добавлена",
		noteArticle: /^Внутренняя заметка/,
		status: "Статус",
		statusLabel: "Статус заявки",
		notify: "Сообщить покупателю письмом",
		saveStatus: "Сохранить статус",
		savedNotified: "Статус сохранён; покупатель получит письмо",
		statusStep: /Статус:\sНовая\s→\sВыполнена;\sпокупателю\sотправлено\sписьмо/,
		subject: (id: number) => `Ваша заявка № ${id}: Выполнена`,
		statusMail: "Статус заявки",
	},
} as const;

for (const language of ["en", "ru"] as const) {
	test(
		`staff answer a request on its page, note it and move it on (${language})`,
		{ tag: "@no-js" },
		async ({ page, signInAs, site }, testInfo) => {
			const text = TEXTS[language];
			const buyer = uniqueEmail(`desk-${language}`, testInfo.project.name);
			// A request whose buyer has written (straight into the database: the buyer's page is another branch's).
			site.query(
				"insert into purchase_requests (project_id, project_name, project_price, email, phone, language, unread_by_staff) values ('tidal-relief', 'Tidal Relief', 27000, ?, '+79161234567', ?, 1)",
				buyer,
				language,
			);
			const [{ id } = { id: 0 }] = site.query<{ id: number }>(
				"select id from purchase_requests where email = ?",
				buyer,
			);
			site.query(
				"insert into request_messages (request_id, author, body, created_at) values (?, 'buyer', 'Is it still available?', ?)",
				id,
				new Date().toISOString(),
			);

			await signInAs(ADMIN.username);
			await page.goto(`/admin/requests?lng=${language}`);
			// Unread buyer messages first (the first row has some, whatever other tests run beside this one).
			const ours = page.getByTestId("request-row").filter({ hasText: buyer });
			await expect(ours.getByText(text.unread)).toBeVisible();
			await expect(page.getByTestId("request-row").first().getByText(text.unreadAny)).toBeVisible();
			await ours.getByRole("link", { name: text.open }).click();
			await expect(page).toHaveURL(`/admin/requests/${id}`);

			const incoming = page.getByRole("article", { name: text.buyer });
			await expect(incoming).toContainText("Is it still available?");
			await expect(incoming).toContainText(text.newMark);
			await expect(page.getByRole("link", { name: buyer })).toHaveAttribute("href", `mailto:${buyer}`);
			await expect(page.getByRole("link", { name: "+7 916 123-45-67" })).toHaveAttribute(
				"href",
				/^tel:\+79161234567$/,
			);

			// A canned reply goes into the field (in place with JavaScript, by a round trip without), then Send.
			await page.getByLabel(text.canned).selectOption({ label: text.price });
			await page.getByRole("button", { name: text.insert }).click();
			const field = page.getByLabel(text.message, { exact: true });
			await expect(field).toHaveValue(text.priceText);
			await field.fill(`${await field.inputValue()} 27 000`);
			await page.getByRole("button", { name: text.send, exact: true }).click();
			await expect(page.getByTestId("toast").filter({ hasText: text.sent })).toBeVisible();
			await expect(page.getByTestId("message").last()).toContainText("27 000");
			await expect(field).toHaveValue("");
			// Reading the page marked the buyer's message read.
			await expect(incoming).toContainText(text.read);

			// An internal note, kept apart from the conversation.
			const notes = page.getByRole("region", { name: text.notes });
			await notes.getByLabel(text.note, { exact: true }).fill("Wants it before the New Year");
			await notes.getByRole("button", { name: text.addNote }).click();
			await expect(page.getByTestId("toast").filter({ hasText: text.noteAdded })).toBeVisible();
			await expect(page.getByRole("article", { name: text.noteArticle })).toContainText("New Year");

			// The status: the mail's preview follows the choice and the box (CSS alone, so without JavaScript too).
			const status = page.getByRole("region", { name: text.status, exact: true });
			await status.getByLabel(text.statusLabel).selectOption("done");
			const notify = status.getByLabel(text.notify);
			const preview = status.getByTestId("status-preview-done");
			await notify.uncheck();
			await expect(preview).toBeHidden();
			await notify.check();
			await expect(preview).toBeVisible();
			await expect(preview).toContainText(text.subject(id));
			await status.getByRole("button", { name: text.saveStatus }).click();
			await expect(page.getByTestId("toast").filter({ hasText: text.savedNotified })).toBeVisible();
			await expect(page.getByTestId("timeline")).toContainText(text.statusStep);
			await expect(status.getByLabel(text.statusLabel)).toHaveValue("done");
			const mail = await mailTo(buyer, (m) => m.subject.replace(/\s/g, " ") === text.subject(id));
			expect(mail.language).toBe(language);
			// The mail sent for the request is in its timeline too.
			await page.reload();
			await expect(
				page.getByTestId("timeline").getByRole("link", { name: new RegExp(`${text.statusMail}.*${buyer}`) }),
			).toBeVisible();
		},
	);
}

test(
	"staff keep their canned replies: add, edit, delete",
	{ tag: "@no-js" },
	async ({ page, signInAs }, testInfo) => {
		const title = `Framing ${testInfo.project.name} ${Date.now().toString(36)}`;
		await signInAs(ADMIN.username);
		await page.goto("/admin/requests");
		await page
			.getByRole("navigation", { name: "Admin sections" })
			.getByRole("link", { name: "Canned replies" })
			.click();
		await expect(page.getByRole("heading", { level: 1, name: "Canned replies" })).toBeVisible();
		// The seeded ones, in both languages (other tests may be adding theirs meanwhile: found by title).
		await expect(
			page.getByRole("region", { name: "English" }).locator('input[value="Availability confirmed"]'),
		).toHaveCount(1);
		await expect(
			page.getByRole("region", { name: "Russian" }).locator('input[value="Похожие работы"]'),
		).toHaveCount(1);

		const add = page.getByRole("region", { name: "Add template" });
		await add.getByLabel("Language").selectOption("en");
		await add.getByLabel("Title").fill(title);
		await add.getByRole("button", { name: "Add template" }).click();
		// Refused without a text, said next to the field.
		await expect(add.getByText("Write the template’s text (at most 5000 characters).")).toBeVisible();
		await add.getByLabel("Text").fill("The frame is included in the price.");
		await add.getByRole("button", { name: "Add template" }).click();
		await expect(page.getByTestId("toast").filter({ hasText: "Template added" })).toBeVisible();

		const english = page.getByRole("region", { name: "English" });
		const mine = english.locator("form").filter({ has: page.locator(`input[value="${title}"]`) });
		await mine.getByLabel("Text").fill("The frame and its glass are included in the price.");
		await mine.getByRole("button", { name: "Save" }).click();
		await expect(page.getByTestId("toast").filter({ hasText: "Template saved" })).toBeVisible();
		await expect(mine.getByLabel("Text")).toHaveValue("The frame and its glass are included in the price.");

		await mine.getByRole("link", { name: `Delete: ${title}` }).click();
		const dialog = page.getByRole("dialog", { name: `Delete the template “${title}”?` });
		await dialog.getByRole("button", { name: "Delete" }).click();
		await expect(page.getByTestId("toast").filter({ hasText: "Template deleted" })).toBeVisible();
		await expect(english.locator(`input[value="${title}"]`)).toHaveCount(0);
	},
);
