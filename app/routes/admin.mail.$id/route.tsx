import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { MailStatus } from "~/components/admin/mail-status";
import { formatDate } from "~/lib/format";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { getMail, requeueFailedMail } from "~/models/outbox.server";
import { requireAdmin } from "~/services/auth.server";
import { mailDelivery, mailFromAddress, mailQueued } from "~/services/mail.server";

const MAIL_PATH = "/admin/mail";

export const meta: MetaFunction<typeof loader> = adminMeta;

/** The number in /admin/mail/:id, or null for anything else (it then reads as a message that does not exist). */
function messageIdOf(params: LoaderFunctionArgs["params"]): number | null {
	const id = Number(params.id);
	return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const id = messageIdOf(params);
	const message = id ? await getMail(id) : undefined;
	if (!message) throw await redirectWithToast(MAIL_PATH, { type: "error", title: "admin:mail.notFound" });
	const t = await i18nServer.getFixedT(await getLanguage(request), "admin");
	const { html_body: _html, ...shown } = message;
	return data(
		{
			title: t("mail.messageMetaTitle", { subject: message.subject }),
			delivery: mailDelivery(),
			// The sender puts MAIL_FROM on every message when it goes (services/mail.server.ts).
			from: `${message.from_name} <${mailFromAddress()}>`,
			// The HTML part is not sent to the page: the frame below loads it on its own, under its own CSP.
			message: shown,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** "Send again": a failed message goes back in the queue (only a failed one: a waiting one is queued already). */
export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const id = messageIdOf(params);
	const path = id ? `${MAIL_PATH}/${id}` : MAIL_PATH;
	if (!id || !(await requeueFailedMail(id, admin))) {
		throw await redirectWithToast(path, { type: "error", title: "admin:mail.notFailed" });
	}
	mailQueued();
	return redirectWithToast(path, { type: "success", title: "admin:mail.requeued" });
}

export default function AdminMailMessage() {
	const { t, i18n } = useTranslation("admin");
	const { message, from, delivery } = useLoaderData<typeof loader>();
	// What caused the message, in words where we know the kind ("purchase_request:12"), else as stored.
	const referenceText = (reference: string) => {
		const request = /^purchase_request:(\d+)$/.exec(reference);
		if (request) return t("mail.referenceRequest", { id: request[1] });
		const digest = /^purchase_requests_from:(\d+)$/.exec(reference);
		return digest ? t("mail.referenceRequestsFrom", { id: digest[1] }) : reference;
	};
	const facts: Array<[string, React.ReactNode]> = [
		[t("mail.to"), message.to_address],
		[t("mail.from"), from],
		[t("mail.subject"), message.subject],
		[
			t("mail.messageId"),
			<code key="id" className="break-all text-xs">
				{message.message_id}
			</code>,
		],
		[t("mail.kindColumn"), t(`mail.kind.${message.kind}`, { defaultValue: message.kind })],
		[t("mail.language"), t(`mail.languages.${message.language}`)],
		[t("mail.created"), formatDate(message.created_at, i18n.language, "dateTime")],
		...(message.reference
			? [[t("mail.reference"), referenceText(message.reference)] as [string, string]]
			: []),
		[t("mail.status"), <MailStatus key="status" message={message} delivery={delivery} />],
		// The outbox holds no working link: the sender adds the secret as the message leaves (decision 0017).
		...(message.email_token_id === null && !message.reference?.startsWith("personal_data_link:")
			? []
			: [[t("mail.oneTimeLink"), t("mail.oneTimeLinkText")] as [string, string]]),
	];
	return (
		<div>
			<Link to={MAIL_PATH} className="text-sm text-muted hover:text-ink">
				← {t("mail.back")}
			</Link>
			<h1 className="mt-3 font-display text-3xl font-semibold break-words">{message.subject}</h1>
			<dl className="mt-6 grid max-w-3xl grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
				{facts.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="font-semibold text-muted">{label}</dt>
						<dd className="mb-2 min-w-0 break-words sm:mb-0">{value}</dd>
					</div>
				))}
			</dl>
			{message.status === "failed" ? (
				<Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
					<button type="submit" className="button-primary">
						{t("mail.sendAgain")}
					</button>
					<p className="text-sm text-muted">{t("mail.sendAgainHint")}</p>
				</Form>
			) : null}
			<section aria-labelledby="mail-html-part" className="mt-10">
				<h2 id="mail-html-part" className="font-display text-xl font-semibold">
					{t("mail.htmlPart")}
				</h2>
				{/* An empty sandbox: the stored HTML runs no script, submits nothing and navigates nowhere. */}
				<iframe
					sandbox=""
					src={`${MAIL_PATH}/${message.id}/html`}
					title={t("mail.htmlFrame")}
					className="mt-4 h-[44rem] w-full max-w-3xl rounded-xl border border-line bg-paper"
				/>
			</section>
			<section aria-labelledby="mail-text-part" className="mt-10">
				<h2 id="mail-text-part" className="font-display text-xl font-semibold">
					{t("mail.textPart")}
				</h2>
				<pre
					className="mt-4 max-w-3xl overflow-x-auto rounded-xl border border-line bg-card p-5 text-sm whitespace-pre-wrap"
					data-testid="mail-text"
				>
					{message.text_body}
				</pre>
			</section>
		</div>
	);
}
