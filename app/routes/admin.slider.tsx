import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { RowForm } from "~/components/admin/row-form";
import { ResponsiveImage } from "~/components/responsive-image";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field, FormAlert, fieldProps } from "~/components/ui/field";
import { SLIDE_CATEGORIES } from "~/lib/categories";
import { localized } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import {
	createSlide,
	deleteSlide,
	listSlides,
	moveSlide,
	type SlideImage,
	setSlideActive,
	updateSlide,
} from "~/models/slides.server";
import { requireAdmin } from "~/services/auth.server";
import { deleteImageIfUnused, readUploadForm, storeUploadedImage } from "~/services/image-upload.server";

const SLIDER_PATH = "/admin/slider";
const TEXT_FIELDS = ["titleEn", "titleRu", "subtitleEn", "subtitleRu"] as const;
const noStore = { "Cache-Control": "no-store" };

function hasFile(value: unknown): boolean {
	return typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;
}

/**
 * The add/edit form (spec: title and subtitle required and trimmed, a new slide needs an image). Both
 * languages are edited together; every text is required so the home page never shows a half-translated
 * slide. Checked in the browser too (conform), and always on the server.
 */
const slideSchema = z
	.object({
		intent: z.literal("save"),
		id: z.coerce.number().int().positive().optional(),
		titleEn: z.string().trim().max(200, "validation.tooLong").optional(),
		titleRu: z.string().trim().max(200, "validation.tooLong").optional(),
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
		if (!value.id && !hasFile(value.image)) {
			context.addIssue({ code: "custom", path: ["image"], message: "admin:slider.errors.imageRequired" });
		}
	});

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

export const meta: MetaFunction<typeof loader> = adminMeta;

