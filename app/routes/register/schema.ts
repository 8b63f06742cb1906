import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { emailForUsernameField, newPasswordField, russianPhoneField } from "~/lib/validation";

/** The form's rules, shared by the browser (Conform's onValidate) and the action. */
const schema = z.object({
	email: emailForUsernameField("validation.registrationEmailInvalid"),
	phone: russianPhoneField,
	password: newPasswordField,
});

export const validateRegistration = (formData: FormData) => parseWithZod(formData, { schema });
