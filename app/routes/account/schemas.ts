import * as z from "zod";
import { newPasswordField, russianPhoneField } from "~/lib/validation";

/** The profile forms' rules, shared by the browser (Conform's onValidate) and the action. */
export const phoneSchema = z.object({ intent: z.literal("phone"), phone: russianPhoneField });
export const passwordSchema = z.object({
	intent: z.literal("password"),
	currentPassword: z
		.string({ error: "validation.passwordRequired" })
		.min(1, "validation.passwordRequired")
		.max(1024),
	newPassword: newPasswordField,
});
