import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { consentGivenField, contactPhoneField, emailField } from "./validation";

/**
 * The purchase form (decision 0028): a valid e-mail, a phone of at least 11 characters, the ticked consent
 * to processing of personal data (decision 0031); `website` is a honeypot.
 */
const purchaseSchema = z.object({
	email: emailField(),
	phone: contactPhoneField,
	consent: consentGivenField("validation.consentPurchase"),
	website: z.string().max(500).optional(),
});

/** The check of the browser and of the action; both import this module when it is needed (app/lib/use-lazy-validation.ts). */
export const validatePurchase = (formData: FormData) => parseWithZod(formData, { schema: purchaseSchema });
