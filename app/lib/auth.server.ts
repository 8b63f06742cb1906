import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { createSession, deleteSession, getSessionUser } from "~/models/sessions.server";
import { getUserByLogin, isReservedUsername } from "~/models/users.server";
import type { User } from "~db/schema";
import { verifyPassword } from "./password.server";
import { clientAddress, createRateLimiter } from "./rate-limit.server";
import { sessionCookie } from "./session.server";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Failed sign-ins: at most 10 per address and 10 per account in 15 minutes. */
export const loginFailures = createRateLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES });
/** Registrations: at most 10 attempts per address in 15 minutes. */
export const registrationAttempts = createRateLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES });

export type LoginErrorCode = "invalidCredentials" | "reservedUsername" | "accountBlocked" | "tooManyAttempts";

export class LoginError extends Error {
	override name = "LoginError";
	constructor(readonly code: LoginErrorCode) {
		super(code);
	}
}

/** The same time and the same answer for an unknown user and a wrong password. */
async function verifyLogin(form: FormData, request: Request): Promise<User> {
	const login = String(form.get("username") ?? "").trim();
	const password = String(form.get("password") ?? "");
	if (isReservedUsername(login)) throw new LoginError("reservedUsername");
	const addressKey = `address:${clientAddress(request)}`;
	const accountKey = `account:${login.toLowerCase()}`;
	if (loginFailures.isLimited(addressKey) || loginFailures.isLimited(accountKey)) {
		throw new LoginError("tooManyAttempts");
	}
	const user = await getUserByLogin(login);
	const valid = await verifyPassword(user?.password_hash ?? null, password);
	if (!user || !valid) {
		loginFailures.hit(addressKey);
		loginFailures.hit(accountKey);
		throw new LoginError("invalidCredentials");
	}
	// Only someone who knows the password learns that the account is blocked.
	if (user.status !== "active") throw new LoginError("accountBlocked");
	return user;
}

export const authenticator = new Authenticator<User>();
authenticator.use(new FormStrategy(({ form, request }) => verifyLogin(form, request)), "form");

async function readSessionId(request: Request): Promise<string | null> {
	const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
	return typeof value === "string" && value.length > 0 ? value : null;
}

/** The signed-in user, or null (no cookie, expired or revoked session, or a blocked user). */
export async function getUser(request: Request): Promise<User | null> {
	const sessionId = await readSessionId(request);
	if (!sessionId) return null;
	return (await getSessionUser(sessionId)) ?? null;
}

export async function getSessionId(request: Request): Promise<string | null> {
	return readSessionId(request);
}

function loginRedirect(request: Request): never {
	const url = new URL(request.url);
	throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

export async function requireUser(request: Request): Promise<User> {
	return (await getUser(request)) ?? loginRedirect(request);
}

/** Every admin loader and action starts with this: anonymous visitors sign in first, others go to /account. */
export async function requireAdmin(request: Request): Promise<User> {
	const user = await requireUser(request);
	if (user.role !== "admin") throw redirect("/account");
	return user;
}

/** Starts a new session (a new id on every sign-in) and returns the cookie that carries it. */
export async function startSession(userId: number): Promise<string> {
	return sessionCookie.serialize(await createSession(userId));
}

/** Ends the request's session and returns the cookie header that clears it. */
export async function endSession(request: Request): Promise<string> {
	const sessionId = await readSessionId(request);
	if (sessionId) await deleteSession(sessionId);
	return sessionCookie.serialize("", { maxAge: 0 });
}
