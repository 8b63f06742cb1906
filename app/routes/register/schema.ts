import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { emailForUsernameField, newPasswordField, russianPhoneField } from "~/lib/validation";

/** Apart from the route, so the page loads zod only when the form is on screen (useDeferredValidation). */
const schema = z.object({
	email: emailForUsernameField("validation.registrationEmailInvalid"),
	phone: russianPhoneField,
	password: newPasswordField,
});

export const validateRegistration = (formData: FormData) => parseWithZod(formData, { schema });
