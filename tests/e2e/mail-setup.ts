import fs from "node:fs";
import { startSmtpServer } from "../support/smtp";
import { MAIL_PORT, MAILBOX_DIR } from "./mailbox";

/**
 * Playwright's global setup: a real SMTP server on 127.0.0.1 for the whole run, writing what it receives to
 * tests/e2e/.data/mailbox-<port>/ for the specs to read. Its teardown stops it.
 */
export default async function startRunMailbox() {
	fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
	const server = await startSmtpServer({ port: MAIL_PORT, dir: MAILBOX_DIR });
	return () => server.stop();
}
