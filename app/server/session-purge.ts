/**
 * Expired sessions are refused when used, but their rows would stay forever: purged at start and then
 * every hour, so the table holds only sessions that can still sign someone in. Used one-time form tokens
 * past their lifetime go in the same round (docs/decisions/0022), and so do spent rate-limit counters
 * (kept in the database only on Postgres), and the searches that found nothing past their half year
 * (issue #34). Retention runs in the same round (issue #36): closed requests older than the settings'
 * period are anonymised and the consents they no longer need purged (app/models/personal-data.server.ts).
 * With several instances one of them runs each round (scheduled-job.ts).
 */
import { logger } from "~/lib/logger.server";
import { deleteExpiredCounters } from "~/lib/rate-limit.server";
import { deleteExpiredFormSubmissions } from "~/models/form-submissions.server";
import { applyRetention } from "~/models/personal-data.server";
import { deleteOldSearchMisses } from "~/models/search.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import { getSettings } from "~/models/settings.server";
import { scheduleJob } from "./scheduled-job";

const HOUR_MS = 60 * 60 * 1000;

async function purge(): Promise<void> {
	const purged = await deleteExpiredSessions();
	const formTokens = await deleteExpiredFormSubmissions();
	const rateLimits = await deleteExpiredCounters();
	const searchMisses = await deleteOldSearchMisses();
	const retention = await applyRetention((await getSettings()).retention_months);
	logger.info("expired sessions purged", { purged, formTokens, rateLimits, searchMisses, retention });
}

/** Starts the schedule; returns the function that stops it (at shutdown). */
export function scheduleSessionPurge(intervalMs = HOUR_MS): () => void {
	return scheduleJob({ name: "session-purge", intervalMs, runAtStart: true }, purge);
}
