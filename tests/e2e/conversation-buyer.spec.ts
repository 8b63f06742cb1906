import AxeBuilder from "@axe-core/playwright";
import { guestLinkFor, insertBuyer, insertGalleryMessage, insertRequest } from "./conversation-buyer";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./mailbox";
import { uniqueEmail } from "./session";

/*
 * Issue #37, the buyer's side of the conversation, in both languages, with and without JavaScript: a
 * signed-in buyer finds the gallery's message under My orders and answers it; a guest answers through the
 * private link from the mail, and the gallery is mailed; a wrong link opens nothing. (The staff's reply and
 * its mail, and the staff reading the answer, are the joint journey across the request pages.)
 */

const TEXT = {
	en: {
		messages: "Messages",
		unread: /Messages about request\s+no\.\s+\d+: 1 new/,
		heading: (id: number) => new RegExp(`Request\\s+no\\.\\s+${id}`),
		gallery: "anna, FORMA gallery",
		you: "You",
		field: "Your message",
		send: "Send",
		sent: "Message sent",
		notRead: "Not read yet",
		required: "Write a message",
		notFound: "Page not found",
	},
	ru: {
		messages: "Сообщения",
		unread: /Сообщения по\s+заявке\s+№\s+\d+: 1 новое/,
		heading: (id: number) => new RegExp(`Заявка\\s+№\\s+${id}`),
		gallery: "anna, галерея ФОРМА",
		you: "Вы",
		field: "Ваше сообщение",
		send: "Отправить",
		sent: "Сообщение отправлено",
		notRead: "Ещё не прочитано",
		required: "Напишите сообщение",
		notFound: "Страница не найдена",
	},
};

for (const language of ["en", "ru"] as const) {
	const text = TEXT[language];

	test(
		`${language}: a signed-in buyer reads the gallery's message under My orders and answers it`,
		{ tag: "@no-js" },
		async ({ page, site, signInAs, baseURL }, testInfo) => {
			const email = uniqueEmail("thread", testInfo.project.name);
			// The gallery's notices go to an address of this test's own (the settings row, read as each message posts).
			const gallery = uniqueEmail("thread-gallery", testInfo.project.name);
			site.query("update settings set email_notifications = 1, admin_email = ?", gallery);
			insertBuyer(site, email);
			const [user] = site.query<{ id: number }>("select id from users where email = ?", email);
			const id = insertRequest(site, { email, language, userId: user?.id });
			insertGalleryMessage(site, id, "It is available.\nShall we hold it for you?");
			await signInAs(email);

			await page.goto(`/account?lng=${language}#orders`);
			await page.getByRole("link", { name: text.unread }).click();
			await expect(page).toHaveURL(`/account/requests/${id}`);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.heading(id));
			const thread = page.getByTestId("thread-message");
			await expect(thread).toHaveCount(1);
			await expect(thread.getByRole("article", { name: text.gallery })).toContainText(
				"Shall we hold it for you?",
			);

			// An empty answer is refused by the field; the answer then joins the thread as the buyer's.
			await page.getByRole("button", { name: text.send, exact: true }).click();
			await expect(page.getByText(text.required)).toBeVisible();
			await page.getByLabel(text.field).fill("Yes, please. Can you ship to Kazan?");
			await page.getByRole("button", { name: text.send, exact: true }).click();
			await expect(page.getByTestId("toast")).toContainText(text.sent);
			await expect(thread).toHaveCount(2);
			const mine = thread.getByRole("article", { name: text.you });
			await expect(mine).toContainText("Can you ship to Kazan?");
			await expect(mine).toContainText(text.notRead);
			await expect(page.getByLabel(text.field)).toHaveValue("");

			// The gallery hears of it at once, by a real message linking straight to the request.
			const origin = new URL(baseURL ?? "").origin;
			const notice = await mailTo(gallery, (mail) => mail.text.includes("Can you ship to Kazan?"));
			expect(linkIn(notice, `${origin}/admin/requests/`)).toBe(`${origin}/admin/requests/${id}`);

			// Read now: My orders no longer counts the gallery's message as new.
			await page.goto("/account#orders");
			await expect(page.getByRole("link", { name: text.unread })).toHaveCount(0);
			const [row] = site.query<{ unread_by_staff: number }>(
				"select unread_by_staff from purchase_requests where id = ?",
				id,
			);
			expect(row?.unread_by_staff).toBe(1);
		},
	);

	test(
		`${language}: a guest answers through the private link, and a wrong link opens nothing`,
		{ tag: "@no-js" },
		async ({ page, site }, testInfo) => {
			const email = uniqueEmail("guest-thread", testInfo.project.name);
			const id = insertRequest(site, { email, language });
			const other = insertRequest(site, { email: uniqueEmail("other", testInfo.project.name), language });
			insertGalleryMessage(site, id, "The piece is yours to see on Saturday.");
			const link = guestLinkFor(site, id);

			await page.goto(`${link}&lng=${language}`);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.heading(id));
			await expect(page.getByRole("article", { name: text.gallery })).toContainText("Saturday");
			await page.getByLabel(text.field).fill("Saturday at noon suits me.");
			await page.getByRole("button", { name: text.send, exact: true }).click();
			await expect(page.getByTestId("toast")).toContainText(text.sent);
			await expect(page.getByRole("article", { name: text.you })).toContainText("Saturday at noon suits me.");
			expect(new URL(page.url()).search).toContain("t=");

			// The same key at another request's address, or no key: the page does not exist.
			const token = new URL(link, "http://x").searchParams.get("t") ?? "";
			const wrong = await page.goto(`/requests/${other}?t=${token}`);
			expect(wrong?.status()).toBe(404);
			await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.notFound);
			expect((await page.goto(`/requests/${id}`))?.status()).toBe(404);
		},
	);

	test(`${language}: the thread page passes axe, with messages from both sides and an error shown`, async ({
		page,
		site,
		context,
		baseURL,
		js,
	}, testInfo) => {
		test.skip(!js, "axe runs in the browser: one pass with JavaScript is enough");
		const theme = language === "ru" ? "dark" : "light";
		await context.addCookies([
			{ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: baseURL ?? "" },
		]);
		const id = insertRequest(site, { email: uniqueEmail("axe-thread", testInfo.project.name), language });
		insertGalleryMessage(site, id, "Hello from the gallery.");
		site.query(
			"insert into request_messages (request_id, author, body, created_at) values (?, 'buyer', 'Hello back.', ?)",
			id,
			new Date().toISOString(),
		);
		await page.goto(`${guestLinkFor(site, id)}&lng=${language}`);
		await page.getByRole("button", { name: text.send, exact: true }).click();
		await expect(page.getByText(text.required)).toBeVisible();
		const results = await new AxeBuilder({ page })
			.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
			.options({ resultTypes: ["violations"] })
			.analyze();
		const serious = results.violations
			.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
			.map((violation) => ({
				rule: violation.id,
				elements: violation.nodes.map((node) => node.target.join(" ")),
			}));
		expect(serious).toEqual([]);
	});
}
