import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { Phone } from "~/components/phone";
import { Price } from "~/components/price";
import { TextareaField } from "~/components/ui/form-fields";
import { formatDate } from "~/lib/format";
import { REQUEST_STATUSES } from "~/lib/request-status";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { noteSchema, REQUESTS_PATH } from "./request-schemas";
import type { action, RequestListRow } from "./route";

const smallButton =
	"h-9 rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:cursor-wait disabled:opacity-60";
const tag =
	"ml-2 inline-block rounded-full bg-ink/5 px-2 py-0.5 text-xs font-normal whitespace-nowrap text-muted";

/** One request: what was asked for and by whom, its status select and the gallery's internal note. */
export function RequestRow({ request: item }: { request: RequestListRow }) {
	const { t, i18n } = useTranslation("admin");
	return (
		<tr className="border-b border-line align-top" data-testid="request-row">
			<td className="py-3 pr-4 text-muted" data-label="#">
				{item.id}
			</td>
			<td className="py-3 pr-4" data-label={t("requests.project")}>
				<div>
					{item.project_id ? (
						<Link
							to={`/project/${encodeURIComponent(item.project_id)}`}
							className="font-semibold hover:underline"
						>
							{item.project_name}
						</Link>
					) : (
						<span>
							{item.project_name} <span className="text-muted">({t("requests.projectRemoved")})</span>
						</span>
					)}
					{item.kind === "similar" ? <span className={tag}>{t("requests.similarWork")}</span> : null}
					{item.price_shown === 0 ? <span className={tag}>{t("requests.priceOnRequest")}</span> : null}
				</div>
			</td>
			<td className="py-3 pr-4 whitespace-nowrap" data-label={t("requests.price")}>
				<Price value={item.project_price} />
			</td>
			<td className="min-w-0 py-3 pr-4" data-label={t("requests.contact")}>
				<div className="min-w-0">
					<a href={`mailto:${item.email}`} className="block break-all hover:underline">
						{item.email}
					</a>
					<Phone value={item.phone} link className="block text-muted hover:underline" />
				</div>
			</td>
			<td className="py-3 pr-4 whitespace-nowrap" data-label={t("requests.date")}>
				{formatDate(item.created_at, i18n.language, "dateTime")}
			</td>
			<td className="py-3 pr-4" data-label={t("requests.status")}>
				<StatusForm id={item.id} status={item.status} />
			</td>
			<td className="py-3" data-label={t("requests.note")}>
				<NoteForm id={item.id} note={item.note} />
			</td>
		</tr>
	);
}

/** Saves as soon as the select changes (with JavaScript); without it, a Save button posts the form. */
function StatusForm({ id, status }: { id: number; status: string }) {
	const { t } = useTranslation("admin");
	const fetcher = useFetcher<typeof action>({ key: `request-status-${id}` });
	const hydrated = useHydrated();
	const location = useLocation();
	const pending = fetcher.formData?.get("status");
	const current = typeof pending === "string" ? pending : status;
	const selectId = `request-status-${id}`;
	const saved = fetcher.state === "idle" && fetcher.data?.intent === "status" && fetcher.data.ok;
	return (
		<fetcher.Form method="post" action={REQUESTS_PATH} className="flex flex-wrap items-center gap-2">
			<input type="hidden" name="id" value={id} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			)}
			<label htmlFor={selectId} className="sr-only">
				{t("requests.statusFor", { id })}
			</label>
			<select
				id={selectId}
				name="status"
				value={current}
				onChange={(event) => fetcher.submit(event.currentTarget.form)}
				className="h-9 rounded-lg border border-line bg-card px-2"
			>
				{REQUEST_STATUSES.map((option) => (
					<option key={option} value={option}>
						{t(`status.${option}`, { ns: "account" })}
					</option>
				))}
			</select>
			{hydrated ? (
				<span aria-live="polite" className="text-xs text-muted">
					{saved ? t("requests.saved") : null}
				</span>
			) : (
				<button type="submit" className={smallButton}>
					{t("requests.save")}
				</button>
			)}
		</fetcher.Form>
	);
}

/**
 * The internal note (buyers never see it). A fetcher with JavaScript; a plain post without it, whose errors
 * come back as the page's action data for this row.
 */
function NoteForm({ id, note }: { id: number; note: string }) {
	const { t } = useTranslation("admin");
	const fetcher = useFetcher<typeof action>({ key: `request-note-${id}` });
	const actionData = useActionData<typeof action>();
	const hydrated = useHydrated();
	const location = useLocation();
	const own = (answer: typeof actionData) =>
		answer?.intent === "note" && answer.id === id ? answer.result : undefined;
	const [form, fields] = useForm({
		id: `request-note-form-${id}`,
		lastResult: fetcher.state === "idle" ? (own(fetcher.data) ?? own(actionData)) : undefined,
		defaultValue: { note },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: noteSchema }),
		shouldValidate: "onSubmit",
	});
	const saving = fetcher.state !== "idle";
	const saved = fetcher.state === "idle" && own(fetcher.data)?.status === "success";
	return (
		<fetcher.Form
			method="post"
			action={REQUESTS_PATH}
			className="flex w-48 flex-col gap-2 max-md:w-full"
			{...getFormProps(form)}
		>
			<input type="hidden" name="intent" value="note" />
			<input type="hidden" name="id" value={id} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			)}
			<TextareaField
				meta={fields.note}
				label={t("requests.noteFor", { id })}
				rows={2}
				className="[&_label]:sr-only"
			/>
			<div className="flex items-center gap-2">
				<button type="submit" className={smallButton} disabled={saving}>
					{saving ? t("requests.noteSaving") : t("requests.noteSave")}
				</button>
				<span aria-live="polite" className="text-xs text-muted">
					{saved ? t("requests.noteSaved") : null}
				</span>
			</div>
		</fetcher.Form>
	);
}
