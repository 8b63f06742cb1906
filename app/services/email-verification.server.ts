import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import { registrationAttemptMail } from "~/mail/messages/registration-attempt.server";
import { verifyEmailMail } from "~/mail/messages/verify-email.server";
import { recordConsent } from "~/models/consents.server";
import {
	consumeEmailToken,
	createEmailToken,
	findEmailTokenAccount,
	type TokenProblem,
} from "~/models/email-tokens.server";
import { addFavourite } from "~/models/favourites.server";
import { claimFormToken, settleFormToken } from "~/models/form-submissions.server";
import { countMailTo } from "~/models/outbox.server";
import {
	confirmUserEmail,
	createUser,
	EmailTakenError,
	getLanguageOfAddress,
	UsernameTakenError,
} from "~/models/users.server";
import type { Database, User } from "~db/schema";
import { mailQueued, queueMail } from "./mail.server";

const HOUR_MS = 60 * 60 * 1000;

/** Verification links to one address per hour, the registration's own included: a person needs one or two. */
export const VERIFY_MAILS_PER_HOUR = 3;

/** "Someone tried to register your address" at most once an hour: the form cannot flood an inbox. */
const ATTEMPT_MAILS_PER_HOUR = 1;

/**
 * Writes a new verification link (earlier ones stop working) and its message, with `trx`, unless the
 * mailbox has had its hourly share (a registration's own link counts; `victim+1@`, `victim+2@` … are one
 * mailbox): false then, and nothing is written.
 */
async function queueVerificationMail(
	trx: Kysely<Database>,
	user: Pick<User, "id" | "email">,
	language: Language,
	origin: string,
): Promise<boolean> {
	const recent = await countMailTo(trx, {
		to: user.email,
		kinds: ["verify_email"],
		since: new Date(Date.now() - HOUR_MS),
	});
	if (recent >= VERIFY_MAILS_PER_HOUR) return false;
	const link = await createEmailToken(trx, { userId: user.id, purpose: "verify_email", email: user.email });
	await queueMail(trx, {
		kind: "verify_email",
		to: user.email,
		language,
		origin,
		reference: `user:${user.id}`,
		link,
		...(await verifyEmailMail({ email: user.email, language, origin })),
	});
	return true;
}

/**
 * Registration that tells nobody whether an address has an account: a new address gets an account
 * (unconfirmed, in the page's language) and a verification link, in one transaction; a taken one gets no
 * account, only a message to its owner saying someone tried (at most once an hour). Both hash the password
 * first, so they take about as long; the caller answers both the same way. The form's one-time token
 * (`claim`) is used in whichever of the two transactions runs to its end.
 */
export async function registerAccount(input: {
	email: string;
	phone: string;
	password: string;
	language: Language;
	/** The public site, for the link in the message. */
	origin: string;
	/** The account consent the form gave (decision 0031): recorded with the new account, or neither exists. */
	consent: { version: number; clientAddress: string };
	/** A published piece the guest tapped ♥ on before registering: saved with the new account. */
	favourite?: string;
	claim?: FormClaim;
}): Promise<void> {
	const { language, origin, claim } = input;
	try {
		await createUser(
			{
				email: input.email,
				phone: input.phone,
				password: input.password,
				role: "user",
				language,
				claim,
				// It signs in once the address is confirmed: a session now would tell a new address from a taken one.
				confirmBeforeSignIn: true,
			},
			async (trx, user) => {
				await recordConsent(trx, {
					purpose: "account",
					version: input.consent.version,
					action: "given",
					method: "form",
					userId: user.id,
					email: user.email,
					phone: user.phone,
					clientAddress: input.consent.clientAddress,
				});
				if (input.favourite) await addFavourite(trx, user.id, input.favourite);
				await queueVerificationMail(trx, user, language, origin);
			},
		);
	} catch (error) {
		// The username comes from the address; losing that race to another registration says nothing either.
		if (error instanceof UsernameTakenError) return;
		if (!(error instanceof EmailTakenError)) throw error;
		await queueRegistrationAttemptMail(input.email.trim(), language, origin, claim);
	}
	mailQueued();
}

