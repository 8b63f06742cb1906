import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Env } from "./env.server";

/**
 * The one place that decides which secret signs our cookies. A deployment sets SESSION_SECRET, and
 * production refuses to start without it (env validation). A local run (`npm start`, `npm run dev`) has a
 * random one made once and kept in this git-ignored file, so sign-ins survive restarts; tests get a
 * throwaway one. `npm start` asks for the local secret through app/server/cli/session-secret.ts.
 */
export const LOCAL_SESSION_SECRET_FILE = "db/.session-secret";

/** The local secret, made (and written, readable by the owner only) on first use. */
export function localSessionSecret(file = LOCAL_SESSION_SECRET_FILE): { secret: string; created: boolean } {
	try {
		const secret = fs.readFileSync(file, "utf8").trim();
		if (secret) return { secret, created: false };
	} catch {
		// Not made yet.
	}
	const secret = randomBytes(32).toString("hex");
	fs.writeFileSync(file, secret, { mode: 0o600 });
	return { secret, created: true };
}

export function sessionSecret(env: Pick<Env, "SESSION_SECRET" | "NODE_ENV">): string {
	if (env.SESSION_SECRET) return env.SESSION_SECRET;
	if (env.NODE_ENV === "test") return randomBytes(32).toString("hex");
	return localSessionSecret().secret;
}
