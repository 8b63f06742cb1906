import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { isReservedUsername } from "~/lib/usernames";

/** The form's rules, shared by the browser (Conform's onValidate) and the action. */
const schema = z
	.object({
		username: z
			.string({ error: "validation.usernameRequired" })
			.trim()
			.min(1, "validation.usernameRequired")
			.max(254, "validation.tooLong"),
		password: z
			.string({ error: "validation.passwordRequired" })
			.min(1, "validation.passwordRequired")
			.max(1024),
		redirectTo: z.string().optional(),
	})
	// The spec answers the name 'admin' like a failed sign-in, under the form's "Sign-in failed" heading,
	// not as a mistake in the field.
	.superRefine(({ username }, context) => {
		if (typeof username === "string" && isReservedUsername(username))
			context.addIssue({ code: "custom", message: "login.errors.reservedUsername", path: [] });
	});

export const validateLogin = (formData: FormData) => parseWithZod(formData, { schema });
