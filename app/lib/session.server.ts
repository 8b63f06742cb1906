import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";
import { sessionSecret } from "./session-secret.server";

const secrets = [sessionSecret(getEnv())];
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
