import * as z from "zod";
import { normalisePhone, PHONE_CHARS, RUSSIAN_PHONE } from "./phone";
import { isReservedUsername, normaliseUsername, usernameError, usernameFromEmail } from "./usernames";

/**
 * Field rules shared by several forms. Messages are translation keys in the common namespace
 * (`validation.*`), shown next to the field in the visitor's language.
 */
export const MAX_EMAIL_LENGTH = 254;

/** A file input that was actually used: browsers send an empty, nameless part for one left empty. */
export function isChosenFile(value: unknown): value is File {
	return typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;
}

/** An absolute http(s) address with a host and no spaces (no javascript:, data: or site-relative paths). */
export function isHttpAddress(value: string): boolean {
	if (/\s/.test(value)) return false;
	try {
		const url = new URL(value);
		return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
	} catch {
		return false;
	}
}
export const MAX_PHONE_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** An e-mail address; the purchase form and registration word the message differently (decision 0028). */
export const emailField = (message = "validation.emailInvalid") =>
	z.string({ error: message }).trim().max(MAX_EMAIL_LENGTH, "validation.tooLong").pipe(z.email(message));

/** A username someone chooses (admin "add user"): NFKC-normalised, one script, no look-alike of 'admin'. */
export const usernameField = z
	.string({ error: "validation.usernameRequired" })
	.transform(normaliseUsername)
	.superRefine((value, context) => {
		const message = usernameError(value);
		if (message) context.addIssue({ code: "custom", message });
	});

/**
 * An e-mail whose part before @ makes an acceptable username (registration derives the name from it). The
 * reserved name is left to the form (`reservedNameFromEmail`): the spec answers it as a failed registration.
 */
export const emailForUsernameField = (message?: string) =>
	emailField(message).superRefine((email, context) => {
		const name = usernameFromEmail(email);
		const usernameMessage = isReservedUsername(name) ? null : usernameError(name);
		if (usernameMessage) context.addIssue({ code: "custom", message: usernameMessage });
	});

/** Whether a valid address would make the reserved username ('admin' before the @, in any spelling). */
export function reservedNameFromEmail(email: unknown): boolean {
	return emailField().safeParse(email).success && isReservedUsername(usernameFromEmail(String(email)));
}

/** A phone number anywhere has at least this many digits (a Russian one +7 and ten). */
const MIN_PHONE_DIGITS = 10;

/**
 * Registration and the account's phone: +7 and exactly ten digits, once the Russian ways of writing a
 * number («8 916 123 45 67», «+7 (916) 123-45-67») are normalised to that (app/lib/phone.ts).
 */
export const russianPhoneField = z
	.string({ error: "validation.phoneFormat" })
	.max(MAX_PHONE_LENGTH, "validation.phoneFormat")
	.transform(normalisePhone)
	.pipe(z.string().regex(RUSSIAN_PHONE, "validation.phoneFormat"));

/**
 * Purchase-form phone, normalised first (app/lib/phone.ts): at least 11 characters, and (the spec's
 * message again) at least ten digits among them, so brackets and dashes alone never make a phone
 * (decision 0028). A number from abroad passes as the spec's rule allows, stored without separators.
 */
export const contactPhoneField = z
	.string({ error: "validation.phoneMin" })
	.max(MAX_PHONE_LENGTH, "validation.tooLong")
	.transform(normalisePhone)
	.pipe(
		z
			.string()
			// One message for both (the spec's): too short, or too few digits among the characters.
			.refine(
				(value) => value.length >= 11 && value.replace(/\D/g, "").length >= MIN_PHONE_DIGITS,
				"validation.phoneMin",
			)
			.regex(PHONE_CHARS, "validation.phoneChars"),
	);

export const newPasswordField = z
	.string({ error: "validation.passwordMin" })
	.min(MIN_PASSWORD_LENGTH, "validation.passwordMin")
	.max(MAX_PASSWORD_LENGTH, "validation.passwordMax");

/**
 * The separate, unticked box of the consent to processing of personal data (docs/decisions/0031): the form
 * is refused unless it was ticked. `message` says what the consent is for (a request, an account). The
 * version of the text the form showed is checked by the server against the stored texts
 * (app/services/consents.server.ts), never here: the browser cannot know which versions exist.
 */
export const consentGivenField = (message: string) => z.literal("on", { error: message });
