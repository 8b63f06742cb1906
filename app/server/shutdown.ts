/**
 * A clean stop on SIGTERM/SIGINT (and after an uncaught exception): stop accepting, let requests in flight
 * finish (at most SHUTDOWN_TIMEOUT_MS), then checkpoint and close both database connections, so the
 * volume holds one complete database file and no write-ahead log.
 */
import type http from "node:http";
import { logger } from "~/lib/logger.server";
import { serverState } from "./web-adapter";

interface ShutdownOptions {
	server: http.Server;
	/** Closes the database connections (SiteApp.close). */
	closeSite: () => Promise<void>;
	timeoutMs: number;
	/** Timers to stop first (backups, the session purge). */
	stopSchedules: Array<() => void>;
}

export function handleShutdown({ server, closeSite, timeoutMs, stopSchedules }: ShutdownOptions): void {
	function shutdown(signal: string): void {
		if (serverState.shuttingDown) return;
		serverState.shuttingDown = true;
		logger.info("shutting down", { signal, timeoutMs });
		for (const stop of stopSchedules) stop();
		let finishing = false;
		const finish = async (reason: string) => {
			if (finishing) return;
			finishing = true;
			await closeSite();
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
