import { z } from "zod";
import { contactPhoneField, emailField } from "./validation";

/** The purchase form (spec §5): a valid e-mail, a phone of at least 11 characters; `website` is a honeypot. */
export const purchaseSchema = z.object({
	email: emailField(),
	phone: contactPhoneField,
	website: z.string().max(500).optional(),
});

export function purchaseRequestPath(projectId: string): string {
	return `/project/${encodeURIComponent(projectId)}/request`;
}

/** The confirmation toast's lifetime (spec §9). */
export const PURCHASE_TOAST_MS = 3000;
