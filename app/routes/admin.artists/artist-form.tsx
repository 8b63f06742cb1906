import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { ResponsiveImage } from "~/components/responsive-image";
import { FormAlert } from "~/components/ui/form-alert";
import { CheckboxField, Field, FileField, TextareaField } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { ARTISTS_PATH, artistSchema } from "~/lib/artist-form";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { useTranslation } from "~/lib/translations";
import type { ArtistRow, action } from "./route";

/**
 * Add (`?new`) or edit (`?edit=<id>`) an artist: both languages at once, a plain multipart POST. Adding
 * carries a one-time token (`formToken`, from the loader; a refused post's answer brings a fresh one).
 */
export function ArtistForm({ artist, formToken }: { artist: ArtistRow | null; formToken?: string | null }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const saveResult = actionData?.intent === "save" ? actionData : null;
	const [form, fields] = useForm({
		id: `artist-${artist?.id ?? "new"}`,
		lastResult: saveResult?.result,
		defaultValue: {
			intent: artist ? "update" : "create",
			id: artist?.id ?? "",
			name: artist?.name ?? "",
			cityEn: artist?.cityEn ?? "",
			cityRu: artist?.cityRu ?? "",
			website: artist?.website ?? "",
			sortOrder: String(artist?.sortOrder ?? 0),
			descriptionEn: artist?.descriptionEn ?? "",
			descriptionRu: artist?.descriptionRu ?? "",
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: artistSchema }),
		shouldValidate: "onSubmit",
		shouldRevalidate: "onInput",
	});
	const intent = navigation.formData?.get("intent");
	const submitting = navigation.state === "submitting" && (intent === "create" || intent === "update");
	const imageError = saveResult?.imageError
		? [saveResult.imageError.key, ...(saveResult.imageError.help ? [saveResult.imageError.help] : [])]
				.map((key) => t(key, saveResult.imageError?.values))
				.join(" ")
		: fields.image.errors?.map((error) => t(error, { ns: "common" })).join(" ");
	const formAction = artist ? `${ARTISTS_PATH}?edit=${encodeURIComponent(artist.id)}` : `${ARTISTS_PATH}?new`;
	return (
		<section
			aria-labelledby="artist-form-title"
			className="mt-8 max-w-3xl rounded-2xl border border-line p-6"
		>
			<h2 id="artist-form-title" className="font-display text-xl font-semibold">
				{artist ? t("artists.editTitle", { name: artist.name }) : t("artists.addTitle")}
			</h2>
			<Form
				method="post"
				action={formAction}
				encType="multipart/form-data"
				className="mt-5 flex flex-col gap-5"
				{...getFormProps(form)}
			>
				<input type="hidden" name="intent" value={artist ? "update" : "create"} />
				{artist ? null : <FormTokenField token={saveResult?.formToken ?? formToken} />}
				{artist ? (
					// The version the form was opened at; after a conflict, the one it carries from now on.
					<input type="hidden" name={VERSION_FIELD} value={saveResult?.conflict?.version ?? artist.version} />
				) : null}
				{saveResult?.conflict ? (
					<EditConflictNotice
						entity="artist"
						conflict={saveResult.conflict}
						message={t("conflicts.artist")}
					/>
				) : null}
				<FormAlert
					title={t("artists.errorTitle")}
					messages={form.errors?.map((error) => t(error, { ns: "common" }))}
				/>
				<div className="grid gap-5 md:grid-cols-2">
					<Field meta={fields.name} type="text" label={t("artists.form.name")} autoComplete="off" />
					{artist ? (
						<div className="flex flex-col gap-1.5">
							<input type="hidden" name={fields.id.name} value={artist.id} />
							<p className="text-sm font-semibold">{t("artists.form.id")}</p>
							<p className="flex h-12 items-center font-mono text-sm">{artist.id}</p>
							<p className="text-xs text-muted">{t("artists.form.idFixedHint")}</p>
						</div>
					) : (
						<Field
							meta={fields.id}
							type="text"
							label={t("artists.form.idOptional")}
							hint={t("artists.form.idHint")}
							autoComplete="off"
							spellCheck={false}
						/>
					)}
					<Field meta={fields.cityEn} type="text" label={t("artists.form.cityEn")} lang="en" />
					<Field meta={fields.cityRu} type="text" label={t("artists.form.cityRu")} lang="ru" />
					<Field
						meta={fields.website}
						type="text"
						inputMode="url"
						label={t("artists.form.website")}
						hint={t("artists.form.websiteHint")}
						autoComplete="off"
						spellCheck={false}
					/>
					<Field
						meta={fields.sortOrder}
						type="number"
						label={t("artists.form.sortOrder")}
						hint={t("artists.form.sortOrderHint")}
						min={0}
						step={1}
						inputMode="numeric"
					/>
				</div>
				<TextareaField
					meta={fields.descriptionEn}
					label={t("artists.form.descriptionEn")}
					rows={5}
					lang="en"
				/>
				<TextareaField
					meta={fields.descriptionRu}
					label={t("artists.form.descriptionRu")}
					rows={5}
					lang="ru"
				/>
				<FileField
					id={fields.image.id}
					name={fields.image.name}
					label={t("artists.form.portrait")}
					hint={`${artist?.image ? `${t("artists.form.portraitEditHint")} ` : ""}${t("images.hint")}`}
					errors={imageError ? [imageError] : undefined}
					preview={
						artist?.image ? (
							<ResponsiveImage
								image={artist.image}
								alt={t("artists.form.currentPortrait", { name: artist.name })}
								sizes="160px"
								className="size-40 rounded-lg bg-ink/5 object-cover"
							/>
						) : null
					}
				/>
				{artist?.image ? (
					<CheckboxField meta={fields.removeImage} label={t("artists.form.removePortrait")} />
				) : null}
				<div className="flex flex-wrap items-center gap-3">
					<button type="submit" className="button-primary" disabled={submitting}>
						{submitting ? t("artists.saving") : artist ? t("artists.saveChanges") : t("artists.create")}
					</button>
					<Link to={ARTISTS_PATH} className="px-3 py-2 text-sm font-semibold text-muted hover:text-ink">
						{t("artists.cancel")}
					</Link>
				</div>
			</Form>
		</section>
	);
}
