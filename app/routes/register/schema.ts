import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import {
	consentGivenField,
	emailForUsernameField,
	newPasswordField,
	reservedNameFromEmail,
	russianPhoneField,
} from "~/lib/validation";

/** The form's rules, shared by the browser (Conform's onValidate) and the action. */
const schema = z
	.object({
		email: emailForUsernameField("validation.registrationEmailInvalid"),
		phone: russianPhoneField,
		password: newPasswordField,
		consent: consentGivenField("validation.consentAccount"),
	})
	// 'admin' before the @ fails the registration as a whole (spec: "Registration failure" with "Недопустимое
	// имя пользователя"), under the form's heading rather than as a typo in the address.
	.superRefine(({ email }, context) => {
		if (reservedNameFromEmail(email))
			context.addIssue({ code: "custom", message: "common:validation.usernameNotAllowed", path: [] });
	});

export const validateRegistration = (formData: FormData) => parseWithZod(formData, { schema });
