import { type OneTimeLinkMailInput, oneTimeLinkMail } from "~/mail/one-time-link.server";

/** "Forgot password": the one-time link that sets a new one (sent with its token, docs/decisions/0017). */
export const passwordResetMail = (input: OneTimeLinkMailInput) =>
	oneTimeLinkMail("passwordReset", "/reset-password", input, { withLanguage: true });
