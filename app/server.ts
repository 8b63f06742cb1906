/**
 * The production server (docs/decisions/0005): one Node process that serves the Remix build, static files,
 * /healthz and anonymous pages from a cache; refuses unreadable requests, cross-site writes and, during
 * maintenance, everyone but administrators; logs every request as JSON; and on SIGTERM/SIGINT stops
 * accepting, finishes what is in flight and closes the database cleanly. The parts live in app/server/.
 *
 * `npm run build` bundles it to build/server/server.js:   node build/server/server.js [build/index.js]
 */
import { type Env, InvalidEnvironmentError, parseEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

process.env.NODE_ENV ??= "production";

let env: Env;
try {
	env = parseEnv(process.env);
} catch (error) {
	if (error instanceof InvalidEnvironmentError) {
		logger.error(error.message);
		process.exit(1);
	}
	throw error;
}

// Loaded only now: some of its modules read the environment as they load (the session secret), and a bad
// value should stop the server with the message above, not a stack trace.
const { startServer } = await import("./server/start");
await startServer(env, process.argv[2]);
