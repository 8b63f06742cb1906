/**
 * Expired sessions are refused when used, but their rows would stay forever: purged at start and then
 * every hour, so the table holds only sessions that can still sign someone in.
 */
import { logger } from "~/lib/logger.server";
import { deleteExpiredSessions } from "~/models/sessions.server";

const HOUR_MS = 60 * 60 * 1000;

async function purge(): Promise<void> {
	try {
		const purged = await deleteExpiredSessions();
		logger.info("expired sessions purged", { purged });
	} catch (error) {
		// A busy database now is no reason to stop the server: the next round tries again.
		logger.error("purging expired sessions failed", error);
	}
}

/** Starts the schedule; returns the function that stops it (at shutdown). */
export function scheduleSessionPurge(intervalMs = HOUR_MS): () => void {
	void purge();
	const timer = setInterval(() => void purge(), intervalMs);
	timer.unref();
	return () => clearInterval(timer);
}
