import * as z from "zod";
import { SLIDE_CATEGORIES } from "~/lib/categories";
import { isChosenFile } from "~/lib/validation";

export const SLIDER_PATH = "/admin/slider";

const TEXT_FIELDS = ["titleEn", "titleRu", "subtitleEn", "subtitleRu"] as const;

/**
 * The longest title the slider sets well (issue #35): a title is set smaller the longer it is
 * (app/components/home/slide-frame.tsx), and at 80 characters it still fills at most six lines of a phone.
 */
export const SLIDE_TITLE_MAX = 80;

/**
 * The add/edit form (decision 0028: title and subtitle required and trimmed, a new slide needs an image). Both
 * languages are edited together; every text is required so the home page never shows a half-translated
 * slide. Checked in the browser too (conform), and always on the server.
 */
export const slideSchema = z
	.object({
		intent: z.literal("save"),
		id: z.coerce.number().int().positive().optional(),
		titleEn: z.string().trim().max(SLIDE_TITLE_MAX, "admin:slider.errors.titleTooLong").optional(),
		titleRu: z.string().trim().max(SLIDE_TITLE_MAX, "admin:slider.errors.titleTooLong").optional(),
		subtitleEn: z.string().trim().max(400, "validation.tooLong").optional(),
		subtitleRu: z.string().trim().max(400, "validation.tooLong").optional(),
		category: z.enum(SLIDE_CATEGORIES, { error: "admin:slider.errors.category" }),
		isActive: z.boolean().default(false),
		image: z.unknown().optional(),
	})
	.superRefine((value, context) => {
		const missing = TEXT_FIELDS.filter((name) => !value[name]);
		for (const name of missing)
			context.addIssue({ code: "custom", path: [name], message: "validation.required" });
		if (missing.length > 0)
			context.addIssue({ code: "custom", path: [], message: "admin:slider.errors.required" });
		if (!value.id && !isChosenFile(value.image)) {
			context.addIssue({ code: "custom", path: ["image"], message: "admin:slider.errors.imageRequired" });
		}
	});
