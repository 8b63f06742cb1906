import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "@remix-run/react";
import { FormAlert } from "~/components/ui/form-alert";
import { REQUEST_STATUSES } from "~/lib/request-status";
import { useTranslation } from "~/lib/translations";
import { statusSchema } from "./desk-schemas";
import { useSubmitting } from "./message-form";
import type { action, DeskData } from "./route";

/**
 * The status, saved only by its button (a select that saved on change mailed buyers at the slip of a
 * mouse), with "notify the buyer" (ticked by default when the settings send status mails) and a preview of
 * the mail the chosen status sends.
 */
export function StatusForm({ desk }: { desk: DeskData }) {
	const { t } = useTranslation("sale");
	const answer = useActionData<typeof action>();
	const submitting = useSubmitting("status");
	const [form, fields] = useForm({
		id: `desk-status-${desk.request.status}`,
		// Conform writes its defaults into the fields it knows when the form starts again (after a save).
		defaultValue: { status: desk.request.status, notify: desk.notifyByDefault ? "on" : undefined },
		lastResult: answer && "intent" in answer && answer.intent === "status" ? answer.result : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: statusSchema }),
		shouldValidate: "onSubmit",
	});
	return (
		<section aria-labelledby="desk-status" className="rounded-xl border border-line bg-card p-5">
			<h2 id="desk-status" className="font-display text-lg font-semibold">
				{t("desk.status")}
			</h2>
			<Form
				method="post"
				className="status-form mt-3 flex flex-col gap-3"
				{...getFormProps(form)}
				key={form.id}
			>
				<input type="hidden" name="intent" value="status" />
				<FormAlert messages={form.errors?.map((error) => t(error))} />
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.status.id} className="text-sm font-semibold">
						{t("desk.statusLabel")}
					</label>
					<select
						id={fields.status.id}
						name={fields.status.name}
						defaultValue={desk.request.status}
						className="h-10 rounded-lg border border-line bg-card px-3"
					>
						{REQUEST_STATUSES.map((status) => (
							<option key={status} value={status}>
								{t(`status.${status}`, { ns: "account" })}
							</option>
						))}
					</select>
				</div>
				<label className="flex items-start gap-2 text-sm">
					<input
						type="checkbox"
						name={fields.notify.name}
						defaultChecked={desk.notifyByDefault}
						className="status-notify mt-1"
					/>
					<span>{t("desk.notify")}</span>
				</label>
				{REQUEST_STATUSES.map((status) => {
					const preview = desk.previews[status];
					return (
						<div
							key={status}
							className="status-preview rounded-lg border border-line bg-paper p-3 text-sm"
							data-status={status}
							data-testid={`status-preview-${status}`}
						>
							{preview ? (
								<>
									<p className="text-xs text-muted">{t("desk.preview")}</p>
									<p className="mt-1 font-semibold">{preview.subject}</p>
									<p className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap text-xs">{preview.text}</p>
								</>
							) : (
								<p className="text-muted">{t("desk.noMailForStatus")}</p>
							)}
						</div>
					);
				})}
				<div>
					<button
						type="submit"
						className="h-10 rounded-lg bg-ink px-4 text-sm font-semibold text-paper hover:opacity-90 disabled:cursor-wait disabled:opacity-60"
						disabled={submitting}
					>
						{t("desk.saveStatus")}
					</button>
				</div>
			</Form>
		</section>
	);
}
