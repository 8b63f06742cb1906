import * as z from "zod";

/** A message is a few paragraphs; a letter's worth at most. */
export const MESSAGE_MAX_LENGTH = 5000;

/** The buyer's message form, checked the same in the browser (Conform) and in the action. */
export const buyerMessageSchema = z.object({
	body: z
		.string({ error: "sale:thread.messageRequired" })
		.trim()
		.min(1, "sale:thread.messageRequired")
		.max(MESSAGE_MAX_LENGTH, "sale:thread.messageTooLong"),
});

/** Where the thread lives for this visitor: the private link's address, or the account's. */
export function threadPath(requestId: number, token: string | null): string {
	return token ? `/requests/${requestId}?t=${encodeURIComponent(token)}` : `/account/requests/${requestId}`;
}
