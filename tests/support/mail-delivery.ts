import { afterEach } from "vitest";
import { createSmtpTransport, type MailTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/services/mail.server";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "./smtp";

/**
 * For integration tests: a real SMTP server, started on first use and stopped after each test, and the
 * background sender's round run by hand (`deliver`), so a test reads what actually arrived.
 */
export function smtpDeliveryForEachTest() {
	let smtp: TestSmtpServer | undefined;
	let transport: MailTransport | undefined;
	afterEach(async () => {
		transport?.close();
		transport = undefined;
		await smtp?.stop();
		smtp = undefined;
	});

	/**
	 * Sends everything the outbox holds that is due (at `now`, when given: mail held back for later);
	 * returns the server with what it received.
	 */
	async function deliver(options: { now?: () => Date } = {}): Promise<TestSmtpServer> {
		smtp ??= await startSmtpServer();
		transport ??= createSmtpTransport(smtp.url);
		await deliverDueMail(transport, options);
		return smtp;
	}

	/** Sends the outbox and returns the first message to `to` (any case) that passes `match`. */
	async function deliverTo(to: string, match: (mail: ReceivedMail) => boolean = () => true) {
		const server = await deliver();
		return server.waitFor((mail) => mail.to.includes(to.toLowerCase()) && match(mail));
	}

	return { deliver, deliverTo };
}
