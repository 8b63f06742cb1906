import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import type { Language } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { isChosenFile } from "~/lib/validation";
import {
	createSlide,
	deleteSlide,
	moveSlide,
	type SlideImage,
	setSlideActive,
	updateSlide,
} from "~/models/slides.server";
import { deleteImageIfUnused, storeUploadedImage } from "~/services/image-upload.server";
import { SLIDER_PATH, slideSchema } from "./slide-schema";

const noStore = { "Cache-Control": "no-store" };

const rowSchema = z.discriminatedUnion("intent", [
	z.object({
		intent: z.literal("toggle"),
		id: z.coerce.number().int().positive(),
		active: z.enum(["0", "1"]),
	}),
	z.object({
		intent: z.literal("move"),
		id: z.coerce.number().int().positive(),
		direction: z.enum(["up", "down"]),
	}),
	z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
]);

/** A row's small forms: the active switch, the arrows and the confirmed delete. */
export async function changeSlideRow(formData: FormData) {
	const parsed = rowSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "row" as const, ok: false as const, error: "slider.errors.invalid" },
			{ status: 400, headers: noStore },
		);
	}
	const change = parsed.data;
	const notFound = () =>
		data(
			{ intent: "row" as const, ok: false as const, error: "slider.errors.notFound" },
			{ status: 404, headers: noStore },
		);
	if (change.intent === "delete") {
		const slide = await deleteSlide(change.id);
		if (!slide) return notFound();
		await deleteImageIfUnused(slide.image_url);
		return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.deleted" });
	}
	if (change.intent === "toggle") {
		if (!(await setSlideActive(change.id, change.active === "1"))) return notFound();
	} else if (!(await moveSlide(change.id, change.direction))) {
		return notFound();
	}
	// Without JavaScript the row's small form posts normally and the page comes back.
	if (formData.has("redirect"))
		return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.saved" });
	return data({ intent: "row" as const, ok: true as const, error: null }, { headers: noStore });
}

/** The add/edit form: a new slide needs an image; a replaced image is deleted once nothing uses it. */
export async function saveSlide(formData: FormData, language: Language) {
	const submission = parseWithZod(formData, { schema: slideSchema });
	const fail = (
		result: ReturnType<typeof submission.reply>,
		status: number,
		imageError: { key: string; values?: Record<string, string | number> } | null = null,
	) => data({ intent: "save" as const, result, imageError }, { status, headers: noStore });
	if (submission.status !== "success") return fail(submission.reply({ hideFields: ["image"] }), 400);

	const { id, image: file, ...fields } = submission.value;
	const text = {
		titleEn: fields.titleEn ?? "",
		titleRu: fields.titleRu ?? "",
		subtitleEn: fields.subtitleEn ?? "",
		subtitleRu: fields.subtitleRu ?? "",
		category: fields.category,
		isActive: fields.isActive,
	};
	let image: SlideImage | null = null;
	const stored = await storeUploadedImage(isChosenFile(file) ? file : null, "slides", { language });
	if (stored && !stored.ok) {
		return fail(
			submission.reply({ fieldErrors: { image: [`admin:${stored.error.key}`] }, hideFields: ["image"] }),
			400,
			{ key: stored.error.key, values: stored.error.values },
		);
	}
	if (stored?.ok) image = stored.image;

	if (id === undefined) {
		if (!image) {
			return fail(
				submission.reply({
					fieldErrors: { image: ["admin:slider.errors.imageRequired"] },
					hideFields: ["image"],
				}),
				400,
			);
		}
		try {
			await createSlide(text, image);
		} catch (error) {
			await deleteImageIfUnused(image.key);
			throw error;
		}
		return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.created" });
	}
	const saved = await updateSlide(id, text, image);
	if (!saved) {
		if (image) await deleteImageIfUnused(image.key);
		return fail(submission.reply({ formErrors: ["admin:slider.errors.notFound"] }), 404);
	}
	if (image && saved.before.image_url !== image.key) await deleteImageIfUnused(saved.before.image_url);
	return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.updated" });
}
