import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { plain } from "./plain";

/** A message as a real SMTP server received it, parsed the way a mail client would. */
export interface ReceivedMail {
	to: string[];
	from: string;
	subject: string;
	text: string;
	html: string;
	messageId: string;
	/** The Reply-To address ("" without one): with replies by e-mail on, `replies+<token>@…` (issue #37). */
	replyTo: string;
	language: string;
	receivedAt: string;
}

export interface TestSmtpServer {
	port: number;
	/** What the site's SMTP_URL should say to reach it. */
	url: string;
	/** Every message received so far, in order. */
	messages: ReceivedMail[];
	/** Waits (polling) for a message that passes the test; fails after `timeoutMs`. */
	waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
	stop(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package): no TLS, no authentication, accepts every
 * message. `port` 0 picks a free one; `dir` also writes each message there as JSON, for readers in other
 * processes (the e2e specs read the mailbox the Playwright run keeps, tests/e2e/mailbox.ts).
 */
export async function startSmtpServer(
	options: { port?: number; dir?: string } = {},
): Promise<TestSmtpServer> {
	const messages: ReceivedMail[] = [];
	if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
	let count = 0;
	const server = new SMTPServer({
		disabledCommands: ["STARTTLS", "AUTH"],
		authOptional: true,
		logger: false,
		onData(stream, session, callback) {
			simpleParser(stream)
				.then((parsed) => {
					const mail: ReceivedMail = {
						to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
						from: parsed.from?.text ?? "",
						// As a reader sees it: the typesetting's non-breaking spaces read as spaces (plain.ts).
						subject: plain(parsed.subject ?? ""),
						text: plain(parsed.text ?? ""),
						html: typeof parsed.html === "string" ? plain(parsed.html) : "",
						messageId: parsed.messageId ?? "",
						replyTo: parsed.replyTo?.value[0]?.address ?? "",
						language: String(parsed.headers.get("content-language") ?? ""),
						receivedAt: new Date().toISOString(),
					};
					messages.push(mail);
					if (options.dir) {
						count += 1;
						const name = `${Date.now()}-${process.pid}-${count}.json`;
						const temp = path.join(options.dir, `.${name}`);
						fs.writeFileSync(temp, JSON.stringify(mail));
						fs.renameSync(temp, path.join(options.dir, name));
					}
					callback();
				})
				.catch(callback);
		},
	});
	const port = await new Promise<number>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, "127.0.0.1", () => {
			const address = server.server.address();
			resolve(typeof address === "object" && address ? address.port : 0);
		});
	});
	return {
		port,
		url: `smtp://127.0.0.1:${port}`,
		messages,
		waitFor: (match, timeoutMs) => waitForMail(() => messages, match, timeoutMs),
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** Every message written to a mailbox folder so far, oldest first. */
export function readMailDir(dir: string): ReceivedMail[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((name) => name.endsWith(".json") && !name.startsWith("."))
		.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b))
		.map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as ReceivedMail);
}

export async function waitForMail(
	read: () => ReceivedMail[],
	match: (mail: ReceivedMail) => boolean,
	timeoutMs = 15_000,
): Promise<ReceivedMail> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = read().find(match);
		if (found) return found;
		if (Date.now() > deadline) {
			const seen = read().map((mail) => `${mail.to.join(",")}: ${mail.subject}`);
			throw new Error(`no matching e-mail within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** The first link in a message's text part that starts with `prefix` (e.g. the site's /verify-email). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
	const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
	if (!link) throw new Error(`no link starting ${prefix} in: ${mail.text}`);
	return link;
}
