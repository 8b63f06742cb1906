import { type OneTimeLinkMailInput, oneTimeLinkMail } from "~/mail/one-time-link.server";

/** The link that confirms an account's address (sent with its one-time token, docs/decisions/0017). */
export const verifyEmailMail = (input: OneTimeLinkMailInput) =>
	oneTimeLinkMail("verifyEmail", "/verify-email", input, { withLanguage: false });
