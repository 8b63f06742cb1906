import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { emailField, newPasswordField } from "./validation";

/**
 * The forms of a forgotten password (and the confirmation link's, which asks for the password), shared by
 * the browser and the actions. The pages import this module only
 * when a visitor starts on a form (app/lib/use-lazy-validation.ts), and so do the actions, dynamically.
 */
const forgotSchema = z.object({ email: emailField() });

const resetSchema = z
	.object({
		token: z.string({ error: "validation.required" }).max(200),
		password: newPasswordField,
		confirm: z.string({ error: "validation.passwordsDiffer" }),
	})
	.refine((value) => value.password === value.confirm, {
		path: ["confirm"],
		message: "validation.passwordsDiffer",
	});

/** The confirmation link's form (/verify-email): the account's password proves who follows the link. */
const emailConfirmationSchema = z.object({
	intent: z.literal("confirm"),
	token: z.string({ error: "validation.required" }).max(200),
	password: z
		.string({ error: "validation.passwordRequired" })
		.min(1, "validation.passwordRequired")
		.max(1024),
});

export const validateEmailConfirmation = (formData: FormData) =>
	parseWithZod(formData, { schema: emailConfirmationSchema });

export const validateForgotPassword = (formData: FormData) =>
	parseWithZod(formData, { schema: forgotSchema });

export const validatePasswordReset = (formData: FormData) => parseWithZod(formData, { schema: resetSchema });
