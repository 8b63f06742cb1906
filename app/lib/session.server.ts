import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";

const LOCAL_SECRET_FILE = "db/.session-secret";

/**
 * The secret that signs our cookies. Production requires SESSION_SECRET (env validation enforces it); a
 * local run generates one once and keeps it in db/.session-secret so sign-ins survive restarts; tests get a
 * throwaway one.
 */
function sessionSecret(): string {
	const env = getEnv();
	if (env.SESSION_SECRET) return env.SESSION_SECRET;
	if (env.NODE_ENV === "test") return randomBytes(32).toString("hex");
	try {
		return fs.readFileSync(LOCAL_SECRET_FILE, "utf8").trim();
	} catch {
		const secret = randomBytes(32).toString("hex");
		fs.writeFileSync(LOCAL_SECRET_FILE, secret, { mode: 0o600 });
		return secret;
	}
}

const secrets = [sessionSecret()];
const secure = getEnv().NODE_ENV === "production";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Holds only the session id; the sessions table says who it belongs to, so sessions can be revoked. */
export const sessionCookie = createCookie("forma_session", {
	path: "/",
	httpOnly: true,
	sameSite: "lax",
	secure,
	secrets,
	maxAge: SESSION_TTL_MS / 1000,
});

/** One-time messages (toasts) carried across a redirect. */
export const toastCookie = createCookie("forma_toast", {
	path: "/",
	httpOnly: true,
	sameSite: "lax",
	secure,
	secrets,
	maxAge: 60,
});
