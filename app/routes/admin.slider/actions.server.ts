import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import type { FormOutcome } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { isChosenFile } from "~/lib/validation";
import type { Actor } from "~/models/activity.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import {
	createSlide,
	deleteSlide,
	getSlideById,
	moveSlide,
	type SlideImage,
	setSlideActive,
	updateSlide,
} from "~/models/slides.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";
import {
	deleteImageIfUnused,
	type ImageUploadError,
	imageErrorKeys,
	storeUploadedImage,
} from "~/services/image-upload.server";
import { SLIDER_PATH, slideSchema } from "./slide-schema";

const noStore = { "Cache-Control": "no-store" };

/** The add form's one-time token (docs/decisions/0022): a repeated post adds no second slide. */
export const SLIDE_ADD_TOKEN_SCOPE = "slide:add";

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

/**
 * A row's small forms: the active switch, the arrows and the confirmed delete. The delete carries the
 * version the list showed: a slide changed since is not deleted, and the page asks again (409) with what
 * changed and a button that carries the version now (docs/decisions/0023).
 */
export async function changeSlideRow(formData: FormData, actor: Actor) {
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
		const version = parseVersion(formData.get(VERSION_FIELD));
		if (version === null) {
			return data(
				{ intent: "row" as const, ok: false as const, error: "conflicts.versionMissing" },
				{ status: 400, headers: noStore },
			);
		}
		let slide: Awaited<ReturnType<typeof deleteSlide>>;
		try {
			slide = await deleteSlide(change.id, actor, version);
		} catch (error) {
			if (!(error instanceof EditConflictError)) throw error;
			const [conflict, current] = await Promise.all([
				describeConflict("slide", change.id, version),
				getSlideById(change.id),
			]);
			if (!conflict || !current) return notFound();
			const title = current.title_en || current.title_ru;
			return data(
				{ intent: "delete" as const, deleteConflict: { id: current.id, title, conflict } },
				{ status: 409, headers: noStore },
			);
		}
		if (!slide) return notFound();
		await deleteImageIfUnused(slide.image_url);
		return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.deleted" });
	}
	if (change.intent === "toggle") {
		if (!(await setSlideActive(change.id, change.active === "1", actor))) return notFound();
	} else if (!(await moveSlide(change.id, change.direction, actor))) {
		return notFound();
	}
	// Without JavaScript the row's small form posts normally and the page comes back.
	if (formData.has("redirect"))
		return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.saved" });
	return data({ intent: "row" as const, ok: true as const, error: null }, { headers: noStore });
}

/**
 * The add/edit form: a new slide needs an image; a replaced image is deleted once nothing uses it. An
 * addition counts once: its form's token is checked first and used in the write's transaction.
 */
export async function saveSlide(formData: FormData, language: Language, actor: Actor) {
	const submission = parseWithZod(formData, { schema: slideSchema });
	const fail = (
		result: ReturnType<typeof submission.reply>,
		status: number,
		imageError: ImageUploadError | null = null,
		formToken?: string,
		conflict?: EditConflict,
	) =>
		data({ intent: "save" as const, result, imageError, formToken, conflict }, { status, headers: noStore });
	// The version the edit form was opened at (docs/decisions/0023): only ever compared here.
	const version = parseVersion(formData.get(VERSION_FIELD));
	/** The form back as it was sent (409), with what changed since `version` and the version now. */
	const conflicted = async (id: number, since: number) => {
		const conflict = await describeConflict("slide", id, since);
		if (!conflict) return fail(submission.reply({ formErrors: ["admin:slider.errors.notFound"] }), 404);
		return fail(submission.reply({ hideFields: ["image"] }), 409, null, undefined, conflict);
	};
	return postOnce(formData, formData.get("id") ? null : SLIDE_ADD_TOKEN_SCOPE, {
		refused: (refusal) =>
			fail(
				submission.reply({ formErrors: [refusal.message], hideFields: ["image"] }),
				refusal.httpStatus,
				null,
				refusal.formToken,
			),
		write: async (claim) => {
			if (submission.status !== "success") return fail(submission.reply({ hideFields: ["image"] }), 400);

			const { id, image: file, ...fields } = submission.value;
			if (id !== undefined && version === null) {
				const result = submission.reply({
					formErrors: ["admin:conflicts.versionMissing"],
					hideFields: ["image"],
				});
				return fail(result, 400);
			}
			// A stale form does no work (no image is stored); the save's own check is what guarantees it.
			if (id !== undefined && version !== null) {
				const stored = await getSlideById(id);
				if (stored && stored.version !== version) return conflicted(id, version);
			}
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
					submission.reply({
						fieldErrors: { image: imageErrorKeys(stored.error).map((key) => `admin:${key}`) },
						hideFields: ["image"],
					}),
					400,
					stored.error,
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
				const outcome = (): FormOutcome => ({
					redirect: SLIDER_PATH,
					toast: { type: "success", title: "admin:slider.toast.created" },
				});
				try {
					await createSlide(text, image, actor, claim(outcome));
				} catch (error) {
					await deleteImageIfUnused(image.key);
					throw error;
				}
				return answerFormPost(outcome());
			}
			let saved: Awaited<ReturnType<typeof updateSlide>>;
			try {
				saved = await updateSlide(id, text, image, actor, version ?? undefined);
			} catch (error) {
				if (image) await deleteImageIfUnused(image.key);
				if (error instanceof EditConflictError && version !== null) return conflicted(id, version);
				throw error;
			}
			if (!saved) {
				if (image) await deleteImageIfUnused(image.key);
				return fail(submission.reply({ formErrors: ["admin:slider.errors.notFound"] }), 404);
			}
			if (image && saved.before.image_url !== image.key) await deleteImageIfUnused(saved.before.image_url);
			return redirectWithToast(SLIDER_PATH, { type: "success", title: "admin:slider.toast.updated" });
		},
	});
}
