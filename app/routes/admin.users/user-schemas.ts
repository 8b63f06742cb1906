import * as z from "zod";
import { usernameError, usernameFromEmail } from "~/lib/usernames";
import { emailField, newPasswordField, russianPhoneField, usernameField } from "~/lib/validation";

export const ROLES = ["user", "admin"] as const;
const STATUSES = ["active", "blocked"] as const;
export const USERS_PATH = "/admin/users";

/** Same rules as registration, plus a role and an optional username (else derived from the email). */
export const createSchema = z
	.object({
		intent: z.literal("create"),
		email: emailField(),
		username: usernameField.optional(),
		phone: russianPhoneField.optional(),
		password: newPasswordField,
		role: z.enum(ROLES, { error: "admin:users.errors.role" }),
	})
	.superRefine((value, context) => {
		// Without a chosen username the e-mail's local part becomes one: it must pass the same rules.
		const derivedError = value.username ? null : usernameError(usernameFromEmail(value.email));
		if (derivedError) context.addIssue({ code: "custom", path: ["email"], message: derivedError });
	});

export const changeSchema = z.discriminatedUnion("intent", [
	z.object({ intent: z.literal("status"), id: z.coerce.number().int().positive(), status: z.enum(STATUSES) }),
	z.object({ intent: z.literal("role"), id: z.coerce.number().int().positive(), role: z.enum(ROLES) }),
]);
