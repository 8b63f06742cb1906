import * as z from "zod";
import { REQUEST_STATUSES } from "~/lib/request-status";

export const REQUESTS_PATH = "/admin/requests";
/** The internal note's limit: enough for a call's summary, small enough for a table cell and a CSV. */
const NOTE_MAX = 2000;

/** A row's status select (the form has no intent field: the status is the row's main control). */
export const statusSchema = z.object({
	id: z.coerce.number().int().positive(),
	status: z.enum(REQUEST_STATUSES),
	redirectTo: z.string().optional(),
});

/** A row's internal note; empty clears it. Read with Conform, so an empty textarea arrives as undefined. */
export const noteSchema = z.object({
	intent: z.literal("note"),
	id: z.coerce.number().int().positive(),
	note: z.string().max(NOTE_MAX, "admin:requests.errors.noteTooLong").optional(),
	redirectTo: z.string().optional(),
});
