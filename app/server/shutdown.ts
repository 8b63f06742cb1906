/**
 * A clean stop on SIGTERM/SIGINT (and after an uncaught exception): stop accepting, let requests in flight
 * finish (at most SHUTDOWN_TIMEOUT_MS), then checkpoint and close both database connections, so the
 * volume holds one complete database file and no write-ahead log.
 */
import type http from "node:http";
import { closeDatabase } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import type { SiteState } from "./site-state";
import { serverState } from "./web-adapter";

interface ShutdownOptions {
	server: http.Server;
	site: SiteState;
	timeoutMs: number;
	/** Timers to stop first (backups, the session purge). */
	stopSchedules: Array<() => void>;
}

export function handleShutdown({ server, site, timeoutMs, stopSchedules }: ShutdownOptions): void {
	function shutdown(signal: string): void {
		if (serverState.shuttingDown) return;
		serverState.shuttingDown = true;
		logger.info("shutting down", { signal, timeoutMs });
		for (const stop of stopSchedules) stop();
		let finishing = false;
		const finish = async (reason: string) => {
			if (finishing) return;
			finishing = true;
			// The server's own connection, then the app's (opened by the Remix build).
			site.close();
			await closeDatabase().catch((error: unknown) =>
				logger.warn("closing the database failed", { error: String(error) }),
			);
			logger.info("stopped", { reason });
			process.exit();
		};
		// Stop accepting; idle keep-alive connections close now, busy ones after their response.
		server.close(() => void finish("all requests finished"));
		server.closeIdleConnections();
		setTimeout(() => {
			server.closeAllConnections();
			void finish("timeout: remaining connections closed");
		}, timeoutMs).unref();
	}

	process.on("SIGTERM", () => shutdown("SIGTERM"));
	process.on("SIGINT", () => shutdown("SIGINT"));
	process.on("uncaughtException", (error) => {
		logger.error("uncaught exception", error);
		process.exitCode = 1;
		shutdown("uncaughtException");
	});
	process.on("unhandledRejection", (reason) => {
		logger.error("unhandled rejection", reason);
	});
}
