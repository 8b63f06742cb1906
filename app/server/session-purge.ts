/**
 * Expired sessions are refused when used, but their rows would stay forever: purged at start and then
 * every hour, so the table holds only sessions that can still sign someone in. Used one-time form tokens
 * past their lifetime go in the same round (docs/decisions/0022).
 */
import { logger } from "~/lib/logger.server";
import { deleteExpiredFormSubmissions } from "~/models/form-submissions.server";
import { deleteExpiredSessions } from "~/models/sessions.server";

const HOUR_MS = 60 * 60 * 1000;

async function purge(): Promise<void> {
	try {
		const purged = await deleteExpiredSessions();
		const formTokens = await deleteExpiredFormSubmissions();
		logger.info("expired sessions purged", { purged, formTokens });
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
