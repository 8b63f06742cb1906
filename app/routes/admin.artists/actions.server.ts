import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { ARTISTS_PATH, artistIdFromName, artistSchema } from "~/lib/artist-form";
import type { Language } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { isChosenFile } from "~/lib/validation";
import {
	type ArtistFields,
	ArtistIdTakenError,
	type ArtistImage,
	ArtistNameTakenError,
	artistIdExists,
	createArtist,
	deleteArtist,
	freeArtistId,
	updateArtist,
} from "~/models/artists.server";
import { deleteImageIfUnused, storeUploadedImage } from "~/services/image-upload.server";

const noStore = { "Cache-Control": "no-store" };

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.string().trim().min(1).max(200) });

/**
 * The confirmed delete: refused (409, with a message naming how many works) while projects point to the
 * artist; the check and the delete share one transaction (deleteArtist).
 */
export async function removeArtist(formData: FormData) {
	const parsed = deleteSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "delete" as const, error: { key: "artists.errors.invalid", values: {} } },
			{ status: 400, headers: noStore },
		);
	}
	const result = await deleteArtist(parsed.data.id);
	if (result.status === "not-found") {
		return data(
			{ intent: "delete" as const, error: { key: "artists.errors.notFound", values: {} } },
			{ status: 404, headers: noStore },
		);
	}
	if (result.status === "has-works") {
		return data(
			{
				intent: "delete" as const,
				error: {
					key: "artists.errors.hasWorks",
					values: { name: result.artist.name, count: result.works },
				},
			},
			{ status: 409, headers: noStore },
		);
	}
	await Promise.all(result.releasedKeys.map((key) => deleteImageIfUnused(key)));
	return redirectWithToast(ARTISTS_PATH, {
		type: "success",
		title: "admin:artists.toast.deleted",
		values: { name: result.artist.name },
	});
}

/**
 * The add/edit form. The id is the artist's address (/artist/{id}): given or made from the name on add,
 * never changed afterwards. A new portrait replaces the old one, whose files go once nothing uses them.
 */
export async function saveArtist(formData: FormData, language: Language) {
	const submission = parseWithZod(formData, { schema: artistSchema });
	type Reply = ReturnType<typeof submission.reply>;
	const fail = (
		result: Reply,
		status: number,
		imageError: { key: string; values?: Record<string, string | number> } | null = null,
	) => data({ intent: "save" as const, result, imageError }, { status, headers: noStore });
	const fieldError = (field: string, key: string) =>
		fail(submission.reply({ fieldErrors: { [field]: [key] }, hideFields: ["image"] }), 400);
	if (submission.status !== "success") return fail(submission.reply({ hideFields: ["image"] }), 400);

	const value = submission.value;
	const fields: ArtistFields = {
		name: value.name,
		description_en: value.descriptionEn,
		description_ru: value.descriptionRu,
		city_en: value.cityEn,
		city_ru: value.cityRu,
		website: value.website ? value.website : null,
		sort_order: value.sortOrder,
	};
	const editing = value.intent === "update";
	if (editing && !value.id)
		return fail(submission.reply({ formErrors: ["admin:artists.errors.notFound"] }), 404);
	let id = value.id ?? "";
	if (!editing) {
		if (id && (await artistIdExists(id))) return fieldError("id", "admin:artists.errors.idTaken");
		if (!id) id = await freeArtistId(artistIdFromName(value.name) || "artist");
	}

	const stored = await storeUploadedImage(isChosenFile(value.image) ? value.image : null, "artists", {
		language,
	});
	if (stored && !stored.ok) {
		return fail(
			submission.reply({ fieldErrors: { image: [`admin:${stored.error.key}`] }, hideFields: ["image"] }),
			400,
			{ key: stored.error.key, values: stored.error.values },
		);
	}
	const image: ArtistImage | null = stored?.ok ? stored.image : null;
	const forget = async () => {
		if (image) await deleteImageIfUnused(image.key);
	};

	try {
		if (!editing) {
			const artist = await createArtist({ id, fields, image });
			return redirectWithToast(ARTISTS_PATH, {
				type: "success",
				title: "admin:artists.toast.created",
				values: { name: artist.name },
			});
		}
		const saved = await updateArtist(id, fields, image ?? (value.removeImage ? null : undefined));
		if (!saved) {
			await forget();
			return fail(submission.reply({ formErrors: ["admin:artists.errors.notFound"] }), 404);
		}
		await Promise.all(saved.releasedKeys.map((key) => deleteImageIfUnused(key)));
		return redirectWithToast(ARTISTS_PATH, {
			type: "success",
			title: "admin:artists.toast.updated",
			values: { name: saved.artist.name },
		});
	} catch (error) {
		await forget();
		if (error instanceof ArtistIdTakenError) return fieldError("id", "admin:artists.errors.idTaken");
		if (error instanceof ArtistNameTakenError) return fieldError("name", "admin:artists.errors.nameTaken");
		throw error;
	}
}
