import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type ChangeEvent, useState } from "react";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { FormAlert } from "~/components/ui/form-alert";
import { CheckboxField, Field, FileField, SelectField, TextareaField } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { PROJECT_AVAILABILITIES, PROJECT_CATEGORIES, type ProjectStatus } from "~/lib/categories";
import { ART_COLLECTIONS, NO_COLLECTION } from "~/lib/collections";
import { type EditConflict, VERSION_FIELD } from "~/lib/edit-conflict";
import { formatMegabytes } from "~/lib/format";
import { imageUrl, isVectorKey, type StoredImage, variantKey, variantWidths } from "~/lib/images";
import { GALLERY_FIELDS, MAX_ALT_LENGTH, MAX_GALLERY_FILES, projectSchema } from "~/lib/project-form";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { MAX_IMAGE_BYTES } from "~/lib/upload-limits";
import { useHydrated } from "~/lib/use-hydrated";
import {
	ChosenFiles,
	dragProps,
	FileDropZone,
	MoveControls,
	useChosenFiles,
	useGalleryOrder,
} from "./gallery-controls";

export interface ProjectFormProject {
	id: string;
	name: string;
	artistId: string;
	category: string;
	price: number;
	link: string | null;
	descriptionEn: string;
	descriptionRu: string;
	status: ProjectStatus;
	featured: boolean;
	featuredOrder: number;
	availability: string;
	/** /art's collection (migration 0024), null for none. */
	collection?: string | null;
	dimensions: string;
	materialsEn: string;
	materialsRu: string;
	year: number | null;
	editionSize: number | null;
	image: StoredImage | null;
	/** The version the form is opened at; the save is refused if it is no longer the stored one. */
	version: number;
}

export interface ProjectFormGalleryImage {
	id: number;
	image: StoredImage;
	altEn: string;
	altRu: string;
}

/** What the action sends back when it refuses the form (see app/services/project-editor.server.ts). */
export interface ProjectFormReply {
	// biome-ignore lint/suspicious/noExplicitAny: Conform's SubmissionResult, serialised
	result: any;
	imageErrors: { image?: string[]; gallery?: string[] };
	alert?: string;
	gallery?: {
		remove: number[];
		positions: Record<string, number>;
		cover: string;
		alts?: Record<string, { en: string; ru: string }>;
	};
	filesDropped?: boolean;
	formToken?: string;
	/** Someone saved first: what changed since, and the version the form carries from now on. */
	conflict?: EditConflict;
}

const fieldsetClass = "flex flex-col gap-6 rounded-2xl border border-line p-5";
const legendClass = "px-1 font-display text-lg font-semibold";

function previewUrl(image: StoredImage): string {
	if (isVectorKey(image.key) || !image.width) return imageUrl(image.key);
	const [smallest] = variantWidths(image.width);
	return imageUrl(smallest ? variantKey(image.key, smallest) : image.key);
}

/**
 * The one project form, for /admin/projects/add and /admin/projects/edit/{id}. A plain multipart POST that
 * works without JavaScript (gallery order, removal and cover are number inputs, checkboxes and radios);
 * with JavaScript it also validates as the admin types and checks file sizes before uploading.
 */
