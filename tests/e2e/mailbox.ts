import path from "node:path";
import { type ReceivedMail, readMailDir, waitForMail } from "../support/smtp";
import { RUN_ID } from "./servers";

/**
 * The e2e run's mail server (tests/e2e/global-setup.ts starts it for the whole run; every e2e server's
 * SMTP_URL points at it): what it received is written to this folder, one JSON file per message.
 */
export const MAILBOX_DIR = path.resolve(`tests/e2e/.data/mailbox-${RUN_ID}`);

/** Every message the run's mail server has received so far. */
export function receivedMail(): ReceivedMail[] {
	return readMailDir(MAILBOX_DIR);
}

/** Waits for a message to `to` (any case) that passes `match` (by default any). */
export function mailTo(
	to: string,
	match: (mail: ReceivedMail) => boolean = () => true,
	timeoutMs = 20_000,
): Promise<ReceivedMail> {
	const address = to.toLowerCase();
	return waitForMail(receivedMail, (mail) => mail.to.includes(address) && match(mail), timeoutMs);
}

export { linkIn, type ReceivedMail } from "../support/smtp";
