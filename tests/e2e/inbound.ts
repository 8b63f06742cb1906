import type { APIRequestContext } from "@playwright/test";
import type { ReceivedMail } from "../support/smtp";
import { INBOUND_MAIL_SECRET } from "./servers";

/**
 * Replies by e-mail in the browser tests (issue #37): answers a message the site sent, the way a mail
 * client does (To: its Reply-To, the history quoted under the new text), and posts the raw reply to the
 * site's inbound hook the way a mail provider does. Resolves to the hook's answer.
 */
export async function replyByMail(
	request: APIRequestContext,
	mail: Pick<ReceivedMail, "replyTo" | "subject" | "messageId" | "text">,
	{
		from,
		text,
		quoteIntro = "On Sat, 28 Nov 2026 at 21:44, FORMA wrote:",
	}: {
		from: string;
		text: string /** The line a client writes above the quoted message. */;
		quoteIntro?: string;
	},
): Promise<{ status: string; reason?: string; requestId?: number }> {
	if (!mail.replyTo) throw new Error(`the message "${mail.subject}" has no Reply-To`);
	const quoted = mail.text
		.split("\n")
		.map((line) => `> ${line}`)
		.join("\r\n");
	const raw = [
		`From: <${from}>`,
		`To: <${mail.replyTo}>`,
		`Subject: Re: ${mail.subject}`,
		`Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@e2e.example>`,
		...(mail.messageId ? [`In-Reply-To: ${mail.messageId}`] : []),
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=utf-8",
		"Content-Transfer-Encoding: 8bit",
		"",
		text,
		"",
		quoteIntro,
		quoted,
		"",
	].join("\r\n");
	const answer = await request.post("/hooks/inbound-mail", {
		headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${INBOUND_MAIL_SECRET}` },
		data: Buffer.from(raw, "utf8"),
	});
	if (answer.status() !== 200) throw new Error(`the inbound hook answered ${answer.status()}`);
	return answer.json();
}
