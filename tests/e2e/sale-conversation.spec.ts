import { expect, test } from "./fixtures";
import { replyByMail } from "./inbound";
import { linkIn, mailTo } from "./mailbox";
import { ADMIN, uniqueEmail } from "./session";

/*
 * Issue #37, the conversation as the gallery and a buyer live it, in English and Russian, with and without
 * JavaScript: staff answer a request on its page; the buyer gets the mail (the tests' real SMTP server)
 * with a private link and a reply address; the buyer answers on the site through the link, and again by
 * replying to the mail (the provider posts it to the inbound hook); staff see both answers on the request's
 * page, the quoted history cut.
 */

const TEXT = {
	en: {
		message: "Message",
		send: "Send",
		sent: "Message sent",
		field: "Your message",
		you: "You",
		fromBuyer: /^Message from Buyer$/,
		quoteIntro: "On Sat, 28 Nov 2026 at 12:00, FORMA gallery wrote:",
	},
	ru: {
		message: "Сообщение",
		send: "Отправить",
		sent: "Сообщение отправлено",
		field: "Ваше сообщение",
		you: "Вы",
		fromBuyer: /^Сообщение:\sПокупатель$/,
		quoteIntro: "Сб, 28 нояб. 2026 г. в 12:00, Галерея ФОРМА пишет:",
	},
} as const;

for (const language of ["en", "ru"] as const) {
	const text = TEXT[language];

	test(
		`(${language}) staff answer on the request's page; the buyer answers on the site and by e-mail`,
		{ tag: "@no-js" },
		async ({ page, browser, baseURL, js, site, signInAs }, testInfo) => {
			const buyer = uniqueEmail(`sale-talk-${language}`, testInfo.project.name);
			site.query(
				`insert into purchase_requests (project_id, project_name, project_price, email, phone, language)
				 values ('tidal-relief', 'Tidal Relief', 27000, ?, '+79161234567', ?)`,
				buyer,
				language,
			);
			const [{ id } = { id: 0 }] = site.query<{ id: number }>(
				"select id from purchase_requests where email = ?",
				buyer,
			);

			// Staff write on the request's page.
			await signInAs(ADMIN.username);
			await page.goto(`/admin/requests/${id}?lng=${language}`);
			const question = `It is available. Shall we hold it for you? (${id})`;
			await page.getByLabel(text.message, { exact: true }).fill(question);
			await page.getByRole("button", { name: text.send, exact: true }).click();
			await expect(page.getByTestId("toast").filter({ hasText: text.sent })).toBeVisible();

			// The buyer's mail: in the request's language, the message, a private link and a reply address.
			const mail = await mailTo(buyer, (message) => message.text.includes(question));
			expect(mail.language).toBe(language);
			expect(mail.replyTo).toMatch(/^replies\+[0-9a-f]{40}@forma\.test$/);
			const link = linkIn(mail, `${baseURL}/requests/${id}?t=`);

			// The buyer, signed out in a browser of their own, answers through the link.
			const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled: js });
			try {
				const buyerPage = await buyerContext.newPage();
				await buyerPage.goto(link);
				await expect(buyerPage.getByText(question)).toBeVisible();
				await buyerPage.getByLabel(text.field).fill("Yes, please. Can you ship to Kazan?");
				await buyerPage.getByRole("button", { name: text.send, exact: true }).click();
				await expect(buyerPage.getByRole("article", { name: text.you })).toContainText("Kazan");
			} finally {
				await buyerContext.close();
			}

			// …and by replying to the mail: the mail provider posts the reply to the inbound hook.
			const hook = await replyByMail(page.request, mail, {
				from: buyer,
				text: "Saturday at noon suits me.",
				quoteIntro: text.quoteIntro,
			});
			expect(hook).toMatchObject({ status: "accepted", requestId: id });

			// Staff see both answers on the request's page, without the quoted history.
			await page.goto(`/admin/requests/${id}`);
			const answers = page.getByRole("article", { name: text.fromBuyer });
			await expect(answers).toHaveCount(2);
			await expect(answers.nth(0)).toContainText("Can you ship to Kazan?");
			await expect(answers.nth(1)).toContainText("Saturday at noon suits me.");
			await expect(answers.nth(1)).not.toContainText("Shall we hold it");
		},
	);
}
