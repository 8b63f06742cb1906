/**
 * The sale's scheduled job (issue #37, docs/decisions/0036): every few minutes open offers past their date
 * expire, holds past their date end (the piece is available again and the buyers waiting for it are told,
 * each once), and the manager of a hold that ends within a day is reminded. With several instances one of
 * them runs each round (scheduled-job.ts); each step is also conditional, so an overlap repeats nothing.
 */
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { runSaleRound } from "~/services/sale.server";
import { scheduleJob } from "./scheduled-job";

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** Starts the schedule; returns the function that stops it (at shutdown). */
export function scheduleSaleRounds(
	env: Pick<Env, "SITE_URL" | "PORT">,
	intervalMs = FIVE_MINUTES_MS,
): () => void {
	// The links in the mail it queues: the public site, as the pages' publicOrigin() would say.
	const origin = env.SITE_URL ?? `http://localhost:${env.PORT}`;
	return scheduleJob({ name: "sale", intervalMs, runAtStart: true }, async () => {
		const round = await runSaleRound({ origin });
		if (round.offersExpired + round.holdsExpired + round.reminded > 0)
			logger.info("sale round", { ...round });
	});
}
