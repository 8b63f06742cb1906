/**
 * Prints the local session secret (app/lib/session-secret.server.ts), making it on first use. `npm start`
 * runs this when SESSION_SECRET is not set and hands the result to the production server, which requires
 * one; deployments set SESSION_SECRET and never run it.
 */
import { LOCAL_SESSION_SECRET_FILE, localSessionSecret } from "~/lib/session-secret.server";

const { secret, created } = localSessionSecret();
if (created) process.stderr.write(`Generated a local session secret in ${LOCAL_SESSION_SECRET_FILE}.\n`);
process.stdout.write(secret);
