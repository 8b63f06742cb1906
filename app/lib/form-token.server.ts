import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "./env.server";
import { FORM_TOKEN_FIELD, type FormTokenProblem } from "./form-token";
import { markPersonal } from "./request-scope.server";
import { sessionSecret } from "./session-secret.server";
import type { Toast } from "./toast";

/**
 * One-time form tokens (docs/decisions/0022). A form's loader issues one for the form's scope ("register",
 * "purchase:<project id>", "project:add" …); the action accepts it once. The token itself is stateless:
 * `<id>.<expiry>.<signature>`, an HMAC-SHA256 over the scope, the id and the expiry with a key derived
 * from the session secret, so nobody can make one, move one to another form or stretch its life. The
 * database learns of a token only when a post uses it (app/models/form-submissions.server.ts).
 *
 * A page that carries a token is one visitor's: issuing one marks the answer personal (request-scope),
 * and the server makes it `private, no-store` and keeps no shared copy — for every form, on every path
 * spelling, without a word from the route.
 */

/**
 * How long a form may stay open: a person writing a long description in two languages, with a break, fits
 * in it; an expired token costs a second click (the form comes back as typed, with a fresh token).
 */
export const FORM_TOKEN_LIFETIME_MS = 6 * 60 * 60 * 1000;

/** A post's answer, kept with its token so that every repeat gets the same one. JSON only. */
export type FormOutcome =
	| { redirect: string; toast?: Toast }
	| { data: Record<string, unknown>; status?: number };

/** A token that passed its check: the row it claims, and when it stops being accepted. */
export interface VerifiedFormToken {
	id: string;
	expiresAt: Date;
	/**
	 * The post that came with it (postFingerprint): the stored answer goes only to a repeat of that post,
	 * never to someone else who sends the same token with other details.
	 */
	post: string;
}

/**
 * What a write needs to count a post once: the token it claims in its own transaction and the answer to
 * store, made from what the write returned.
 */
export interface FormClaim<Written = unknown> extends VerifiedFormToken {
	outcome: (written: Written) => FormOutcome;
}

let signingKey: Buffer | undefined;

/** A key of its own, derived from the session secret: a cookie signature can never pass as a token's. */
function key(): Buffer {
	signingKey ??= createHmac("sha256", sessionSecret(getEnv())).update("forma form tokens v1").digest();
	return signingKey;
}

function signature(scope: string, id: string, expires: string): Buffer {
	return createHmac("sha256", key()).update(`${scope}\n${id}\n${expires}`).digest();
}

export function issueFormToken(scope: string, now = new Date()): string {
	markPersonal();
	const id = randomBytes(16).toString("base64url");
	const expires = (now.getTime() + FORM_TOKEN_LIFETIME_MS).toString(36);
	return `${id}.${expires}.${signature(scope, id, expires).toString("base64url")}`;
}

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export function verifyFormToken(
	value: FormDataEntryValue | null,
	scope: string,
	now = new Date(),
): { ok: true; token: Omit<VerifiedFormToken, "post"> } | { ok: false; problem: FormTokenProblem } {
	if (typeof value !== "string" || value === "") return { ok: false, problem: "missing" };
	const match = TOKEN_PATTERN.exec(value);
	if (!match) return { ok: false, problem: "invalid" };
	const [, id, expires, signed] = match as unknown as [string, string, string, string];
	const given = Buffer.from(signed, "base64url");
	const expected = signature(scope, id, expires);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		return { ok: false, problem: "invalid" };
	}
	const expiresAt = new Date(Number.parseInt(expires, 36));
	if (!(expiresAt.getTime() > now.getTime())) return { ok: false, problem: "expired" };
	return { ok: true, token: { id, expiresAt } };
}

/**
 * What a post said, as a keyed hash: a double click or a resend of the same form has the same one; a
 * stranger who got hold of the token and sends their own details has another. Every field but the token
 * counts (a file by its name, type and size); passwords do not — even keyed, a fast hash of a password has
 * no place in the database, and the answer never depends on one.
 */
export function postFingerprint(formData: FormData): string {
	const fields: Array<[string, string]> = [];
	for (const [name, value] of formData.entries()) {
		if (name === FORM_TOKEN_FIELD || /password/i.test(name)) continue;
		fields.push([name, typeof value === "string" ? value : `file ${value.name} ${value.type} ${value.size}`]);
	}
	fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	return createHmac("sha256", key())
		.update(`post\n${JSON.stringify(fields)}`)
		.digest("base64url")
		.slice(0, 32);
}
