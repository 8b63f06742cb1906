import os from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { createConcurrencyLimit } from "./rate-limit.server";

/**
 * argon2 runs on libuv's thread pool (4 threads), which the server's file reads (images, static files)
 * share, and each hash keeps a core busy. At most half the machine's cores hash at once (one on a 2-core
 * machine), so a burst of sign-ins leaves a core for pages and pictures; the rest wait in line.
 */
const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.floor(os.availableParallelism() / 2));
const passwordWork = createConcurrencyLimit(PASSWORD_CHECKS_AT_ONCE);

/**
 * How a check joins the line. Sign-in goes first: ahead of every other password check or hash, and it
 * refuses to wait behind more than 16 other sign-ins (BusyError → "too many attempts", 429); nothing else
 * can make it wait longer than the checks already running (docs/decisions/0004). A form anyone can post
 * (the account's current password) refuses to wait behind more than 8 of anything.
 */
export const SIGN_IN_CHECK = { first: true, maxWaiting: 16 } as const;
export const FORM_CHECK = { maxWaiting: 8 } as const;

/** argon2id with the library's defaults (19 MiB memory, 2 passes, 1 lane: OWASP's baseline). */
export async function hashPassword(password: string): Promise<string> {
	return passwordWork.run(() => hash(password));
}

// A real hash of a random password: checking an unknown user against it costs the same time as a real check,
// so response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches. `options` place the check in line (SIGN_IN_CHECK, FORM_CHECK); when the
 * line is longer than it accepts it throws BusyError.
 */
export async function verifyPassword(
	passwordHash: string | null,
	password: string,
	options: { maxWaiting?: number; first?: boolean } = {},
): Promise<boolean> {
	if (!passwordHash) {
		dummyHash ??= hash(`no-such-user-${Math.random()}`);
		const stand = await dummyHash;
		await passwordWork.run(() => verify(stand, password).catch(() => false), options);
		return false;
	}
	return passwordWork.run(async () => {
		try {
			return await verify(passwordHash, password);
		} catch {
			return false;
		}
	}, options);
}
