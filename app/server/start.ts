/**
 * The production server: the site's app (app.ts) on its port, the schedules that run beside it (backups,
 * the session purge, the mail sender, the sale's holds and offers) and a clean stop on SIGTERM (docs/decisions/0005). It is part of the
 * Remix build (app/entry.server.tsx exports `serve`); app/server.ts launches it.
 */
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { getEnv, InvalidEnvironmentError } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { scheduleBackups } from "~db/backup";
import { createApp, createHttpServer } from "./app";
import { scheduleMailSender } from "./mail-sender";
import { scheduleSaleRounds } from "./sale-schedule";
import { scheduleJob } from "./scheduled-job";
import { scheduleSessionPurge } from "./session-purge";
import { handleShutdown } from "./shutdown";

export async function serve(build: ServerBuild, buildPath: string): Promise<void> {
	let env: ReturnType<typeof getEnv>;
	try {
		env = getEnv();
	} catch (error) {
		if (!(error instanceof InvalidEnvironmentError)) throw error;
		logger.error(error.message);
		process.exit(1);
	}
	const port = env.PORT;
	const host = process.env.HOST;
	const { app, close } = await createApp(env, build);
	const server = createHttpServer(env, app);
	server.on("error", (error) => {
		// Typically the port is taken: nothing to serve, so stop with the reason.
		logger.error("the server could not start", error, { port });
		process.exit(1);
	});
	server.listen(port, host ?? "0.0.0.0", () => {
		logger.info("listening", {
			url: `http://${host ?? "localhost"}:${port}`,
			build: buildPath,
			pid: process.pid,
		});
		// Under `npm run dev` (remix dev restarts this server after each rebuild): the browser may reload.
		if (env.NODE_ENV === "development") void broadcastDevReady(build);
	});

	handleShutdown({
		server,
		closeSite: close,
		timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
		stopSchedules: [
			scheduleBackups(
				env,
				(msg, fields) => logger.info(msg, fields),
				(intervalMs, task) => scheduleJob({ name: "backup", intervalMs }, task),
			),
			scheduleSessionPurge(),
			scheduleMailSender(env),
			scheduleSaleRounds(env),
		],
	});
}
