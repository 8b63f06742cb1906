import { describe, expect, it } from "vitest";
import { replyText } from "~/lib/reply-text";

/** The rules for each client's quoting; whole messages from the clients are in tests/integration/inbound-mail. */
describe("the new text of a reply", () => {
	it.each([
		[
			"Outlook's From/Sent block",
			"Yes.\n\nFrom: FORMA <replies@g.example>\nSent: Saturday, 28 November 2026 21:44\nTo: Anna\nSubject: Re\n\nOld",
		],
		[
			"Outlook in Russian",
			"Yes.\n\nОт: FORMA <replies@g.example>\nОтправлено: 28 ноября 2026 г. 21:44\nКому: Анна\n\nСтарое",
		],
		["Outlook's bold header", "Yes.\n\n*From:* FORMA\n*Sent:* Saturday\n\nOld"],
		["Original Message", "Yes.\n-----Original Message-----\nOld"],
		["Исходное сообщение", "Yes.\n----- Исходное сообщение -----\nСтарое"],
		["Пересылаемое сообщение", "Yes.\n-------- Пересылаемое сообщение --------\nСтарое"],
		[
			"a wrapped Gmail header",
			"Yes.\n\nOn Sat, Nov 28, 2026 at 9:44 PM FORMA <replies@g.example>\nwrote:\n\n> Old",
		],
		["написал(а)", "Yes.\n\n28 нояб. 2026 г., в 21:44, FORMA <r@g.example> написал(а):\n\n> Старое"],
		["a signature", "Yes.\n-- \nAnna\n+7 916"],
		["Sent from my iPhone", "Yes.\n\nSent from my iPhone"],
		["Отправлено с iPhone", "Yes.\n\nОтправлено с iPhone"],
		["Get Outlook for Android", "Yes.\n\nGet Outlook for Android"],
		["Windows line ends", "Yes.\r\n\r\nOn Sat, 28 Nov 2026, FORMA wrote:\r\n> Old\r\n"],
	])("cuts %s", (_style, text) => {
		expect(replyText(text)).toBe("Yes.");
	});

	it("keeps answers written between quoted lines, without the quotes", () => {
		expect(replyText("> Is it available?\nYes.\n> Can you ship?\nTo Kazan, yes.")).toBe(
			"Yes.\nTo Kazan, yes.",
		);
	});

	it("keeps a sentence that merely starts with On, and a line ending with a colon", () => {
		const text = "On Saturday I can come.\nMy questions:\n1. Price\n2. Delivery";
		expect(replyText(text)).toBe(text);
	});

	it("keeps the text as written: several paragraphs, blank lines tidied", () => {
		expect(replyText("\n\nFirst.\n\n\n\nSecond.  \n\n")).toBe("First.\n\nSecond.");
	});
});
