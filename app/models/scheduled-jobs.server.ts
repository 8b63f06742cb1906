import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database } from "~db/schema";

/** "Never ran": any claim succeeds against it. */
const NEVER = new Date(0).toISOString();

/**
 * Claims this period's run of a scheduled job for the caller: true for exactly one of any number of
 * instances asking at once, and for none until `intervalMs` after the last claimed run. The claim is one
 * conditional UPDATE of the job's row (a second one at the same moment finds the row already moved on and
 * changes nothing), so no lock is held while the job runs: if its instance dies mid-run, the next period's
 * claim runs it again somewhere else (docs/decisions/0024).
 */
export async function claimScheduledRun(
	name: string,
	intervalMs: number,
	now = new Date(),
	executor: Kysely<Database> = db,
): Promise<boolean> {
	await executor
		.insertInto("scheduled_jobs")
		.values({ name, last_run_at: NEVER })
		.onConflict((conflict) => conflict.column("name").doNothing())
		.execute();
	const result = await executor
		.updateTable("scheduled_jobs")
		.set({ last_run_at: now.toISOString() })
		.where("name", "=", name)
		.where("last_run_at", "<=", new Date(now.getTime() - intervalMs).toISOString())
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}
