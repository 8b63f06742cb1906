/**
 * The background sender (docs/decisions/0017): delivers the outbox over SMTP, outside every request, so a
 * slow or absent mail server never slows or fails what a visitor does. It looks at the outbox when told new
 * mail is there and every second besides; while the server is unreachable it waits 1 s, 2 s, 4 s … (at most a
 * minute) between tries, and delivers everything once the server is back.
 */
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { createSmtpTransport, type MailTransport, onMailQueued } from "~/lib/mail.server";
import { deliverDueMail } from "~/services/mail.server";

const POLL_MS = 1000;
const MAX_OUTAGE_WAIT_MS = 60_000;

/** Starts the sender; returns the function that stops it (at shutdown). Without SMTP_URL mail stays queued. */
export function scheduleMailSender(
	env: Pick<Env, "SMTP_URL" | "NODE_ENV">,
	transport: MailTransport | null = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : null,
): () => void {
	if (!transport) {
		const message =
			"SMTP_URL is not set: e-mail is kept in the outbox and not sent (administrators can read it at /admin/mail)";
		if (env.NODE_ENV === "production") logger.warn(message);
		else logger.info(message);
		return () => {};
	}
	const smtp = transport;
	let stopped = false;
	let running = false;
	let again = false;
	let outageWaitMs = 0;
	let timer: NodeJS.Timeout | undefined;

	const schedule = (delayMs: number) => {
		clearTimeout(timer);
		if (stopped) return;
		timer = setTimeout(() => void run(), delayMs);
		timer.unref();
	};

	async function run(): Promise<void> {
		if (stopped) return;
		if (running) {
			again = true;
			return;
		}
		running = true;
		again = false;
		let next = POLL_MS;
		try {
			const round = await deliverDueMail(smtp);
			if (round.unreachable) {
				if (outageWaitMs === 0) logger.warn("the mail server cannot be reached; mail waits in the outbox");
				outageWaitMs = Math.min(Math.max(1000, outageWaitMs * 2), MAX_OUTAGE_WAIT_MS);
				next = outageWaitMs;
			} else {
				if (outageWaitMs > 0) logger.info("the mail server is back; sending the outbox");
				outageWaitMs = 0;
				if (round.sent + round.failed + round.retried > 0) logger.info("mail delivered", { ...round });
				if (round.more || again) next = 0;
			}
		} catch (error) {
			// The database was busy, say: nothing is lost, the next round tries again.
			logger.error("the mail sender's round failed", error);
			next = 5000;
		} finally {
			running = false;
		}
		schedule(next);
	}

	// New mail while the server is reachable: look now. During an outage the waiting schedule stands.
	const unsubscribe = onMailQueued(() => {
		if (outageWaitMs === 0) void run();
	});
	void run();
	return () => {
		stopped = true;
		clearTimeout(timer);
		unsubscribe();
		smtp.close();
	};
}
