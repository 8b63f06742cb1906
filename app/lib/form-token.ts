/**
 * One-time form tokens (docs/decisions/0022): what the browser side needs to know. The token travels in a
 * hidden field of this name; a refused one is explained by one of these messages (keys in `common`).
 */
export const FORM_TOKEN_FIELD = "formToken";

/** `used`: the token came with another post already (someone else's details), so this one is not it. */
export type FormTokenProblem = "missing" | "invalid" | "expired" | "used";

export const FORM_TOKEN_MESSAGES: Record<FormTokenProblem, string> = {
	missing: "common:formToken.invalid",
	invalid: "common:formToken.invalid",
	expired: "common:formToken.expired",
	used: "common:formToken.used",
};