export function ProjectForm({
	mode,
	project,
	gallery,
	reply,
	artists,
	historyHref,
	formToken,
}: {
	mode: "add" | "edit";
	/** The add form's one-time token (docs/decisions/0022): a refused post's fresh one, else the loader's. */
	formToken?: string | null;
	/** The project's own page of the activity log (edit only). */
	historyHref?: string;
	/** The artists a project can be by, for the designer list. */
	artists: Array<{ id: string; name: string }>;
	project?: ProjectFormProject;
	gallery: ProjectFormGalleryImage[];
	reply?: ProjectFormReply;
}) {
	const { t, i18n } = useTranslation("admin");
	const navigation = useNavigation();
	const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
	const savingDraft = submitting && navigation.formData?.get("status") === "draft";
	const isDraft = project?.status === "draft";
	const [clientErrors, setClientErrors] = useState<{ image?: string[]; gallery?: string[] }>({});
	const mainFiles = useChosenFiles();
	const galleryFiles = useChosenFiles();
	// The gallery as the server last drew it (a refused form: as it was sent), first to last.
	const galleryOrder = useGalleryOrder(
		gallery
			.map((item, index) => ({ id: item.id, at: reply?.gallery?.positions[item.id] ?? index + 1, index }))
			.sort((a, b) => a.at - b.at || a.index - b.index)
			.map((item) => item.id),
	);
	const [form, fields] = useForm({
		id: `project-${mode}`,
		lastResult: reply?.result,
		defaultValue: project
			? {
					customId: project.id,
					name: project.name,
					artistId: project.artistId,
					category: project.category,
					price: String(project.price),
					link: project.link ?? "",
					descriptionEn: project.descriptionEn,
					descriptionRu: project.descriptionRu,
					availability: project.availability,
					collection: project.collection ?? NO_COLLECTION,
					featured: project.featured,
					featuredOrder: String(project.featuredOrder),
					dimensions: project.dimensions,
					materialsEn: project.materialsEn,
					materialsRu: project.materialsRu,
					year: project.year === null ? "" : String(project.year),
					editionSize: project.editionSize === null ? "" : String(project.editionSize),
				}
			: { price: "0", availability: "available", featuredOrder: "0", collection: NO_COLLECTION },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: projectSchema }),
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	const imageErrors = {
		image: clientErrors.image ?? reply?.imageErrors.image,
		gallery: clientErrors.gallery ?? reply?.imageErrors.gallery,
	};
	const hasClientError = Boolean(clientErrors.image?.length || clientErrors.gallery?.length);

	const checkSizes = (field: "image" | "gallery") => (event: ChangeEvent<HTMLInputElement>) => {
		const files = Array.from(event.currentTarget.files ?? []);
		const messages = files
			.filter((file) => file.size > MAX_IMAGE_BYTES)
			.map((file) =>
				field === "image"
					? t("images.tooLarge", { size: formatMegabytes(file.size, i18n.language), name: file.name })
					: t("images.fileTooLarge", { name: file.name }),
			);
		if (messages.length) messages.push(t("images.smallerFile"));
		if (field === "gallery" && files.length > MAX_GALLERY_FILES) {
			messages.push(t("projects.errors.tooManyFiles", { count: MAX_GALLERY_FILES }));
		}
		setClientErrors((current) => ({ ...current, [field]: messages.length ? messages : undefined }));
	};

	const title = mode === "add" ? t("projects.form.addTitle") : t("projects.form.editTitle");
	// On a draft the primary button publishes it, and says so.
	const primaryLabel =
		mode === "add"
			? t("projects.form.submitAdd")
			: isDraft
				? t("projects.form.submitPublish")
				: t("projects.form.submitEdit");
	const submittingLabel =
		mode === "add" ? t("projects.form.submittingAdd") : t("projects.form.submittingEdit");
	const galleryState = reply?.gallery;
	return (
		<div className="max-w-3xl">
			<div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
				<h1 className="font-display text-3xl font-semibold">{title}</h1>
				{historyHref ? (
					<Link to={historyHref} className="text-sm text-muted underline underline-offset-4 hover:text-ink">
						{t("projects.form.history")}
					</Link>
				) : null}
			</div>
			<Form
				method="post"
				encType="multipart/form-data"
				className="mt-8 flex flex-col gap-6"
				{...getFormProps(form)}
			>
				<FormTokenField token={reply?.formToken ?? formToken} />
				{project ? (
					<input type="hidden" name={VERSION_FIELD} value={reply?.conflict?.version ?? project.version} />
				) : null}
				{reply?.conflict ? (
					<EditConflictNotice entity="project" conflict={reply.conflict} message={t("conflicts.project")} />
				) : null}
				<FormAlert
					title={t("projects.form.errorTitle")}
					messages={[
						...(reply?.alert ? [reply.alert] : []),
						...(form.errors?.map((error) => t(error, { ns: "common" })) ?? []),
					]}
				/>
				{reply?.filesDropped && !reply.alert ? (
					<p className="text-sm text-muted" role="status">
						{t("projects.form.filesDropped")}
					</p>
				) : null}

				{isDraft ? (
					<p className="rounded-lg border border-line bg-ink/5 px-4 py-3 text-sm" data-testid="draft-notice">
						<strong className="font-semibold">{t("projects.form.draftBadge")}</strong>{" "}
						{t("projects.form.draftNotice")}
					</p>
				) : null}

				<fieldset className={fieldsetClass}>
					<legend className={legendClass}>{t("projects.form.basics")}</legend>
					<Field
						meta={fields.customId}
						type="text"
						label={t("projects.form.customId")}
						hint={mode === "edit" ? t("projects.form.customIdEditHint") : t("projects.form.customIdHint")}
						autoComplete="off"
						spellCheck={false}
					/>
					<div className="grid gap-6 sm:grid-cols-2">
						<Field meta={fields.name} type="text" label={t("projects.form.name")} autoComplete="off" />
						<SelectField meta={fields.artistId} label={t("projects.form.designer")}>
							<option value="">{t("projects.form.chooseDesigner")}</option>
							{artists.map((artist) => (
								<option key={artist.id} value={artist.id}>
									{artist.name}
								</option>
							))}
						</SelectField>
					</div>
					<SelectField meta={fields.category} label={t("projects.form.category")}>
						<option value="">{t("projects.form.chooseCategory")}</option>
						{PROJECT_CATEGORIES.map((category) => (
							<CategoryOption key={category} category={category} />
						))}
					</SelectField>
					<SelectField
						meta={fields.collection}
						label={t("projects.form.collection")}
						hint={t("projects.form.collectionHint")}
					>
						<option value={NO_COLLECTION}>{t("projects.form.collectionNone")}</option>
						{ART_COLLECTIONS.map((collection) => (
							<option key={collection} value={collection}>
								{t(`collections.${collection}`, { ns: "common" })}
							</option>
						))}
					</SelectField>
					<Field
						meta={fields.link}
						type="text"
						label={t("projects.form.link")}
						hint={t("projects.form.linkHint")}
						inputMode="url"
						autoComplete="off"
						spellCheck={false}
					/>
					{(["descriptionEn", "descriptionRu"] as const).map((name) => (
						<TextareaField
							key={name}
							meta={fields[name]}
							label={t(`projects.form.${name}`)}
							hint={t("projects.form.descriptionHint")}
							rows={5}
							lang={name === "descriptionEn" ? "en" : "ru"}
						/>
					))}
				</fieldset>

				<fieldset className={fieldsetClass}>
					<legend className={legendClass}>{t("projects.form.pricing")}</legend>
					<div className="grid gap-6 sm:grid-cols-2">
						<Field
							meta={fields.price}
							type="number"
							label={t("projects.form.price")}
							hint={t("projects.form.priceHint")}
							min={0}
							step={1}
							inputMode="numeric"
						/>
						<SelectField meta={fields.availability} label={t("projects.form.availability")}>
							{PROJECT_AVAILABILITIES.map((availability) => (
								<option key={availability} value={availability}>
									{t(`projects.availability.${availability}`)}
								</option>
							))}
						</SelectField>
					</div>
					<div className="grid items-start gap-6 sm:grid-cols-2">
						<CheckboxField
							meta={fields.featured}
							label={t("projects.form.featured")}
							hint={t("projects.form.featuredHint")}
						/>
						<Field
							meta={fields.featuredOrder}
							type="number"
							label={t("projects.form.featuredOrder")}
							hint={t("projects.form.featuredOrderHint")}
							min={0}
							step={1}
							inputMode="numeric"
						/>
					</div>
				</fieldset>

				<fieldset className={fieldsetClass}>
					<legend className={legendClass}>{t("projects.form.facts")}</legend>
					<p className="-mt-3 text-xs text-muted">{t("projects.form.factsHint")}</p>
					<div className="grid gap-6 sm:grid-cols-2">
						<Field
							meta={fields.dimensions}
							type="text"
							label={t("projects.form.dimensions")}
							hint={t("projects.form.dimensionsHint")}
							autoComplete="off"
						/>
						<Field
							meta={fields.year}
							type="number"
							label={t("projects.form.year")}
							min={1000}
							max={2100}
							step={1}
							inputMode="numeric"
						/>
						<Field
							meta={fields.materialsEn}
							type="text"
							label={t("projects.form.materialsEn")}
							lang="en"
							autoComplete="off"
						/>
						<Field
							meta={fields.materialsRu}
							type="text"
							label={t("projects.form.materialsRu")}
							lang="ru"
							autoComplete="off"
						/>
						<Field
							meta={fields.editionSize}
							type="number"
							label={t("projects.form.editionSize")}
							hint={t("projects.form.editionSizeHint")}
							min={1}
							step={1}
							inputMode="numeric"
						/>
					</div>
				</fieldset>

				<fieldset className={fieldsetClass}>
					<legend className={legendClass}>{t("projects.form.images")}</legend>
					<fieldset className="flex flex-col gap-3">
						<legend className="text-sm font-semibold">{t("projects.form.image")}</legend>
						{project?.image ? (
							<img
								src={previewUrl(project.image)}
								alt={t("projects.form.currentImage", { name: project.name })}
								width={160}
								height={160}
								className="size-40 rounded-lg bg-ink/5 object-cover"
							/>
						) : null}
						<FileDropZone inputId="project-image">
							<FileField
								labelHidden
								id="project-image"
								name="image"
								label={t("projects.form.image")}
								hint={[mode === "edit" ? t("projects.form.imageEditHint") : null, t("images.hint")]
									.filter(Boolean)
									.join(" ")}
								errors={imageErrors.image}
								onChange={(event) => {
									checkSizes("image")(event);
									mainFiles.read(event.currentTarget);
								}}
							/>
							<ChosenFiles files={mainFiles.files} label={t("projects.form.chosenImage")} />
						</FileDropZone>
					</fieldset>

					<fieldset className="flex flex-col gap-3">
						<legend className="text-sm font-semibold">{t("projects.form.gallery")}</legend>
						{mode === "edit" ? (
							gallery.length === 0 ? (
								<p className="text-sm text-muted">{t("projects.form.galleryEmpty")}</p>
							) : (
								<>
									<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
										{galleryOrder.order.map((id, place) => {
											const index = gallery.findIndex((item) => item.id === id);
											const item = gallery[index];
											if (!item) return null;
											return (
												<GalleryCard
													key={item.id}
													item={item}
													index={index + 1}
													projectName={project?.name ?? ""}
													position={place + 1}
													count={galleryOrder.order.length}
													onMove={(to) =>
														galleryOrder.move(
															item.id,
															to,
															t("projects.form.imageLabel", { index: index + 1 }),
														)
													}
													onDropHere={(dragged) =>
														galleryOrder.move(
															dragged,
															place + 1,
															t("projects.form.imageLabel", {
																index: gallery.findIndex((each) => each.id === dragged) + 1,
															}),
														)
													}
													removed={galleryState?.remove.includes(item.id) ?? false}
													cover={galleryState?.cover === String(item.id)}
													alt={galleryState?.alts?.[item.id] ?? { en: item.altEn, ru: item.altRu }}
												/>
											);
										})}
									</ul>
									<p role="status" className="sr-only">
										{galleryOrder.announcement}
									</p>
								</>
							)
						) : null}
						{mode === "edit" && project?.image && gallery.length > 0 ? (
							<label className="flex items-center gap-2 text-sm">
								<input
									type="radio"
									name={GALLERY_FIELDS.cover}
									value="main"
									defaultChecked={!galleryState || galleryState.cover === "main"}
									className="size-4 accent-[var(--color-ink)]"
								/>
								{t("projects.form.coverMain")}
							</label>
						) : null}
						<FileDropZone inputId="project-gallery">
							<FileField
								labelHidden
								id="project-gallery"
								name={GALLERY_FIELDS.files}
								label={t("projects.form.gallery")}
								hint={`${t("projects.form.galleryHint", { count: MAX_GALLERY_FILES })} ${t("images.hint")}`}
								errors={imageErrors.gallery}
								onChange={(event) => {
									checkSizes("gallery")(event);
									galleryFiles.read(event.currentTarget);
								}}
								multiple
							/>
							<ChosenFiles files={galleryFiles.files} label={t("projects.form.chosenGallery")} />
						</FileDropZone>
					</fieldset>
				</fieldset>

				{/* The primary button comes first: Enter in a field saves the way the form's main button says. */}
				<div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
					<button
						type="submit"
						name="status"
						value="published"
						className="button-primary"
						disabled={submitting || hasClientError}
					>
						{submitting && !savingDraft ? submittingLabel : primaryLabel}
					</button>
					<button
						type="submit"
						name="status"
						value="draft"
						disabled={submitting || hasClientError}
						className="inline-flex h-12 items-center rounded-full border border-ink px-6 font-semibold hover:bg-ink/5 disabled:opacity-60"
					>
						{savingDraft ? t("projects.form.savingDraft") : t("projects.form.saveDraft")}
					</button>
					<Link
						to="/admin/projects"
						className="inline-flex h-12 items-center rounded-full px-4 font-semibold text-muted hover:text-ink"
					>
						{t("projects.form.cancel")}
					</Link>
					{/* The spec's "Saving project..." while the pictures upload and the save runs. */}
					<p role="status" className="text-sm text-muted">
						{submitting ? t("projects.form.savingProject") : null}
					</p>
				</div>
			</Form>
		</div>
	);
}

