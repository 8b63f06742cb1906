import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { NO_COLLECTION } from "~/lib/collections";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import type { FormOutcome } from "~/lib/form-token.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import {
	GALLERY_FIELDS,
	MAX_ALT_LENGTH,
	MAX_GALLERY_FILES,
	type ProjectFormValues,
	projectSchema,
} from "~/lib/project-form";
import type { ToastNote } from "~/lib/toast";
import { redirectWithToast, toastHeader } from "~/lib/toast.server";
import { isChosenFile } from "~/lib/validation";
import type { Actor } from "~/models/activity.server";
import { getArtistById } from "~/models/artists.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { FormAlreadySubmittedError } from "~/models/form-submissions.server";
import {
	createProject,
	type GalleryAlt,
	type GalleryEntry,
	getProjectByKnownId,
	listProjectImages,
	type ProjectFields,
	ProjectIdTakenError,
	ProjectNotFoundError,
	projectIdExists,
	projectIdFromName,
	type SavedImageRef,
	updateProject,
} from "~/models/projects.server";
import type { Project, ProjectImage } from "~db/schema";
import { answerFormPost, postOnce } from "./form-tokens.server";
import {
	deleteImageIfUnused,
	type ImageUploadError,
	imageErrorKeys,
	readUploadForm,
	storeUploadedImage,
} from "./image-upload.server";

export type ProjectFormMode = { kind: "add" } | { kind: "edit"; id: string };

/** How the gallery controls were set, so a refused form comes back exactly as it was sent. */
export interface GalleryFormState {
	remove: number[];
	positions: Record<string, number>;
	cover: string;
	/** Each picture's alt texts as sent (a form without them keeps the stored ones). */
	alts: Record<string, GalleryAlt>;
}

export interface ProjectFormActionData {
	result: SubmissionResult<string[]>;
	/** Translated messages for the file inputs (they carry names and sizes). */
	imageErrors: { image?: string[]; gallery?: string[] };
	/** Translated message shown above the form. */
	alert?: string;
	gallery?: GalleryFormState;
	/** Files were chosen but not kept: browsers cannot re-fill a file input. */
	filesDropped?: boolean;
	/** A fresh one-time token, when the post's own was refused (add only; docs/decisions/0022). */
	formToken?: string;
	/** Someone saved first (edit only; docs/decisions/0023): what changed since, and the version now. */
	conflict?: EditConflict;
}

const LIST = "/admin/projects";

/** The add form's one-time token: a repeated post adds no second project. */
export const PROJECT_ADD_TOKEN_SCOPE = "project:add";

/** The form's values as columns; a form that named no status keeps the project's (a new one is published). */
function toFields(value: ProjectFormValues, current: Project | undefined): ProjectFields {
	return {
		name: value.name,
		artist_id: value.artistId,
		category: value.category,
		price: value.price,
		link: value.link ? value.link : null,
		description_en: value.descriptionEn,
		description_ru: value.descriptionRu,
		status: value.status ?? current?.status ?? "published",
		featured: value.featured ? 1 : 0,
		featured_order: value.featuredOrder,
		availability: value.availability,
		collection:
			value.collection === undefined
				? (current?.collection ?? null)
				: value.collection === NO_COLLECTION
					? null
					: value.collection,
		dimensions: value.dimensions,
		materials_en: value.materialsEn,
		materials_ru: value.materialsRu,
		year: value.year ?? null,
		edition_size: value.editionSize ?? null,
	};
}

function sameFields(project: Project, fields: ProjectFields): boolean {
	return (Object.keys(fields) as Array<keyof ProjectFields>).every(
		(key) => (project[key] ?? null) === (fields[key] ?? null),
	);
}

/** Reads the gallery controls: which rows stay, in which order, and which picture becomes the cover. */
function readGalleryState(form: FormData, rows: ProjectImage[]): GalleryFormState {
	const ids = new Set(rows.map((row) => row.id));
	const remove = form
		.getAll(GALLERY_FIELDS.remove)
		.map(Number)
		.filter((id) => ids.has(id));
	const positions: Record<string, number> = {};
	rows.forEach((row, index) => {
		const raw = Number(form.get(GALLERY_FIELDS.position(row.id)));
		positions[row.id] = Number.isFinite(raw) && raw > 0 ? raw : index + 1;
	});
	const cover = String(form.get(GALLERY_FIELDS.cover) ?? "main");
	const alts: Record<string, GalleryAlt> = {};
	const altOf = (name: string, stored: string) => {
		const sent = form.get(name);
		return typeof sent === "string" ? sent.trim().slice(0, MAX_ALT_LENGTH) : stored;
	};
	for (const row of rows) {
		alts[row.id] = {
			en: altOf(GALLERY_FIELDS.altEn(row.id), row.alt_text),
			ru: altOf(GALLERY_FIELDS.altRu(row.id), row.alt_text_ru),
		};
	}
	return {
		alts,
		remove,
		positions,
		cover: ids.has(Number(cover)) && !remove.includes(Number(cover)) ? cover : "main",
	};
}

