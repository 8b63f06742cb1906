/**
 * GET /healthz for the platform's checks: 200 when the database answers and uploads can be written, 503
 * otherwise and from the moment shutdown begins (so the proxy stops sending traffic here).
 */
import type { Request, Response } from "express";
import type { Env } from "~/lib/env.server";
import { checkHealth } from "~/lib/health.server";
import { getImageStore } from "~/lib/image-store.server";
import { logger } from "~/lib/logger.server";
import type { SiteState } from "./site-state";
import { serverState } from "./web-adapter";

export function healthCheck(site: SiteState, env: Env) {
	return async (_req: Request, res: Response): Promise<void> => {
		const report = serverState.shuttingDown
			? { ok: false, database: false, uploads: false }
			: await checkHealth(() => site.databaseAnswers(), getImageStore(env));
		if (!report.ok) logger.warn("health check failed", { ...report, shuttingDown: serverState.shuttingDown });
		res
			.status(report.ok ? 200 : 503)
			.set("Cache-Control", "no-store")
			.json(report);
	};
}