async function queueRegistrationAttemptMail(
	email: string,
	pageLanguage: Language,
	origin: string,
	claim: FormClaim | undefined,
) {
	await db.transaction().execute(async (trx) => {
		await claimFormToken(trx, claim);
		await settleFormToken(trx, claim, undefined);
		const recent = await countMailTo(trx, {
			to: email,
			kinds: ["registration_attempt"],
			since: new Date(Date.now() - HOUR_MS),
		});
		if (recent >= ATTEMPT_MAILS_PER_HOUR) return;
		// Written to the account's owner, in the language they use the site in.
		const language = (await getLanguageOfAddress(email, trx)) ?? pageLanguage;
		await queueMail(trx, {
			kind: "registration_attempt",
			to: email,
			language,
			origin,
			reference: null,
			...(await registrationAttemptMail({ email, language, origin })),
		});
	});
}

export type ResendResult = { ok: true } | { ok: false; problem: "verified" | "tooMany" };

/** "Send the link again" for a signed-in account: a new link replaces the old, a few an hour at most. */
export async function resendVerification(
	user: Pick<User, "id" | "email" | "email_verified_at">,
	language: Language,
	origin: string,
): Promise<ResendResult> {
	if (user.email_verified_at) return { ok: false, problem: "verified" };
	const result = await db
		.transaction()
		.execute(
			async (trx): Promise<ResendResult> =>
				(await queueVerificationMail(trx, user, language, origin))
					? { ok: true }
					: { ok: false, problem: "tooMany" },
		);
	if (result.ok) mailQueued();
	return result;
}

export type ConfirmResult = { ok: true; user: User } | { ok: false; problem: TokenProblem };

/**
 * Follows a verification link: uses the token (once), marks the account's address confirmed and ends the
 * account's other sessions, in one transaction. Only for someone who has shown they hold the account: its
 * own signed-in session (`keepSessionId`, which stays) or its password (no session stays; the caller
 * starts a new one). A link followed by anyone else confirms nothing (the page asks for the password), so
 * the owner of an address never confirms an account someone else registered on it, and anonymous requests
 * made with the address join only an account whose holder proved the address. A link for an address the
 * account no longer has confirms nothing (invalid).
 */
export async function confirmEmail(
	token: string,
	options: { keepSessionId?: string | null; now?: Date } = {},
): Promise<ConfirmResult> {
	const now = options.now ?? new Date();
	return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
		const check = await consumeEmailToken(trx, token, "verify_email", now);
		if (!check.ok) return check;
		if (check.user.email.toLowerCase() !== check.email.toLowerCase())
			return { ok: false, problem: "invalid" };
		const user = await confirmUserEmail(trx, {
			userId: check.user.id,
			now,
			keepSessionId: options.keepSessionId,
		});
		return { ok: true, user };
	});
}

export type LinkResendResult =
	| { ok: true; email: string }
	| { ok: false; problem: "verified" | "tooMany" | "invalid" };

/**
 * "Send the link again" from an expired or spent link's page, for someone not signed in (an account made
 * by registration cannot sign in before it is confirmed): the old link proves its holder read that
 * mailbox, so a new link goes to the same address, within the mailbox's hourly share.
 */
export async function resendVerificationForLink(
	token: string,
	language: Language,
	origin: string,
): Promise<LinkResendResult> {
	const found = await findEmailTokenAccount(token, "verify_email");
	if (found?.user.status !== "active" || found.user.email.toLowerCase() !== found.email.toLowerCase())
		return { ok: false, problem: "invalid" };
	const { user } = found;
	if (user.email_verified_at) return { ok: false, problem: "verified" };
	const sent = await db.transaction().execute((trx) => queueVerificationMail(trx, user, language, origin));
	if (!sent) return { ok: false, problem: "tooMany" };
	mailQueued();
	return { ok: true, email: user.email };
}
