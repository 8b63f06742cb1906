import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { hashPassword } from "~/lib/password.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { composeMail } from "~/mail/layout.server";
import { passwordResetMail } from "~/mail/messages/password-reset.server";
import {
	checkEmailToken,
	consumeEmailToken,
	createEmailToken,
	type TokenProblem,
} from "~/models/email-tokens.server";
import { countMailTo } from "~/models/outbox.server";
import { getSettings } from "~/models/settings.server";
import { findUserByEmail, setPasswordFromReset } from "~/models/users.server";
import { mailQueued, queueMail, shopNameIn } from "./mail.server";

/** Reset requests per client address: the form cannot be used to probe or flood from one place. */
export const passwordResetRequests = createRateLimiter({
	name: "password-reset",
	limit: 5,
	windowMs: 15 * 60 * 1000,
});

/** Reset messages to one address per hour: more would only flood an inbox (the newest link is the one that works). */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;

/**
 * "Forgot password": for an active account that uses `email`, a one-hour, single-use link to set a new
 * password, written to the outbox in the same transaction as its token, in the language of the page the
 * request came from. Nothing is sent for an unknown or blocked address, or when the address already got
 * its hourly share; the caller gives the same answer in every case. The same queries run (and the same
 * message is rendered) whatever the outcome, so the answer takes about as long either way.
 */
export async function requestPasswordReset(input: {
	email: string;
	language: Language;
	/** The public site, for the link. */
	origin: string;
}): Promise<void> {
	const email = input.email.trim();
	const queued = await db.transaction().execute(async (trx) => {
		const user = await findUserByEmail(email, trx);
		const recent = await countMailTo(trx, {
			to: user?.email ?? email,
			kinds: ["password_reset"],
			since: new Date(Date.now() - 60 * 60 * 1000),
		});
		const message = (to: string) =>
			passwordResetMail({ email: to, language: input.language, origin: input.origin });
		if (user?.status !== "active" || recent >= RESET_MAILS_PER_ADDRESS_PER_HOUR) {
			// Render what would have been sent, and send nothing.
			const settings = await getSettings(trx);
			await composeMail(input.language, {
				...(await message(email)),
				shopName: shopNameIn(settings, input.language),
				origin: input.origin,
			});
			return false;
		}
		const link = await createEmailToken(trx, {
			userId: user.id,
			purpose: "reset_password",
			email: user.email,
		});
		await queueMail(trx, {
			kind: "password_reset",
			to: user.email,
			language: input.language,
			origin: input.origin,
			reference: `user:${user.id}`,
			link,
			...(await message(user.email)),
		});
		return true;
	});
	if (queued) mailQueued();
}

/** What a reset link is worth, without using it. */
export async function checkResetToken(
	token: string,
): Promise<{ ok: true } | { ok: false; problem: TokenProblem }> {
	const check = await checkEmailToken(token, "reset_password");
	return check.ok ? { ok: true } : { ok: false, problem: check.problem };
}

/**
 * Sets a new password with a reset link, once. In one transaction: the token is used up, the password
 * replaced, every session of the account ended (a thief's included), and the address marked verified if it
 * was not (following the link proved it). The hash is computed before the transaction, which would
 * otherwise hold the database's write lock for the length of an argon2 run.
 */
export async function resetPassword(input: {
	token: string;
	password: string;
}): Promise<{ ok: true } | { ok: false; problem: TokenProblem }> {
	// Cheap check first: a bad link never costs a hash.
	const before = await checkEmailToken(input.token, "reset_password");
	if (!before.ok) return { ok: false, problem: before.problem };
	const passwordHash = await hashPassword(input.password);
	return db.transaction().execute(async (trx) => {
		const check = await consumeEmailToken(trx, input.token, "reset_password");
		if (!check.ok) return { ok: false, problem: check.problem } as const;
		await setPasswordFromReset(trx, { userId: check.user.id, passwordHash, email: check.email });
		return { ok: true } as const;
	});
}
