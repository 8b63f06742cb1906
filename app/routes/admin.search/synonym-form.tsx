import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { FormAlert } from "~/components/ui/form-alert";
import { TextareaField } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { SEARCH_ADMIN_PATH, synonymSchema } from "~/lib/search-synonyms";
import { useTranslation } from "~/lib/translations";
import type { action, SynonymRow } from "./route";

/**
 * Add (`?new`, with `&phrases=` to start from a search that found nothing) or edit (`?edit=<id>`) a group
 * of synonyms: one textarea, a word or phrase a line. Adding carries a one-time token; editing, the
 * version it was opened at.
 */
export function SynonymForm({
	synonym,
	prefill,
	formToken,
}: {
	synonym: SynonymRow | null;
	prefill: string;
	formToken: string | null;
}) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const saveResult = actionData?.intent === "save" ? actionData : null;
	const [form, fields] = useForm({
		id: `synonym-${synonym?.id ?? "new"}`,
		lastResult: saveResult?.result,
		defaultValue: {
			intent: synonym ? "update" : "create",
			id: synonym ? String(synonym.id) : "",
			phrases: synonym?.phrases ?? prefill,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: synonymSchema }),
		shouldValidate: "onSubmit",
		shouldRevalidate: "onInput",
	});
	const intent = navigation.formData?.get("intent");
	const submitting = navigation.state === "submitting" && (intent === "create" || intent === "update");
	const formAction = synonym ? `${SEARCH_ADMIN_PATH}?edit=${synonym.id}` : `${SEARCH_ADMIN_PATH}?new`;
	return (
		<section
			aria-labelledby="synonym-form-title"
			className="mt-8 max-w-3xl rounded-2xl border border-line p-6"
		>
			<h2 id="synonym-form-title" className="font-display text-xl font-semibold">
				{synonym ? t("search.form.editTitle", { label: synonym.label }) : t("search.form.addTitle")}
			</h2>
			<Form method="post" action={formAction} className="mt-5 flex flex-col gap-5" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={synonym ? "update" : "create"} />
				{synonym ? <input type="hidden" name="id" value={synonym.id} /> : null}
				{synonym ? null : <FormTokenField token={saveResult?.formToken ?? formToken} />}
				{synonym ? (
					<input
						type="hidden"
						name={VERSION_FIELD}
						value={saveResult?.conflict?.version ?? synonym.version}
					/>
				) : null}
				{saveResult?.conflict ? (
					<EditConflictNotice
						entity="synonym"
						conflict={saveResult.conflict}
						message={t("conflicts.synonym")}
					/>
				) : null}
				<FormAlert
					title={t("search.errorTitle")}
					messages={form.errors?.map((error) => t(error, { ns: "common" }))}
				/>
				<TextareaField
					meta={fields.phrases}
					label={t("search.form.phrases")}
					hint={t("search.form.phrasesHint")}
					rows={5}
				/>
				<div className="flex flex-wrap items-center gap-3">
					<button type="submit" className="button-primary" disabled={submitting}>
						{submitting ? t("search.form.saving") : synonym ? t("search.form.save") : t("search.form.create")}
					</button>
					<Link to={SEARCH_ADMIN_PATH} className="px-3 py-2 text-sm font-semibold text-muted hover:text-ink">
						{t("search.form.cancel")}
					</Link>
				</div>
			</Form>
		</section>
	);
}
