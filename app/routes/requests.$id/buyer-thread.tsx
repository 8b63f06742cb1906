import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ResponsiveImage } from "~/components/responsive-image";
import { BuyerOffers } from "~/components/sale/buyer-offers";
import { FormAlert } from "~/components/ui/form-alert";
import { TextareaField } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/translations";
import { buyerMessageSchema, MESSAGE_MAX_LENGTH, threadPath } from "./buyer-message";
import type { loadBuyerThread, postBuyerMessage } from "./thread.server";

type Thread = ReturnType<typeof useLoaderData<typeof loadBuyerThread>>;
type Message = Thread["messages"][number];

/**
 * The buyer's page of one request (issue #37): the piece, their offers, the conversation oldest first, and
 * the form to answer. The same page at /account/requests/<id> and at the private link /requests/<id>?t=….
 * Works without JavaScript: the form posts and the page comes back with the message (or the error).
 */
export function BuyerThreadPage() {
	const { t } = useTranslation("sale");
	const thread = useLoaderData<typeof loadBuyerThread>();
	const { request, messages, sale, token, signedIn } = thread;
	return (
		<div className="mx-auto max-w-3xl px-5 py-14 md:px-10 md:py-20">
			{signedIn ? (
				<p className="mb-6 text-sm">
					<Link to="/account#orders" className="font-semibold underline underline-offset-4">
						{t("thread.backToOrders")}
					</Link>
				</p>
			) : null}
			<RequestHeader request={request} />
			<div className="mt-8">
				<BuyerOffers requestId={request.id} sale={sale} token={token} />
			</div>
			<section aria-labelledby="thread-title" className="mt-10 border-t border-line pt-10">
				<h2 id="thread-title" className="font-display text-2xl font-medium">
					{t("thread.title")}
				</h2>
				{messages.length === 0 ? (
					<p className="mt-4 text-muted">{t("thread.empty")}</p>
				) : (
					<ol className="mt-6 flex flex-col gap-4">
						{messages.map((message) => (
							<ThreadMessage
								key={message.id}
								message={message}
								attachmentUrl={(attachmentId) =>
									`/requests/${request.id}/attachments/${attachmentId}${token ? `?t=${encodeURIComponent(token)}` : ""}`
								}
							/>
						))}
					</ol>
				)}
				<MessageForm
					requestId={request.id}
					token={token}
					count={messages.length}
					formToken={thread.formToken}
				/>
			</section>
			{signedIn ? null : <p className="mt-10 text-sm text-muted">{t("thread.privateLink")}</p>}
		</div>
	);
}

function RequestHeader({ request }: { request: Thread["request"] }) {
	const { t, i18n } = useTranslation("sale");
	const { t: tAccount } = useTranslation("account");
	const name = request.projectId ? (
		<Link
			to={`/project/${encodeURIComponent(request.projectId)}`}
			className="underline-offset-4 hover:underline"
		>
			{request.projectName}
		</Link>
	) : (
		request.projectName
	);
	return (
		<header className="flex items-start gap-5">
			{request.image ? (
				<ResponsiveImage
					image={request.image}
					alt=""
					sizes="96px"
					className="size-24 shrink-0 rounded-lg bg-ink/5 object-cover"
				/>
			) : null}
			<div>
				<h1 className="font-display text-[clamp(2rem,5vw,3rem)] leading-none font-semibold tracking-[-0.03em]">
					{t("thread.heading", { id: request.id })}
				</h1>
				<p className="mt-3 text-lg font-semibold">{name}</p>
				<p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted">
					<span>{t("thread.sentOn", { date: formatDate(request.createdAt, i18n.language) })}</span>
					<span className="rounded-full border border-line px-3 py-1 text-xs font-semibold text-ink">
						{tAccount(`status.${request.status}`)}
					</span>
				</p>
			</div>
		</header>
	);
}

function ThreadMessage({
	message,
	attachmentUrl,
}: {
	message: Message;
	attachmentUrl: (attachmentId: number) => string;
}) {
	const { t, i18n } = useTranslation("sale");
	const mine = message.author === "buyer";
	const author = mine
		? t("thread.you")
		: message.authorName
			? t("thread.galleryPerson", { name: message.authorName })
			: t("thread.gallery");
	return (
		<li
			data-testid="thread-message"
			data-author={message.author}
			className={mine ? "ml-8 rounded-2xl bg-ink/5 p-5" : "mr-8 rounded-2xl border border-line bg-card p-5"}
		>
			<article aria-label={author}>
				<header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
					<span className="font-semibold">{author}</span>
					<time dateTime={message.createdAt} className="text-muted">
						{formatDate(message.createdAt, i18n.language, "dateTime")}
					</time>
				</header>
				<p className="mt-3 whitespace-pre-line break-words">{message.body}</p>
				{message.attachments.length > 0 ? (
					<ul className="mt-3 text-sm text-muted">
						{message.attachments.map((attachment) => (
							<li key={attachment.id}>
								<a
									href={attachmentUrl(attachment.id)}
									className="font-semibold text-ink underline underline-offset-4"
									rel="noopener"
								>
									{t("thread.attachment", { name: attachment.filename })}
								</a>
							</li>
						))}
					</ul>
				) : null}
				<p className="mt-3 flex flex-wrap gap-3 text-xs text-muted">
					{message.via === "email" ? <span>{t("thread.viaEmail")}</span> : null}
					{mine ? <span>{message.readAt ? t("thread.read") : t("thread.notReadYet")}</span> : null}
				</p>
			</article>
		</li>
	);
}

function MessageForm({
	requestId,
	token,
	count,
	formToken,
}: {
	requestId: number;
	token: string | null;
	count: number;
	formToken: string;
}) {
	const { t } = useTranslation("sale");
	const actionData = useActionData<typeof postBuyerMessage>();
	const navigation = useNavigation();
	const result = actionData && "result" in actionData ? actionData.result : undefined;
	// A refused token comes back with a fresh one, so sending again works.
	const freshToken = actionData && "formToken" in actionData ? actionData.formToken : undefined;
	const [form, fields] = useForm({
		// A new id once the message is in: the form starts empty again (with JavaScript too).
		id: `thread-form-${count}`,
		lastResult: navigation.state === "idle" ? result : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: buyerMessageSchema }),
		shouldValidate: "onSubmit",
		shouldRevalidate: "onInput",
	});
	const sending = navigation.state === "submitting";
	return (
		<Form
			key={count}
			method="post"
			action={threadPath(requestId, token)}
			className="mt-8 flex flex-col gap-4"
			{...getFormProps(form)}
		>
			<FormTokenField token={freshToken ?? formToken} />
			<FormAlert messages={form.errors?.map((error) => t(error))} />
			<TextareaField
				meta={fields.body}
				label={t("thread.messageLabel")}
				hint={t("thread.messageHint")}
				rows={5}
				maxLength={MESSAGE_MAX_LENGTH}
			/>
			<button type="submit" className="button-primary self-start" disabled={sending}>
				{sending ? t("thread.sending") : t("thread.send")}
			</button>
		</Form>
	);
}
