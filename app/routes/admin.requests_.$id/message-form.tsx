import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { FormAlert } from "~/components/ui/form-alert";
import { TextareaField } from "~/components/ui/form-fields";
import { useTranslation } from "~/lib/translations";
import { messageSchema, noteSchema } from "./desk-schemas";
import type { action, DeskData } from "./route";

const button =
	"h-11 rounded-lg bg-ink px-5 text-sm font-semibold text-paper hover:opacity-90 disabled:cursor-wait disabled:opacity-60";
const secondaryButton =
	"h-10 rounded-lg border border-line px-4 text-sm font-semibold hover:border-ink disabled:cursor-wait disabled:opacity-60";

/** The answer of this page's action for one of its forms, if the last post was that form's. */
function useOwnResult(intent: "message" | "note" | "status") {
	const answer = useActionData<typeof action>();
	return answer && "intent" in answer && answer.intent === intent ? answer.result : undefined;
}

/** Whether this page is posting the form with this intent right now. */
export function useSubmitting(intent: string) {
	const navigation = useNavigation();
	return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * "Message" / "Send": the gallery's answer to the buyer, mailed to them and shown on their page. A canned
 * reply goes into the field with "Insert" (at the cursor with JavaScript; without it the page comes back
 * with the field filled).
 */
export function MessageForm({ desk }: { desk: DeskData }) {
	const { t } = useTranslation("sale");
	const lastResult = useOwnResult("message");
	const submitting = useSubmitting("message");
	const [form, fields] = useForm({
		// A new id starts a fresh form: after a message is sent, and when "Insert" (without JavaScript) came back.
		id: `desk-message-${desk.thread.length}-${desk.draftTemplateId ?? 0}`,
		lastResult,
		defaultValue: { body: desk.messageDraft },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
		shouldValidate: "onSubmit",
	});
	return (
		<section aria-labelledby="desk-reply" className="rounded-xl border border-line bg-card p-5">
			<h2 id="desk-reply" className="font-display text-lg font-semibold">
				{t("desk.reply")}
			</h2>
			<CannedReplyPicker templates={desk.templates} fieldId={fields.body.id} />
			<Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)} key={form.id}>
				<input type="hidden" name="intent" value="message" />
				<FormAlert messages={form.errors?.map((error) => t(error))} />
				<TextareaField meta={fields.body} label={t("desk.message")} hint={t("desk.messageHint")} rows={6} />
				<div>
					<button type="submit" className={button} disabled={submitting}>
						{t("desk.send")}
					</button>
				</div>
			</Form>
		</section>
	);
}

/** The templates, the request's language first; "Insert" puts the chosen one into the message field. */
function CannedReplyPicker({ templates, fieldId }: { templates: DeskData["templates"]; fieldId: string }) {
	const { t } = useTranslation("sale");
	if (templates.length === 0) return null;
	const insert = (event: FormEvent<HTMLFormElement>) => {
		const chosen = templates.find(
			(reply) => String(reply.id) === new FormData(event.currentTarget).get("template"),
		);
		const field = document.getElementById(fieldId);
		if (!chosen || !(field instanceof HTMLTextAreaElement)) return;
		event.preventDefault();
		const { selectionStart, selectionEnd, value } = field;
		const before = value.slice(0, selectionStart);
		const text = before && !before.endsWith("\n") ? `\n${chosen.body}` : chosen.body;
		field.setRangeText(text, selectionStart, selectionEnd, "end");
		field.focus();
	};
	const languages = [...new Set(templates.map((reply) => reply.language))];
	return (
		<Form method="get" onSubmit={insert} preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
			<div className="flex min-w-0 flex-col gap-1.5">
				<label htmlFor="desk-template" className="text-sm font-semibold">
					{t("desk.cannedReply")}
				</label>
				<select
					id="desk-template"
					name="template"
					className="h-10 max-w-full rounded-lg border border-line bg-card px-3"
				>
					{languages.map((language) => (
						<optgroup key={language} label={t(`desk.languages.${language}`)}>
							{templates
								.filter((reply) => reply.language === language)
								.map((reply) => (
									<option key={reply.id} value={reply.id}>
										{reply.title}
									</option>
								))}
						</optgroup>
					))}
				</select>
			</div>
			<button type="submit" className={secondaryButton}>
				{t("desk.insert")}
			</button>
		</Form>
	);
}

/** An internal note: added to the others with its author and time, never overwriting one; never sent. */
export function NoteForm({ count }: { count: number }) {
	const { t } = useTranslation("sale");
	const lastResult = useOwnResult("note");
	const submitting = useSubmitting("note");
	const [form, fields] = useForm({
		id: `desk-note-${count}`,
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: noteSchema }),
		shouldValidate: "onSubmit",
	});
	return (
		<section aria-labelledby="notes" className="rounded-xl border border-dashed border-line p-5">
			<h2 id="notes" className="font-display text-lg font-semibold">
				{t("desk.notes")}
			</h2>
			<p className="mt-1 text-sm text-muted">{t("desk.notesHint")}</p>
			<Form method="post" className="mt-3 flex flex-col gap-3" {...getFormProps(form)} key={form.id}>
				<input type="hidden" name="intent" value="note" />
				<FormAlert messages={form.errors?.map((error) => t(error))} />
				<TextareaField meta={fields.body} label={t("desk.note")} rows={3} />
				<div>
					<button type="submit" className={secondaryButton} disabled={submitting}>
						{t("desk.addNote")}
					</button>
				</div>
			</Form>
		</section>
	);
}
