import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import { Field, SelectField, TextareaField } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import { type I18nHandle, type Language, SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import {
	createCannedReply,
	deleteCannedReply,
	listCannedReplies,
	updateCannedReply,
} from "~/models/canned-replies.server";
import { requireAdmin } from "~/services/auth.server";
import { CANNED_REPLIES_PATH, deleteSchema, replySchema } from "./reply-schema";

export const handle = { i18n: ["admin", "sale"] } satisfies I18nHandle;

export const meta: MetaFunction<typeof loader> = adminMeta;

/** The templates by language; `?delete=<id>` is the confirm step (no JavaScript needed). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const [replies, t] = await Promise.all([
		listCannedReplies(),
		i18nServer.getFixedT(await getLanguage(request), "sale"),
	]);
	const deleting = Number(new URL(request.url).searchParams.get("delete")) || null;
	return data(
		{
			title: t("desk.canned.metaTitle"),
			replies,
			deleting: replies.find((reply) => reply.id === deleting) ?? null,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "delete") {
		const parsed = deleteSchema.safeParse(Object.fromEntries(formData));
		if (!parsed.success || !(await deleteCannedReply(parsed.data.id)))
			return redirectWithToast(CANNED_REPLIES_PATH, { type: "error", title: "sale:desk.canned.notFound" });
		return redirectWithToast(CANNED_REPLIES_PATH, { type: "success", title: "sale:desk.canned.deleted" });
	}
	const submission = parseWithZod(formData, { schema: replySchema });
	const formId = formData.get("id") ? `reply-${formData.get("id")}` : "reply-new";
	if (submission.status !== "success") {
		return data(
			{ formId, result: submission.reply() },
			{ status: 400, headers: { "Cache-Control": "no-store" } },
		);
	}
	const { id, language, title, body } = submission.value;
	const input = { language, title, body };
	if (id === undefined) {
		await createCannedReply(input);
		return redirectWithToast(CANNED_REPLIES_PATH, { type: "success", title: "sale:desk.canned.added" });
	}
	if (!(await updateCannedReply(id, input))) {
		return data(
			{ formId, result: submission.reply({ formErrors: ["sale:desk.canned.notFound"] }) },
			{ status: 404, headers: { "Cache-Control": "no-store" } },
		);
	}
	return redirectWithToast(CANNED_REPLIES_PATH, { type: "success", title: "sale:desk.canned.saved" });
}

type Reply = ReturnType<typeof useLoaderData<typeof loader>>["replies"][number];

export default function CannedReplies() {
	const { t } = useTranslation("sale");
	const { replies, deleting } = useLoaderData<typeof loader>();
	return (
		<div>
			<AdminPageHeader title={t("desk.canned.title")} />
			<p className="mt-2 max-w-2xl text-sm text-muted">{t("desk.canned.intro")}</p>
			{deleting ? (
				<DeleteConfirmation
					name="delete-reply"
					id={deleting.id}
					action={CANNED_REPLIES_PATH}
					title={t("desk.canned.deleteConfirm", { title: deleting.title })}
					text={deleting.body}
					confirmLabel={t("desk.canned.delete")}
					pendingLabel={t("desk.canned.delete")}
					cancelLabel={t("desk.canned.cancel")}
				/>
			) : null}
			{SUPPORTED_LANGUAGES.map((language) => (
				<section key={language} aria-labelledby={`replies-${language}`} className="mt-8">
					<h2 id={`replies-${language}`} className="font-display text-xl font-semibold">
						{t(`desk.languages.${language}`)}
					</h2>
					{replies.some((reply) => reply.language === language) ? null : (
						<p className="mt-2 text-sm text-muted">{t("desk.canned.empty")}</p>
					)}
					<ul className="mt-4 flex flex-col gap-4">
						{replies
							.filter((reply) => reply.language === language)
							.map((reply) => (
								<li key={reply.id}>
									<ReplyForm reply={reply} language={language} />
								</li>
							))}
					</ul>
				</section>
			))}
			<section aria-labelledby="reply-new-heading" className="mt-10">
				<h2 id="reply-new-heading" className="font-display text-xl font-semibold">
					{t("desk.canned.add")}
				</h2>
				<div className="mt-4">
					<ReplyForm reply={null} language="ru" key={replies.length} />
				</div>
			</section>
		</div>
	);
}

/** One template's form (or a new one's): language, title, text; Save, and Delete through its confirm step. */
function ReplyForm({ reply, language }: { reply: Reply | null; language: Language }) {
	const { t } = useTranslation("sale");
	const answer = useActionData<typeof action>();
	const navigation = useNavigation();
	const id = reply ? `reply-${reply.id}` : "reply-new";
	const submitting =
		navigation.state === "submitting" && navigation.formData?.get("id") === (reply ? String(reply.id) : null);
	const [form, fields] = useForm({
		id,
		lastResult: answer?.formId === id ? answer.result : undefined,
		defaultValue: { language, title: reply?.title ?? "", body: reply?.body ?? "" },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
		shouldValidate: "onSubmit",
	});
	return (
		<Form
			method="post"
			className="flex flex-col gap-3 rounded-xl border border-line bg-card p-5"
			{...getFormProps(form)}
		>
			<input type="hidden" name="intent" value="save" />
			{reply ? <input type="hidden" name="id" value={reply.id} /> : null}
			<FormAlert messages={form.errors?.map((error) => t(error))} />
			<div className="grid gap-3 md:grid-cols-[10rem_1fr]">
				<SelectField meta={fields.language} label={t("desk.canned.language")}>
					{SUPPORTED_LANGUAGES.map((option) => (
						<option key={option} value={option}>
							{t(`desk.languages.${option}`)}
						</option>
					))}
				</SelectField>
				<Field meta={fields.title} type="text" label={t("desk.canned.titleLabel")} />
			</div>
			<TextareaField meta={fields.body} label={t("desk.canned.body")} rows={4} />
			<div className="flex flex-wrap items-center gap-3">
				<button
					type="submit"
					disabled={submitting}
					className="h-10 rounded-lg bg-ink px-4 text-sm font-semibold text-paper hover:opacity-90 disabled:opacity-60"
				>
					{reply ? t("desk.canned.save") : t("desk.canned.add")}
				</button>
				{reply ? (
					<Link
						to={`${CANNED_REPLIES_PATH}?delete=${reply.id}`}
						preventScrollReset
						className="text-sm text-muted hover:text-ink"
						aria-label={`${t("desk.canned.delete")}: ${reply.title}`}
					>
						{t("desk.canned.delete")}
					</Link>
				) : null}
			</div>
		</Form>
	);
}