function positiveInt(value: string | null): number | null {
	const number = Number(value);
	return value && Number.isInteger(number) && number > 0 ? number : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const language = await getLanguage(request);
	const [slides, t] = await Promise.all([listSlides(), i18nServer.getFixedT(language, "admin")]);
	const params = new URL(request.url).searchParams;
	const editId = positiveInt(params.get("edit"));
	const deleteId = positiveInt(params.get("delete"));
	const rows = slides.map((slide) => ({
		id: slide.id,
		order: slide.sort_order,
		title: localized(language, slide.title_en, slide.title_ru),
		subtitle: localized(language, slide.subtitle_en, slide.subtitle_ru),
		titleEn: slide.title_en,
		titleRu: slide.title_ru,
		subtitleEn: slide.subtitle_en,
		subtitleRu: slide.subtitle_ru,
		category: slide.category,
		isActive: slide.is_active === 1,
		image: { key: slide.image_url, width: slide.image_width, height: slide.image_height },
	}));
	return data(
		{
			title: t("slider.metaTitle"),
			slides: rows,
			creating: params.has("new"),
			editing: editId ? (rows.find((slide) => slide.id === editId) ?? null) : null,
			deleting: deleteId ? (rows.find((slide) => slide.id === deleteId) ?? null) : null,
			missing: (editId !== null || deleteId !== null) && !rows.some((s) => s.id === (editId ?? deleteId)),
		},
		{ headers: noStore },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request);
	const formData = await readUploadForm(request);
	if (formData.get("intent") === "save") return saveSlide(formData);

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

async function saveSlide(formData: FormData) {
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
	const stored = await storeUploadedImage(hasFile(file) ? (file as Blob) : null, "slides");
	if (stored && !stored.ok) {
		return fail(
			submission.reply({ fieldErrors: { image: [`admin:${stored.error.key}`] }, hideFields: ["image"] }),
			400,
			{
				key: stored.error.key,
				values: stored.error.values,
			},
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

type SlideRow = ReturnType<typeof useLoaderData<typeof loader>>["slides"][number];

const smallButton =
	"inline-flex h-9 items-center rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:cursor-not-allowed disabled:opacity-50";

export default function AdminSlider() {
	const { t } = useTranslation("admin");
	const { slides, creating, editing, deleting, missing } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const rowError = actionData?.intent === "row" && !actionData.ok ? actionData.error : null;
	const formOpen = creating || editing !== null;
	return (
		<div>
			<AdminPageHeader title={t("slider.title")}>
				{formOpen ? null : (
					<Link to="?new" className="button-primary">
						{t("slider.add")}
					</Link>
				)}
			</AdminPageHeader>
			{missing || rowError ? (
				<div className="mt-6">
					<FormAlert title={t("slider.errorTitle")} messages={[t(rowError ?? "slider.errors.notFound")]} />
				</div>
			) : null}
			{deleting ? <DeleteConfirm slide={deleting} /> : null}
			{formOpen ? <SlideForm key={editing?.id ?? "new"} slide={editing} /> : null}
			{slides.length === 0 ? (
				<p className="mt-10 text-muted">{t("slider.empty")}</p>
			) : (
				<AdminTable
					caption={t("slider.caption")}
					minWidth="min-w-[60rem]"
					columns={[
						t("slider.order"),
						t("slider.image"),
						t("slider.slideTitle"),
						t("slider.subtitle"),
						t("slider.category"),
						t("slider.active"),
						t("slider.actions"),
					]}
				>
					{slides.map((slide, index) => (
						<SlideTableRow
							key={slide.id}
							slide={slide}
							first={index === 0}
							last={index === slides.length - 1}
						/>
					))}
				</AdminTable>
			)}
		</div>
	);
}

/** One row; the switch and the arrows are small forms (fetchers with JavaScript), each with its own state. */
function SlideTableRow({ slide, first, last }: { slide: SlideRow; first: boolean; last: boolean }) {
	const { t } = useTranslation("admin");
	const toggle = useFetcher<typeof action>({ key: `slide-toggle-${slide.id}` });
	const move = useFetcher<typeof action>({ key: `slide-move-${slide.id}` });
	const pendingActive = toggle.formData?.get("active");
	const active = pendingActive === "1" ? true : pendingActive === "0" ? false : slide.isActive;
	const moving = move.state !== "idle";
	const error = [toggle.data, move.data]
		.map((result) => (result?.intent === "row" && !result.ok ? result.error : null))
		.find(Boolean);
	return (
		<tr className="border-b border-line align-middle" data-testid="slide-row">
			<td className="py-3 pr-4 text-muted">{slide.order}</td>
			<td className="py-3 pr-4">
				<ResponsiveImage
					image={slide.image}
					alt={slide.title}
					sizes="96px"
					className="h-14 w-24 rounded-md bg-ink/5 object-cover"
				/>
			</td>
			<th scope="row" className="py-3 pr-4 font-semibold">
				{slide.title}
			</th>
			<td className="py-3 pr-4 text-muted">{slide.subtitle}</td>
			<td className="py-3 pr-4">{t(`categories.${slide.category}`, { ns: "common" })}</td>
			<td className="py-3 pr-4">
				<RowForm fetcher={toggle} action={SLIDER_PATH} id={slide.id} intent="toggle">
					<input type="hidden" name="active" value={active ? "0" : "1"} />
					<button
						type="submit"
						role="switch"
						aria-checked={active}
						aria-label={t("slider.activeNamed", { title: slide.title })}
						disabled={toggle.state !== "idle"}
						className="group inline-flex h-7 w-12 items-center rounded-full border border-line bg-ink/10 p-0.5 transition-colors aria-checked:bg-ink disabled:opacity-60"
					>
						<span className="size-5 rounded-full bg-paper shadow transition-transform group-aria-checked:translate-x-5" />
					</button>
				</RowForm>
			</td>
			<td className="py-3">
				<div className="flex flex-wrap items-center gap-2">
					<RowForm fetcher={move} action={SLIDER_PATH} id={slide.id} intent="move">
						<input type="hidden" name="direction" value="up" />
						<button
							type="submit"
							className={smallButton}
							disabled={first || moving}
							aria-label={t("slider.moveUpNamed", { title: slide.title })}
						>
							↑
						</button>
					</RowForm>
					<RowForm fetcher={move} action={SLIDER_PATH} id={slide.id} intent="move">
						<input type="hidden" name="direction" value="down" />
						<button
							type="submit"
							className={smallButton}
							disabled={last || moving}
							aria-label={t("slider.moveDownNamed", { title: slide.title })}
						>
							↓
						</button>
					</RowForm>
					<Link
						to={`?edit=${slide.id}`}
						className={smallButton}
						aria-label={t("slider.editNamed", { title: slide.title })}
					>
						{t("slider.edit")}
					</Link>
					<Link
						to={`?delete=${slide.id}`}
						className={smallButton}
						aria-label={t("slider.deleteNamed", { title: slide.title })}
					>
						{t("slider.delete")}
					</Link>
				</div>
				{error ? (
					<p role="alert" className="mt-2 text-xs font-medium text-accent">
						{t(error)}
					</p>
				) : null}
			</td>
		</tr>
	);
}

/** The spec's confirmation, as a page state (`?delete=<id>`) so it works without JavaScript. */
function DeleteConfirm({ slide }: { slide: SlideRow }) {
	const { t } = useTranslation("admin");
	const navigation = useNavigation();
	const ref = useRef<HTMLElement>(null);
	useEffect(() => ref.current?.focus(), []);
	const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
	return (
		<section
			ref={ref}
			tabIndex={-1}
			role="alertdialog"
			aria-labelledby="delete-slide-title"
			aria-describedby="delete-slide-text"
			className="mt-8 max-w-xl rounded-2xl border border-accent/50 bg-accent/5 p-6 outline-none"
		>
			<h2 id="delete-slide-title" className="font-display text-xl font-semibold">
				{t("slider.confirmTitle", { title: slide.title })}
			</h2>
			<p id="delete-slide-text" className="mt-2">
				{t("slider.confirmText")}
			</p>
			<Form method="post" action={SLIDER_PATH} className="mt-5 flex flex-wrap items-center gap-3">
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={slide.id} />
				<button type="submit" className="button-primary" disabled={deleting}>
					{deleting ? t("slider.deleting") : t("slider.confirmDelete")}
				</button>
				<Link to={SLIDER_PATH} className="px-3 py-2 text-sm font-semibold text-muted hover:text-ink">
					{t("slider.cancel")}
				</Link>
			</Form>
		</section>
	);
}

function SlideForm({ slide }: { slide: SlideRow | null }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const saveResult = actionData?.intent === "save" ? actionData : null;
	const [form, fields] = useForm({
		id: `slide-${slide?.id ?? "new"}`,
		lastResult: saveResult?.result,
		defaultValue: {
			id: slide ? String(slide.id) : "",
			titleEn: slide?.titleEn ?? "",
			titleRu: slide?.titleRu ?? "",
			subtitleEn: slide?.subtitleEn ?? "",
			subtitleRu: slide?.subtitleRu ?? "",
			category: slide?.category ?? "furniture",
			isActive: slide ? slide.isActive : true,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: slideSchema }),
		shouldValidate: "onSubmit",
		shouldRevalidate: "onInput",
	});
	const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
	const { key: _categoryKey, ...categorySelect } = getSelectProps(fields.category);
	const { key: _activeKey, ...activeBox } = getInputProps(fields.isActive, {
		type: "checkbox",
		ariaAttributes: false,
	});
	const imageError = saveResult?.imageError
		? t(saveResult.imageError.key, saveResult.imageError.values)
		: fields.image.errors?.map((error) => t(error, { ns: "common" })).join(" ");
	const imageHintId = `${fields.image.id}-hint`;
	const imageErrorId = `${fields.image.id}-error`;
	const formAction = slide ? `${SLIDER_PATH}?edit=${slide.id}` : `${SLIDER_PATH}?new`;
	return (
		<section aria-labelledby="slide-form-title" className="mt-8 max-w-3xl rounded-2xl border border-line p-6">
			<h2 id="slide-form-title" className="font-display text-xl font-semibold">
				{slide ? t("slider.editTitle") : t("slider.addTitle")}
			</h2>
			<Form
				method="post"
				action={formAction}
				encType="multipart/form-data"
				className="mt-5 flex flex-col gap-5"
				{...getFormProps(form)}
			>
				<input type="hidden" name="intent" value="save" />
				{slide ? <input type="hidden" name={fields.id.name} value={slide.id} /> : null}
				<FormAlert
					title={t("slider.errorTitle")}
					messages={form.errors?.map((error) => t(error, { ns: "common" }))}
				/>
				<div className="grid gap-5 md:grid-cols-2">
					<Field {...fieldProps(fields.titleEn, "text")} label={t("slider.titleEn")} lang="en" />
					<Field {...fieldProps(fields.titleRu, "text")} label={t("slider.titleRu")} lang="ru" />
					<Field {...fieldProps(fields.subtitleEn, "text")} label={t("slider.subtitleEn")} lang="en" />
					<Field {...fieldProps(fields.subtitleRu, "text")} label={t("slider.subtitleRu")} lang="ru" />
				</div>
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.category.id} className="text-sm font-semibold">
						{t("slider.category")}
					</label>
					<select {...categorySelect} className="h-12 rounded-lg border border-line bg-card px-4">
						{SLIDE_CATEGORIES.map((category) => (
							<option key={category} value={category}>
								{t(`categories.${category}`, { ns: "common" })}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.image.id} className="text-sm font-semibold">
						{t("slider.imageLabel")}
					</label>
					{slide ? (
						<ResponsiveImage
							image={slide.image}
							alt={t("slider.currentImage", { title: slide.title })}
							sizes="240px"
							className="h-32 w-60 rounded-lg bg-ink/5 object-cover"
						/>
					) : null}
					<input
						id={fields.image.id}
						name={fields.image.name}
						type="file"
						accept="image/jpeg,image/png,image/webp,image/gif,image/svg+xml"
						aria-invalid={imageError ? true : undefined}
						aria-describedby={[imageError ? imageErrorId : null, imageHintId].filter(Boolean).join(" ")}
						className="rounded-lg border border-line bg-card px-4 py-3 text-sm"
					/>
					<p id={imageHintId} className="text-xs text-muted">
						{slide ? `${t("slider.imageEditHint")} ` : ""}
						{t("images.hint")}
					</p>
					{imageError ? (
						<p id={imageErrorId} role="alert" className="text-sm font-medium text-accent">
							{imageError}
						</p>
					) : null}
				</div>
				<CheckboxField
					{...activeBox}
					id={fields.isActive.id}
					name={fields.isActive.name}
					label={t("slider.isActive")}
				/>
				<div className="flex flex-wrap items-center gap-3">
					<button type="submit" className="button-primary" disabled={submitting}>
						{submitting ? t("slider.saving") : slide ? t("slider.saveChanges") : t("slider.create")}
					</button>
					<Link to={SLIDER_PATH} className="px-3 py-2 text-sm font-semibold text-muted hover:text-ink">
						{t("slider.cancel")}
					</Link>
				</div>
			</Form>
		</section>
	);
}
