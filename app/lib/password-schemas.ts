import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { emailField, newPasswordField } from "./validation";

/**
 * The forms of a forgotten password, shared by the browser and the actions. The pages import this module only
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

export const validateForgotPassword = (formData: FormData) =>
	parseWithZod(formData, { schema: forgotSchema });

export const validatePasswordReset = (formData: FormData) => parseWithZod(formData, { schema: resetSchema });
