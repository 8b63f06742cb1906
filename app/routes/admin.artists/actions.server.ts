import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { ARTISTS_PATH, artistIdFromName, artistSchema } from "~/lib/artist-form";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import type { FormOutcome } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { isChosenFile } from "~/lib/validation";
import type { Actor } from "~/models/activity.server";
import {
	type ArtistFields,
	ArtistIdTakenError,
	type ArtistImage,
	ArtistNameTakenError,
	artistIdExists,
	createArtist,
	deleteArtist,
	freeArtistId,
	getArtistById,
	updateArtist,
} from "~/models/artists.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";
import {
	deleteImageIfUnused,
	type ImageUploadError,
	imageErrorKeys,
	storeUploadedImage,
} from "~/services/image-upload.server";

/** The add form's one-time token (docs/decisions/0022): a repeated post adds no second artist. */
export const ARTIST_ADD_TOKEN_SCOPE = "artist:add";

const noStore = { "Cache-Control": "no-store" };

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.string().trim().min(1).max(200) });

/**
 * The confirmed delete, of the version the list showed: refused (409, with a message naming how many
 * works) while projects point to the artist; the check and the delete share one transaction
 * (deleteArtist). An artist changed since the list was shown is not deleted: the page asks again (409),
 * showing what changed, with a button that carries the version now (docs/decisions/0023).
 */
export async function removeArtist(formData: FormData, actor: Actor) {
	const parsed = deleteSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "delete" as const, error: { key: "artists.errors.invalid", values: {} } },
			{ status: 400, headers: noStore },
		);
	}
	const version = parseVersion(formData.get(VERSION_FIELD));
	if (version === null) {
		return data(
			{ intent: "delete" as const, error: { key: "conflicts.versionMissing", values: {} } },
			{ status: 400, headers: noStore },
		);
	}
	let result: Awaited<ReturnType<typeof deleteArtist>>;
	try {
		result = await deleteArtist(parsed.data.id, actor, version);
	} catch (error) {
		if (!(error instanceof EditConflictError)) throw error;
		const [conflict, artist] = await Promise.all([
			describeConflict("artist", parsed.data.id, version),
			getArtistById(parsed.data.id),
		]);
		if (!conflict || !artist) result = { status: "not-found" };
		else {
			return data(
				{ intent: "delete" as const, deleteConflict: { id: artist.id, name: artist.name, conflict } },
				{ status: 409, headers: noStore },
			);
		}
	}
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
 * An addition counts once: its form's token is checked first and used in the write's transaction.
 */
export async function saveArtist(formData: FormData, language: Language, actor: Actor) {
	const submission = parseWithZod(formData, { schema: artistSchema });
	type Reply = ReturnType<typeof submission.reply>;
	const fail = (
		result: Reply,
		status: number,
		imageError: ImageUploadError | null = null,
		formToken?: string,
		conflict?: EditConflict,
	) =>
		data({ intent: "save" as const, result, imageError, formToken, conflict }, { status, headers: noStore });
	const fieldError = (field: string, key: string) =>
		fail(submission.reply({ fieldErrors: { [field]: [key] }, hideFields: ["image"] }), 400);
	// The version the edit form was opened at (docs/decisions/0023): only ever compared here.
	const version = parseVersion(formData.get(VERSION_FIELD));
	/** The form back as it was sent (409), with what changed since `version` and the version now. */
	const conflicted = async (id: string, since: number) => {
		const conflict = await describeConflict("artist", id, since);
		if (!conflict) return fail(submission.reply({ formErrors: ["admin:artists.errors.notFound"] }), 404);
		return fail(submission.reply({ hideFields: ["image"] }), 409, null, undefined, conflict);
	};
	return postOnce(formData, formData.get("intent") === "create" ? ARTIST_ADD_TOKEN_SCOPE : null, {
		refused: (refusal) =>
			fail(
				submission.reply({ formErrors: [refusal.message], hideFields: ["image"] }),
				refusal.httpStatus,
				null,
				refusal.formToken,
			),
		write: async (claim) => {
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
			if (editing && version === null) {
				const result = submission.reply({
					formErrors: ["admin:conflicts.versionMissing"],
					hideFields: ["image"],
				});
				return fail(result, 400);
			}
			let id = value.id ?? "";
			// A stale form does no work (no portrait is stored); the save's own check is what guarantees it.
			if (editing && version !== null) {
				const stored = await getArtistById(id);
				if (stored && stored.version !== version) return conflicted(id, version);
			}
			if (!editing) {
				if (id && (await artistIdExists(id))) return fieldError("id", "admin:artists.errors.idTaken");
				if (!id) id = await freeArtistId(artistIdFromName(value.name) || "artist");
			}

			const stored = await storeUploadedImage(isChosenFile(value.image) ? value.image : null, "artists", {
				language,
			});
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
			const image: ArtistImage | null = stored?.ok ? stored.image : null;
			const forget = async () => {
				if (image) await deleteImageIfUnused(image.key);
			};

			try {
				if (!editing) {
					const outcome = (artist: { name: string }): FormOutcome => ({
						redirect: ARTISTS_PATH,
						toast: { type: "success", title: "admin:artists.toast.created", values: { name: artist.name } },
					});
					return answerFormPost(
						outcome(await createArtist({ id, fields, image, claim: claim(outcome) }, actor)),
					);
				}
				const saved = await updateArtist(
					id,
					fields,
					image ?? (value.removeImage ? null : undefined),
					actor,
					version ?? undefined,
				);
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
				if (error instanceof EditConflictError && version !== null) return conflicted(id, version);
				if (error instanceof ArtistIdTakenError) return fieldError("id", "admin:artists.errors.idTaken");
				if (error instanceof ArtistNameTakenError)
					return fieldError("name", "admin:artists.errors.nameTaken");
				throw error;
			}
		},
	});
}
