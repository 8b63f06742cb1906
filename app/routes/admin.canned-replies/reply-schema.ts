import * as z from "zod";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n";

export const CANNED_REPLIES_PATH = "/admin/canned-replies";
export const TITLE_MAX = 80;
export const BODY_MAX = 5000;

/** Add (no id) or save (an id) a template. Read with Conform: empty fields arrive as undefined. */
export const replySchema = z.object({
	intent: z.literal("save"),
	id: z.coerce.number().int().positive().optional(),
	language: z.enum(SUPPORTED_LANGUAGES, { error: "sale:desk.canned.errors.language" }),
	title: z
		.string({ error: "sale:desk.canned.errors.title" })
		.trim()
		.min(1, "sale:desk.canned.errors.title")
		.max(TITLE_MAX, "sale:desk.canned.errors.title"),
	body: z
		.string({ error: "sale:desk.canned.errors.body" })
		.trim()
		.min(1, "sale:desk.canned.errors.body")
		.max(BODY_MAX, "sale:desk.canned.errors.body"),
});

export const deleteSchema = z.object({
	intent: z.literal("delete"),
	id: z.coerce.number().int().positive(),
});
