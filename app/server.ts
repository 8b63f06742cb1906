/**
 * The production server's launcher (docs/decisions/0005): `node build/server/server.js [build/index.js]`.
 * The server itself is part of the Remix build (app/entry.server.tsx exports `serve`, app/server/start.ts),
 * so the site runs as one module graph: one database connection, one logger, one set of caches. This file
 * only finds the build and hands over; it imports nothing of the app.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { serve } from "./server/start";

process.env.NODE_ENV ??= "production";

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
let build: ServerBuild;
try {
	build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
} catch (error) {
	// Some modules read the environment as they load (the session secret): a bad value stops the server
	// with the message naming the variable, as a log line, not a stack trace.
	if (error instanceof Error && error.name === "InvalidEnvironmentError") {
		process.stdout.write(
			`${JSON.stringify({ level: "error", time: new Date().toISOString(), msg: error.message })}\n`,
		);
		process.exit(1);
	}
	throw error;
}
await (build.entry.module as unknown as { serve: typeof serve }).serve(build, buildPath);
