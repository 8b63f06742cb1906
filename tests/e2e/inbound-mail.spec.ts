import { expect, test } from "./fixtures";
import { replyByMail } from "./inbound";
import { ADMIN } from "./session";

/**
 * Replies by e-mail, as the operator sees them (issue #37): a reply to a forged address, posted to the hook
 * the way a mail provider posts it, is refused and never reaches a thread; /admin/mail counts it and says
 * why, in English and Russian, with and without JavaScript. (The accepted reply appearing in a thread is
 * the joint journey with the request pages.)
 */
test("a forged reply posted to the hook is refused and shown on /admin/mail", { tag: "@no-js" }, async ({
	page,
	signInAs,
	request,
}) => {
	const forged = `${"0".repeat(16)}${"f".repeat(24)}`;
	// A reply to a message that never was: its address's token is made up.
	const answer = await replyByMail(
		request,
		{ replyTo: `replies+${forged}@forma.test`, subject: "Your request", messageId: "", text: "Hello" },
		{ from: "mallory@evil.example", text: "Please send the sofa to my address instead." },
	);
	expect(answer).toEqual({ status: "refused", reason: "unknown-token" });

	await signInAs(ADMIN.username);
	await page.goto("/admin/mail?lng=en");
	const section = page.getByRole("region", { name: /Replies\s+by\s+e-mail/ });
	await expect(section).toContainText(/inbound\s+messages?\s+refused\s+so\s+far/);
	await expect(
		section
			.getByRole("row")
			.filter({ hasText: /Unknown,\s+forged\s+or\s+revoked\s+reply\s+address/ })
			.first(),
	).toBeVisible();

	await page.goto("/admin/mail?lng=ru");
	const russian = page.getByRole("region", { name: /Ответы\s+по\s+почте/ });
	await expect(russian).toContainText(/Отклонено\s+входящих\s+писем:\s+\d+/);
	await expect(
		russian
			.getByRole("row")
			.filter({ hasText: /Неизвестный,\s+поддельный\s+или\s+отозванный\s+адрес\s+для\s+ответа/ })
			.first(),
	).toBeVisible();
});
