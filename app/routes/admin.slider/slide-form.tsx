import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { ChosenFiles, useChosenFiles } from "~/components/admin/gallery-controls";
import { ResponsiveImage } from "~/components/responsive-image";
import { FormAlert } from "~/components/ui/form-alert";
import { CheckboxField, Field, FileField, SelectField } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { SLIDE_CATEGORIES } from "~/lib/categories";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { useTranslation } from "~/lib/translations";
import type { action, SlideRow } from "./route";
import { SlidePreview } from "./slide-preview";
import { SLIDER_PATH, slideSchema } from "./slide-schema";

/**
 * Add (`?new`) or edit (`?edit=<id>`) a slide: both languages at once, a plain multipart POST. Adding
 * carries a one-time token (`formToken`, from the loader; a refused post's answer brings a fresh one).
 */
export function SlideForm({ slide, formToken }: { slide: SlideRow | null; formToken?: string | null }) {
	const { t } = useTranslation("admin");
	const chosen = useChosenFiles();
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
	const imageError = saveResult?.imageError
		? [saveResult.imageError.key, ...(saveResult.imageError.help ? [saveResult.imageError.help] : [])]
				.map((key) => t(key, saveResult.imageError?.values))
				.join(" ")
		: fields.image.errors?.map((error) => t(error, { ns: "common" })).join(" ");
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
				{slide ? (
					<>
						<input type="hidden" name={fields.id.name} value={slide.id} />
						{/* The version the form was opened at; after a conflict, the one it carries from now on. */}
						<input
							type="hidden"
							name={VERSION_FIELD}
							value={saveResult?.conflict?.version ?? slide.version}
						/>
					</>
				) : (
					<FormTokenField token={saveResult?.formToken ?? formToken} />
				)}
				{saveResult?.conflict ? (
					<EditConflictNotice entity="slide" conflict={saveResult.conflict} message={t("conflicts.slide")} />
				) : null}
				<FormAlert
					title={t("slider.errorTitle")}
					messages={form.errors?.map((error) => t(error, { ns: "common" }))}
				/>
				<div className="grid gap-5 md:grid-cols-2">
					<Field
						meta={fields.titleEn}
						type="text"
						label={t("slider.titleEn")}
						hint={t("slider.titleHint")}
						lang="en"
					/>
					<Field
						meta={fields.titleRu}
						type="text"
						label={t("slider.titleRu")}
						hint={t("slider.titleHint")}
						lang="ru"
					/>
					<Field meta={fields.subtitleEn} type="text" label={t("slider.subtitleEn")} lang="en" />
					<Field meta={fields.subtitleRu} type="text" label={t("slider.subtitleRu")} lang="ru" />
				</div>
				<SelectField meta={fields.category} label={t("slider.category")}>
					{SLIDE_CATEGORIES.map((category) => (
						<option key={category} value={category}>
							{t(`categories.${category}`, { ns: "common" })}
						</option>
					))}
				</SelectField>
				<FileField
					id={fields.image.id}
					name={fields.image.name}
					label={t("slider.imageLabel")}
					hint={`${slide ? `${t("slider.imageEditHint")} ` : ""}${t("slider.imageHint")}`}
					errors={imageError ? [imageError] : undefined}
					onChange={(event) => chosen.read(event.currentTarget)}
					preview={
						slide ? (
							<figure className="w-72 max-w-full">
								{/* The 16:9 guide: the frame the slider crops to on a wide screen. */}
								<ResponsiveImage
									image={slide.image}
									alt={t("slider.currentImage", { title: slide.title })}
									sizes="288px"
									className="aspect-video w-full rounded-lg bg-ink/5 object-cover outline-2 outline-offset-2 outline-dashed outline-line"
								/>
								<figcaption className="mt-1 text-xs text-muted">{t("slider.guide")}</figcaption>
							</figure>
						) : null
					}
				/>
				{/* The chosen file in the same 16:9 frame, before it is uploaded (JavaScript only). */}
				<ChosenFiles files={chosen.files} label={t("slider.guide")} frame="wide" />
				<CheckboxField meta={fields.isActive} label={t("slider.isActive")} />
				<div className="flex flex-wrap items-center gap-3">
					<button type="submit" className="button-primary" disabled={submitting}>
						{submitting ? t("slider.saving") : slide ? t("slider.saveChanges") : t("slider.create")}
					</button>
					<Link to={SLIDER_PATH} className="px-3 py-2 text-sm font-semibold text-muted hover:text-ink">
						{t("slider.cancel")}
					</Link>
				</div>
			</Form>
			<SlidePreview formId={form.id} slide={slide} />
		</section>
	);
}
