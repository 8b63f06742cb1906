import { data, redirect } from "@remix-run/node";
import { FORM_TOKEN_FIELD, FORM_TOKEN_MESSAGES, type FormTokenProblem } from "~/lib/form-token";
import {
	type FormClaim,
	type FormOutcome,
	issueFormToken,
	postFingerprint,
	type VerifiedFormToken,
	verifyFormToken,
} from "~/lib/form-token.server";
import { redirectWithToast } from "~/lib/toast.server";
import { FormAlreadySubmittedError, findFormOutcome } from "~/models/form-submissions.server";

/**
 * Posts that count once (docs/decisions/0022). An action hands its post to `postOnce` (below), which runs
 * this protocol; the form's token is checked before anything else:
 *
 * - `fresh`: nobody used it; the write claims it in its own transaction (`claimWith`), and the post is
 *   answered with `answerFormPost(outcome)`.
 * - `repeat`: this very post (the same details: a double click, a resend) was answered already; answer the
 *   same again, write nothing.
 * - `refused`: missing, forged, meant for another form, expired, or used by another post (someone else's
 *   details: the stored answer is not theirs to see): a 403 with `message` on the form, which keeps what
 *   was typed and gets `formToken`, a fresh one, so sending again works.
 *
 * A parallel repeat passes the check too, loses the claim (FormAlreadySubmittedError) and is answered by
 * `answerRepeat`. A post that fails validation never reaches the claim, so its token stays usable.
 */
export type FormTokenCheck =
	| { status: "fresh"; token: VerifiedFormToken }
	| { status: "repeat"; outcome: FormOutcome }
	| { status: "refused"; message: string; httpStatus: 403; formToken: string };

async function checkFormToken(formData: FormData, scope: string, now = new Date()): Promise<FormTokenCheck> {
	const refuse = (problem: FormTokenProblem): FormTokenCheck => ({
		status: "refused",
		message: FORM_TOKEN_MESSAGES[problem],
		httpStatus: 403,
		formToken: issueFormToken(scope, now),
	});
	const checked = verifyFormToken(formData.get(FORM_TOKEN_FIELD), scope, now);
	if (!checked.ok) return refuse(checked.problem);
	const post = postFingerprint(formData);
	const outcome = await findFormOutcome(checked.token.id, post);
	if (outcome === "another post") return refuse("used");
	return outcome ? { status: "repeat", outcome } : { status: "fresh", token: { ...checked.token, post } };
}

/** The claim a write makes with a fresh token: it stores `outcome(what the write returned)` with it. */
export function claimWith<Written>(
	token: VerifiedFormToken,
	outcome: (written: Written) => FormOutcome,
): FormClaim<Written> {
	return { ...token, outcome };
}

/**
 * The answer to a counted post, the first and every repeat: a redirect (with its toast) or data. `Data` is
 * the shape the route's component reads, as the route stored it. `headers` go with this answer only (a
 * cookie the write sets), not with the stored one.
 */
export async function answerFormPost<Data = never>(outcome: FormOutcome, init: { headers?: Headers } = {}) {
	if ("redirect" in outcome) {
		return outcome.toast
			? redirectWithToast(outcome.redirect, outcome.toast, init)
			: redirect(outcome.redirect, init);
	}
	return data(outcome.data as Data, { status: outcome.status ?? 200, headers: init.headers });
}

/**
 * For a write that lost its token to a parallel post: that post's answer, if it was the same post.
 * Anything else is not ours to answer (null): the caller goes on with its own error handling.
 */
async function answerRepeat<Data = never>(error: unknown) {
	if (!(error instanceof FormAlreadySubmittedError)) return null;
	const outcome = await findFormOutcome(error.tokenId, error.post);
	// The winner's transaction committed its answer with its claim; an empty one cannot be seen.
	if (!outcome) throw new Error(`Form token ${error.tokenId} was claimed without an answer`);
	// Two different posts raced with one token: the loser sees nothing of the winner's answer.
	if (outcome === "another post") throw data({ message: FORM_TOKEN_MESSAGES.used }, { status: 403 });
	return answerFormPost<Data>(outcome);
}

/** A refused token, as the form is told: the message to show, the status, and a fresh token. */
export type FormTokenRefusal = Extract<FormTokenCheck, { status: "refused" }>;

/**
 * What the write claims the post's token with, storing `outcome(what it wrote)` as the answer to every
 * repeat. Undefined when the post counts no token (postOnce was given no scope: an edit form).
 */
export type ClaimFor = <Written>(
	outcome: (written: Written) => FormOutcome,
) => FormClaim<Written> | undefined;

/**
 * The whole protocol for one post, so that no action spells it out: a repeat gets the first post's answer
 * and `write` never runs; a refused token is answered by `refused`; otherwise `write` does the rest of the
 * action (validation, the work, its answer), claiming the token in the transaction that writes (`claim`),
 * and a write that loses its claim to a parallel repeat is answered as that repeat. `scope` null: the post
 * counts no token (editing), and `write` runs as it is. A write that catches errors lets the one it does not
 * know (FormAlreadySubmittedError among them) go on: that one is answered here.
 */
export async function postOnce<Refused, Answer>(
	formData: FormData,
	scope: string | null,
	handlers: {
		refused: (refusal: FormTokenRefusal) => Refused | Promise<Refused>;
		write: (claim: ClaimFor) => Promise<Answer>;
	},
) {
	const token = scope === null ? null : await checkFormToken(formData, scope);
	if (token?.status === "repeat") return answerFormPost(token.outcome);
	if (token?.status === "refused") return handlers.refused(token);
	const fresh = token?.token;
	try {
		return await handlers.write((outcome) => (fresh ? claimWith(fresh, outcome) : undefined));
	} catch (error) {
		const repeat = await answerRepeat(error);
		if (repeat) return repeat;
		throw error;
	}
}
