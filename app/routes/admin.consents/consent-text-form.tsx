import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormAlert } from "~/components/ui/form-alert";
import { TextareaField } from "~/components/ui/form-fields";
import { useTranslation } from "~/lib/translations";
import type { action, ConsentPurposeRow } from "./route";

/**
 * One purpose's text in both languages. Saving makes the next version (the one people consent to from
 * then on); the form carries the version it was opened at, so a save over someone else's is refused.
 */
export function ConsentTextForm({ row }: { row: ConsentPurposeRow }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const mine = actionData && "purpose" in actionData && actionData.purpose === row.purpose;
	const [form, fields] = useForm({
		id: `consent-text-${row.purpose}`,
		lastResult: mine ? actionData.result : undefined,
		defaultValue: { bodyRu: row.current?.bodyRu ?? "", bodyEn: row.current?.bodyEn ?? "" },
		shouldRevalidate: "onInput",
	});
	const submitting = navigation.state === "submitting" && navigation.formData?.get("purpose") === row.purpose;
	return (
		<Form method="post" className="mt-5 flex max-w-3xl flex-col gap-5" {...getFormProps(form)}>
			<input type="hidden" name="purpose" value={row.purpose} />
			<input type="hidden" name="basedOn" value={row.current?.version ?? 0} />
			<FormAlert title={t("consents.errorTitle")} messages={form.errors?.map((error) => t(error))} />
			<TextareaField meta={fields.bodyRu} label={t("consents.bodyRu")} rows={12} />
			<TextareaField meta={fields.bodyEn} label={t("consents.bodyEn")} rows={12} />
			<div>
				<button type="submit" className="button-primary" disabled={submitting}>
					{submitting ? t("consents.saving") : t("consents.save")}
				</button>
			</div>
		</Form>
	);
}
