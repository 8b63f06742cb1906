/**
 * One-time form tokens (docs/decisions/0022): what the browser side needs to know. The token travels in a
 * hidden field of this name; a refused one is explained by one of these messages (keys in `common`).
 */
export const FORM_TOKEN_FIELD = "formToken";

export type FormTokenProblem = "missing" | "invalid" | "expired";

export const FORM_TOKEN_MESSAGES: Record<FormTokenProblem, string> = {
	missing: "common:formToken.invalid",
	invalid: "common:formToken.invalid",
	expired: "common:formToken.expired",
};