function CategoryOption({ category }: { category: string }) {
	const { t } = useTranslation();
	return <option value={category}>{t(`categories.${category}`)}</option>;
}

function GalleryCard({
	item,
	index,
	projectName,
	position,
	count,
	onMove,
	onDropHere,
	removed,
	cover,
	alt,
}: {
	item: ProjectFormGalleryImage;
	index: number;
	projectName: string;
	/** Its place in the gallery now (the number field follows drags and the move buttons). */
	position: number;
	count: number;
	onMove: (to: number) => void;
	/** Another card was dragged onto this one: it takes this one's place. */
	onDropHere: (draggedId: number) => void;
	removed: boolean;
	cover: boolean;
	alt: { en: string; ru: string };
}) {
	const { t } = useTranslation("admin");
	const hydrated = useHydrated();
	const positionId = `gallery-position-${item.id}`;
	const removeId = `gallery-remove-${item.id}`;
	const coverId = `gallery-cover-${item.id}`;
	const label = t("projects.form.imageLabel", { index });
	return (
		<li
			className="flex flex-col gap-2 rounded-lg border border-line bg-card p-2"
			data-testid="gallery-item"
			{...(hydrated ? dragProps(item.id, onDropHere) : {})}
		>
			<img
				src={previewUrl(item.image)}
				alt={t("projects.form.galleryImageAlt", { index, name: projectName })}
				width={200}
				height={200}
				loading="lazy"
				className={cx("aspect-square w-full rounded-md bg-ink/5 object-cover", hydrated && "cursor-grab")}
			/>
			<div className="flex items-center justify-between gap-2 text-sm">
				<label htmlFor={positionId}>{t("projects.form.position", { index })}</label>
				<input
					id={positionId}
					name={GALLERY_FIELDS.position(item.id)}
					type="number"
					min={1}
					step={1}
					value={position}
					onChange={(event) => {
						const to = Number(event.currentTarget.value);
						if (event.currentTarget.value !== "" && Number.isInteger(to) && to >= 1) onMove(to);
					}}
					className="h-9 w-16 rounded-md border border-line bg-card px-2"
				/>
			</div>
			{hydrated ? (
				<MoveControls
					id={`gallery-move-${item.id}`}
					label={label}
					position={position}
					count={count}
					onMove={onMove}
				/>
			) : null}
			<div className="flex flex-col gap-1 text-sm">
				<label htmlFor={`${positionId}-alt-en`}>{t("projects.form.altEn", { index })}</label>
				<input
					id={`${positionId}-alt-en`}
					name={GALLERY_FIELDS.altEn(item.id)}
					lang="en"
					defaultValue={alt.en}
					maxLength={MAX_ALT_LENGTH}
					className="h-9 rounded-md border border-line bg-card px-2"
				/>
				<label htmlFor={`${positionId}-alt-ru`}>{t("projects.form.altRu", { index })}</label>
				<input
					id={`${positionId}-alt-ru`}
					name={GALLERY_FIELDS.altRu(item.id)}
					lang="ru"
					defaultValue={alt.ru}
					maxLength={MAX_ALT_LENGTH}
					className="h-9 rounded-md border border-line bg-card px-2"
				/>
			</div>
			<div className="flex items-center gap-2 text-sm">
				<input
					id={removeId}
					name={GALLERY_FIELDS.remove}
					value={item.id}
					type="checkbox"
					defaultChecked={removed}
					className="size-4 accent-[var(--color-accent)]"
				/>
				<label htmlFor={removeId}>{t("projects.form.remove", { index })}</label>
			</div>
			<div className="flex items-center gap-2 text-sm">
				<input
					id={coverId}
					name={GALLERY_FIELDS.cover}
					value={item.id}
					type="radio"
					defaultChecked={cover}
					className="size-4 accent-[var(--color-ink)]"
				/>
				<label htmlFor={coverId}>{t("projects.form.coverImage", { index })}</label>
			</div>
		</li>
	);
}
