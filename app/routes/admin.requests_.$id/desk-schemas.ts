import * as z from "zod";
import { REQUEST_STATUSES } from "~/lib/request-status";

/** A message to the buyer: long enough for a real letter, short enough for a mail and a screen. */
export const MESSAGE_MAX = 5000;
/** An internal note: a call's summary. */
export const NOTE_MAX = 2000;

export const requestPath = (id: number) => `/admin/requests/${id}`;

/** "Send": a message to the buyer (by mail and on their page). Read with Conform: empty arrives as undefined. */
export const messageSchema = z.object({
	intent: z.literal("message"),
	body: z
		.string({ error: "sale:desk.errors.messageEmpty" })
		.trim()
		.min(1, "sale:desk.errors.messageEmpty")
		.max(MESSAGE_MAX, "sale:desk.errors.messageTooLong"),
});

/** An internal note, added to the others (never overwriting one). */
export const noteSchema = z.object({
	intent: z.literal("note"),
	body: z
		.string({ error: "sale:desk.errors.noteEmpty" })
		.trim()
		.min(1, "sale:desk.errors.noteEmpty")
		.max(NOTE_MAX, "sale:desk.errors.noteTooLong"),
});

/** The explicit status save, with the "notify the buyer" box. */
export const statusSchema = z.object({
	intent: z.literal("status"),
	status: z.enum(REQUEST_STATUSES, { error: "sale:desk.errors.status" }),
	notify: z.boolean().default(false),
});
