/**
 * A job that runs every `intervalMs` on one instance (docs/decisions/0024). One SQLite process is the
 * only instance: a timer, as ever. Several instances on Postgres each look every minute (or every
 * interval, if shorter) and run the job only when their claim on the period succeeds
 * (app/models/scheduled-jobs.server.ts): exactly one runs it, and if that one dies, another takes the
 * next period.
 */
import { database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { claimScheduledRun } from "~/models/scheduled-jobs.server";

const CLAIM_LOOK_MS = 60_000;

export interface ScheduledJob {
	name: string;
	intervalMs: number;
	/** Also run (claim, on Postgres) at start, not only after the first interval. */
	runAtStart?: boolean;
	/** Whether several instances share the database; on SQLite there is only this one. */
	shared?: boolean;
}

/** Starts the schedule; returns the function that stops it (at shutdown). */
export function scheduleJob(
	{ name, intervalMs, runAtStart = false, shared = database.kind === "postgres" }: ScheduledJob,
	job: () => Promise<void>,
): () => void {
	let running = false;
	const tick = async () => {
		if (running) return;
		running = true;
		try {
			if (shared && !(await claimScheduledRun(name, intervalMs))) return;
			await job();
		} catch (error) {
			// A busy or unreachable database now is no reason to stop the server: the next round tries again.
			logger.error("a scheduled job failed", error, { job: name });
		} finally {
			running = false;
		}
	};
	if (runAtStart) void tick();
	const timer = setInterval(() => void tick(), shared ? Math.min(intervalMs, CLAIM_LOOK_MS) : intervalMs);
	timer.unref();
	return () => clearInterval(timer);
}