function orderedRows(rows: ProjectImage[], state: GalleryFormState): ProjectImage[] {
	return rows
		.map((row, index) => ({ row, index }))
		.filter(({ row }) => !state.remove.includes(row.id))
		.sort((a, b) => (state.positions[a.row.id] ?? 0) - (state.positions[b.row.id] ?? 0) || a.index - b.index)
		.map(({ row }) => row);
}

/**
 * The project form's action, for add and edit: validate the fields, then the images (decoded, resized,
 * stored), then save everything in one transaction. Bad input comes back with the form as it was sent and
 * a 4xx; a failed image aborts the save and keeps the old images; files no row uses any more are removed.
 * The saved change is recorded in the audit trail as `actor`'s, in the same transaction.
 */
export async function submitProjectForm(request: Request, mode: ProjectFormMode, actor: Actor) {
	const form = await readUploadForm(request);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "admin");
	const current =
		mode.kind === "edit" ? await getProjectByKnownId(mode.id, { includeDrafts: true }) : undefined;
	if (mode.kind === "edit" && !current) {
		return redirectWithToast(LIST, { type: "error", title: "admin:projects.toast.notFound" });
	}
	const rows = current ? await listProjectImages(current.id) : [];
	const gallery = readGalleryState(form, rows);
	const galleryFiles = form.getAll(GALLERY_FIELDS.files).filter(isChosenFile);
	const imageFile = form.get("image");
	const filesChosen = isChosenFile(imageFile) || galleryFiles.length > 0;
	const submission = parseWithZod(form, { schema: projectSchema });

	const refuse = (status: number, extra: Partial<ProjectFormActionData> = {}, headers?: HeadersInit) =>
		data<ProjectFormActionData>(
			{
				result: submission.reply(),
				imageErrors: {},
				gallery,
				filesDropped: filesChosen,
				...extra,
			},
			{ status, headers },
		);

	// An addition counts once: a repeat is answered as the first post was, before any work is done.
	return postOnce(form, mode.kind === "add" ? PROJECT_ADD_TOKEN_SCOPE : null, {
		refused: (refusal) =>
			refuse(refusal.httpStatus, {
				result: submission.reply({ formErrors: [refusal.message] }),
				formToken: refusal.formToken,
			}),
		write: async (claim) => {
			// The version the edit form was opened at: only ever compared here, so anything but a number is a 400.
			const version = parseVersion(form.get(VERSION_FIELD));
			if (current && version === null) {
				return refuse(400, { result: submission.reply({ formErrors: ["admin:conflicts.versionMissing"] }) });
			}
			/** The form back as it was sent (409), with what changed since `version` and the version now. */
			const conflicted = async () => {
				const conflict = current && version ? await describeConflict("project", current.id, version) : null;
				if (!conflict)
					return redirectWithToast(LIST, { type: "error", title: "admin:projects.toast.notFound" });
				return refuse(409, { conflict });
			};
			if (submission.status !== "success") return refuse(400);
			// The list offers known artists only, but the client is not trusted: an unknown id is refused here.
			if (!(await getArtistById(submission.value.artistId))) {
				return refuse(400, {
					result: submission.reply({ fieldErrors: { artistId: ["admin:projects.errors.artistUnknown"] } }),
				});
			}
			const fields = toFields(submission.value, current);
			const newId =
				submission.value.customId || current?.id || (await projectIdFromName(submission.value.name));
			if (newId !== current?.id && (await projectIdExists(newId))) {
				return refuse(409, {
					result: submission.reply({ fieldErrors: { customId: ["admin:projects.errors.idTaken"] } }),
				});
			}
			if (galleryFiles.length > MAX_GALLERY_FILES) {
				const message = t("projects.errors.tooManyFiles", { count: MAX_GALLERY_FILES });
				return refuse(400, { imageErrors: { gallery: [message] } });
			}

			// A stale form does no work (no image is stored); the save's own check below is what guarantees it.
			if (current && current.version !== version) return conflicted();

			const kept = orderedRows(rows, gallery);
			if (
				current &&
				newId === current.id &&
				sameFields(current, fields) &&
				!filesChosen &&
				gallery.cover === "main" &&
				kept.length === rows.length &&
				kept.every((row, index) => row.id === rows[index]?.id) &&
				kept.every(
					(row) => gallery.alts[row.id]?.en === row.alt_text && gallery.alts[row.id]?.ru === row.alt_text_ru,
				)
			) {
				return redirectWithToast(LIST, { type: "info", title: "admin:projects.toast.noChanges" });
			}

			// Images first: slow work outside the transaction. One refused file refuses the save.
			const stored: string[] = [];
			const errors: ProjectFormActionData["imageErrors"] = {};
			const explain = (error: ImageUploadError) =>
				imageErrorKeys(error)
					.map((key) => t(key, error.values))
					.join(" ");
			let mainImage: SavedImageRef | undefined;
			const main = await storeUploadedImage(isChosenFile(imageFile) ? imageFile : null, "projects", {
				language,
			});
			if (main?.ok) {
				mainImage = main.image;
				stored.push(main.image.key);
			} else if (main) errors.image = [explain(main.error)];
			const newGallery: SavedImageRef[] = [];
			for (const file of galleryFiles) {
				const result = await storeUploadedImage(file, "gallery", { wording: "file", language });
				if (result?.ok) {
					newGallery.push(result.image);
					stored.push(result.image.key);
				} else if (result) {
					errors.gallery = [...(errors.gallery ?? []), explain(result.error)];
				}
			}
			const forget = () => Promise.all(stored.map((key) => deleteImageIfUnused(key)));
			if (errors.image || errors.gallery) {
				await forget();
				const reason = [...(errors.image ?? []), ...(errors.gallery ?? [])].join(" ");
				return refuse(400, {
					imageErrors: errors,
					alert: t("projects.errors.imageUploadFailed", { reason }),
				});
			}

			try {
				if (!current) {
					const outcome = (project: Project): FormOutcome => ({
						redirect: LIST,
						toast: successToast("added", project.name, galleryNotes(newGallery.length, 0)),
					});
					const project = await createProject(
						{ id: newId, fields, image: mainImage ?? null, gallery: newGallery, claim: claim(outcome) },
						actor,
					);
					return answerFormPost(outcome(project));
				}
				const entries: GalleryEntry[] = [
					...kept.map((row) => ({ rowId: row.id, alt: gallery.alts[row.id] })),
					...newGallery.map((image) => ({ image })),
				];
				const cover = gallery.cover === "main" ? undefined : Number(gallery.cover);
				const saved = await updateProject(
					{
						id: current.id,
						newId,
						fields,
						image: mainImage,
						gallery: entries,
						coverRowId: cover,
						version: version ?? undefined,
					},
					actor,
				);
				await Promise.all(saved.releasedKeys.map((key) => deleteImageIfUnused(key)));
				return redirectWithToast(
					LIST,
					successToast(
						"updated",
						saved.project.name,
						galleryNotes(newGallery.length, rows.length - kept.length),
						saved.galleryCount,
					),
				);
			} catch (error) {
				await forget();
				// A parallel repeat took the token: postOnce answers it as the first post was answered.
				if (error instanceof FormAlreadySubmittedError) throw error;
				if (error instanceof ProjectNotFoundError) {
					return redirectWithToast(LIST, { type: "error", title: "admin:projects.toast.notFound" });
				}
				// Someone saved between the check above and this save: the images stored for it are gone (forget).
				if (error instanceof EditConflictError) return conflicted();
				if (error instanceof ProjectIdTakenError) {
					return refuse(409, {
						result: submission.reply({ fieldErrors: { customId: ["admin:projects.errors.idTaken"] } }),
					});
				}
				logger.error("saving a project failed", error, { projectId: newId });
				const message = error instanceof Error ? error.message : String(error);
				const key = current ? "projects.errors.updateFailed" : "projects.errors.addFailed";
				const headers = {
					"Set-Cookie": await toastHeader({
						type: "error",
						title: "admin:projects.toast.errorTitle",
						description: `admin:${key}`,
						values: { message },
					}),
				};
				return refuse(500, { alert: t(key, { message }) }, headers);
			}
		},
	});
}

/**
 * The spec's gallery toasts, "Добавлено {n} изображений" and "Изображение удалено": gallery changes take
 * effect when the project is saved, so they are lines of the save's toast (decision 0020).
 */
function galleryNotes(added: number, removed: number): ToastNote[] {
	const notes: ToastNote[] = [];
	if (added > 0) notes.push({ key: "admin:projects.toast.imagesAdded", values: { count: added } });
	if (removed === 1) notes.push({ key: "admin:projects.toast.imageRemoved" });
	else if (removed > 1) notes.push({ key: "admin:projects.toast.imagesRemoved", values: { count: removed } });
	return notes;
}

/**
 * "Project added|updated": an update also says how many pictures the gallery now has (an addition's count
 * is its "images added" line).
 */
function successToast(kind: "added" | "updated", name: string, notes: ToastNote[], galleryCount = 0) {
	return {
		type: "success" as const,
		title: `admin:projects.toast.${kind}Title`,
		description:
			kind === "updated" && galleryCount > 0
				? "admin:projects.toast.updatedWithGallery"
				: `admin:projects.toast.${kind}`,
		values: { name, count: galleryCount },
		...(notes.length > 0 ? { notes } : {}),
	};
}
