/**
 * npm run mail:inbound [-- --recipient replies+<token>@gallery.example] < message.eml
 * Takes in one reply by e-mail from standard input, as POST /hooks/inbound-mail does (issue #37,
 * docs/decisions/0037): for a local MTA, e.g. a Postfix pipe (docs/operations.md). Prints what happened.
 * Exit codes follow sendmail's (sysexits.h), which MTAs read: 0 when the message was taken in or refused
 * (a refusal is recorded; bouncing it would send mail back to a forged sender), 75 (EX_TEMPFAIL) when it
 * could not be handled now and the MTA should try again, 78 (EX_CONFIG) when replies by e-mail are not set
 * up, 64 (EX_USAGE) for a bad argument.
 */
import { buffer } from "node:stream/consumers";
import { parseArgs } from "node:util";

const EX_USAGE = 64;
const EX_TEMPFAIL = 75;
const EX_CONFIG = 78;

let recipient: string | undefined;
try {
	({
		values: { recipient },
	} = parseArgs({ options: { recipient: { type: "string" } } }));
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error));
	process.exit(EX_USAGE);
}

const { getEnv, InvalidEnvironmentError } = await import("~/lib/env.server");
try {
	if (!getEnv().INBOUND_MAIL_ADDRESS) {
		console.error("INBOUND_MAIL_ADDRESS and INBOUND_MAIL_SECRET are not set: replies by e-mail are off.");
		process.exit(EX_CONFIG);
	}
} catch (error) {
	if (!(error instanceof InvalidEnvironmentError)) throw error;
	console.error(error.message);
	process.exit(EX_CONFIG);
}

const { MAX_INBOUND_MESSAGE_BYTES, receiveInboundMail } = await import("~/services/inbound-mail.server");
const { closeDatabase } = await import("~/lib/db.server");
const raw = await buffer(process.stdin);
if (raw.length > MAX_INBOUND_MESSAGE_BYTES) {
	console.error(`The message is larger than ${MAX_INBOUND_MESSAGE_BYTES} bytes: refused.`);
	process.exit(0);
}
try {
	const outcome = await receiveInboundMail(raw, { recipient });
	console.log(JSON.stringify(outcome));
	await closeDatabase();
	process.exit(0);
} catch (error) {
	console.error("The message could not be taken in now:", error instanceof Error ? error.message : error);
	process.exit(EX_TEMPFAIL);
}
