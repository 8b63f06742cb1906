import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { FORM_CHECK, SIGN_IN_CHECK, verifyPassword } from "~/lib/password.server";
import { BusyError, clientAddress, createBackoff, createRateLimiter } from "~/lib/rate-limit.server";
import { sessionCookie } from "~/lib/session.server";
import { isReservedUsername, normaliseUsername } from "~/lib/usernames";
import { createSession, deleteSession, getSessionUser } from "~/models/sessions.server";
import { getUserByLogin } from "~/models/users.server";
import type { User } from "~db/schema";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Failed sign-ins per (account, address): five are free, then each next attempt waits 1 s, 2 s, 4 s …
 * (at most 15 minutes) after the previous one. Keyed on the pair, a stranger's failures never lock the
 * owner out. docs/decisions/0004 has the whole policy.
 */
export const loginFailures = createBackoff({
	name: "login-pair",
	freeFailures: 5,
	baseDelayMs: 1000,
	maxDelayMs: FIFTEEN_MINUTES,
	forgetAfterMs: 60 * 60 * 1000,
});
/** Failed sign-ins per address across all accounts (credential stuffing): 30 in 15 minutes. */
export const loginAddressFailures = createRateLimiter({
	name: "login-address",
	limit: 30,
	windowMs: FIFTEEN_MINUTES,
});
/**
 * Wrong current passwords on the account page (changing the password), per account: five are free, then
 * each next attempt waits 1 s, 2 s, 4 s … (at most 15 minutes). Only the account's owner can post it, so
 * it is keyed on the account, from whatever address: guessing one's own password is no attack, but
 * hashing guesses as fast as one can post them kept every sign-in waiting.
 */
export const currentPasswordFailures = createBackoff({
	name: "current-password",
	freeFailures: 5,
	baseDelayMs: 1000,
	maxDelayMs: FIFTEEN_MINUTES,
	forgetAfterMs: 60 * 60 * 1000,
});
/** Registrations: at most 10 complete attempts per address in 15 minutes, "e-mail taken" answers included. */
export const registrationAttempts = createRateLimiter({
	name: "registration",
	limit: 10,
	windowMs: FIFTEEN_MINUTES,
});

export type LoginErrorCode = "invalidCredentials" | "reservedUsername" | "accountBlocked" | "tooManyAttempts";

export class LoginError extends Error {
	override name = "LoginError";
	constructor(
		readonly code: LoginErrorCode,
		/** For tooManyAttempts: when to try again (the Retry-After header). */
		readonly retryAfterSeconds = 0,
	) {
		super(code);
	}
}

/**
 * Counts a sign-in attempt against its (account, address) pair and its address before the password is
 * checked, so parallel requests cannot all slip under the limit. Returns how to settle the count.
 */
async function beginLoginAttempt(accountKey: string, address: string) {
	const addressKey = `address:${address}`;
	const addressWait = await loginAddressFailures.retryAfterSeconds(addressKey);
	if (addressWait > 0) throw new LoginError("tooManyAttempts", addressWait);
	const pair = await loginFailures.begin(`${accountKey}|${address}`);
	if (!pair.allowed) throw new LoginError("tooManyAttempts", pair.retryAfterSeconds);
	await loginAddressFailures.hit(addressKey);
	return {
		/** The password was never checked. */
		async cancel() {
			await pair.undo();
			await loginAddressFailures.undo(addressKey);
		},
		async succeeded() {
			await pair.clear();
			await loginAddressFailures.undo(addressKey);
		},
	};
}

/** The same time and the same answer for an unknown user and a wrong password. */
async function verifyLogin(form: FormData, request: Request): Promise<User> {
	const login = normaliseUsername(String(form.get("username") ?? ""));
	const password = String(form.get("password") ?? "");
	if (isReservedUsername(login)) throw new LoginError("reservedUsername");
	const user = await getUserByLogin(login);
	// One budget per account however it is typed (username or e-mail, any case); an unknown login gets
	// one from its normalised text.
	const accountKey = user ? `user:${user.id}` : `login:${login.toLowerCase()}`;
	const attempt = await beginLoginAttempt(accountKey, clientAddress(request));
	let valid: boolean;
	try {
		valid = await verifyPassword(user?.password_hash ?? null, password, SIGN_IN_CHECK);
	} catch (error) {
		await attempt.cancel();
		if (error instanceof BusyError) throw new LoginError("tooManyAttempts", 1);
		throw error;
	}
	if (!user || !valid) throw new LoginError("invalidCredentials");
	// An account made by registration signs in once its address is confirmed (the link does that). Until
	// then it answers exactly as a wrong password does, and counts as one: otherwise signing in with the
	// password just chosen would tell a new address from one that has an account (docs/decisions/0017).
	if (user.confirm_before_sign_in === 1 && user.email_verified_at === null)
		throw new LoginError("invalidCredentials");
	await attempt.succeeded();
	// Only someone who knows the password learns that the account is blocked.
	if (user.status !== "active") throw new LoginError("accountBlocked");
	return user;
}

export type CurrentPasswordCheck =
	| { ok: true }
	| { ok: false; problem: "wrong" }
	| { ok: false; problem: "tooManyAttempts"; retryAfterSeconds: number };

/**
 * Whether a signed-in user's "current password" is right, counted against the account's backoff before
 * the check (a burst of parallel posts cannot all slip through) and taken back when it was right or never
 * checked. A long line of password checks answers "too many attempts" too, rather than joining it.
 */
export async function checkCurrentPassword(user: User, password: string): Promise<CurrentPasswordCheck> {
	const attempt = await currentPasswordFailures.begin(`user:${user.id}`);
	if (!attempt.allowed) {
		return { ok: false, problem: "tooManyAttempts", retryAfterSeconds: attempt.retryAfterSeconds };
	}
	let valid: boolean;
	try {
		valid = await verifyPassword(user.password_hash, password, FORM_CHECK);
	} catch (error) {
		await attempt.undo();
		if (error instanceof BusyError) return { ok: false, problem: "tooManyAttempts", retryAfterSeconds: 1 };
		throw error;
	}
	if (!valid) return { ok: false, problem: "wrong" };
	await attempt.clear();
	return { ok: true };
}

/**
 * The password of a known account, checked outside the sign-in form (the confirmation link asks for it)
 * with the same budget per account and address as sign-in, in line behind sign-in like every other form's
 * check (FORM_CHECK: a flood of these must not starve the sign-in form): false for a wrong one (counted as
 * a failure), LoginError("tooManyAttempts") when the budget is spent or too many hashes wait.
 */
export async function checkAccountPassword(user: User, password: string, request: Request): Promise<boolean> {
	const attempt = await beginLoginAttempt(`user:${user.id}`, clientAddress(request));
	let valid: boolean;
	try {
		valid = await verifyPassword(user.password_hash, password, FORM_CHECK);
	} catch (error) {
		await attempt.cancel();
		if (error instanceof BusyError) throw new LoginError("tooManyAttempts", 1);
		throw error;
	}
	if (valid) await attempt.succeeded();
	return valid;
}

/**
 * remix-auth 4: FormStrategy's verify callback is the credential check above, and remix-auth keeps no
 * session (the sign-in action starts ours). The action gives it a request rebuilt from the form our size
 * caps already read: docs/decisions/0010-remix-auth.md says why.
 */
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
