import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { type FormOutcome, issueFormToken } from "~/lib/form-token.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS } from "~/lib/mail-link-page";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { typesetName } from "~/lib/typography.server";
import { getProjectCover } from "~/models/projects.server";
import { listThread, markGalleryMessagesRead } from "~/models/request-messages.server";
import { postMessage } from "~/services/conversation.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";
import { requireSiteOpen } from "~/services/maintenance.server";
import { buyerSaleState } from "~/services/sale.server";
import { type BuyerAccess, buyerAccess } from "~/services/thread-access.server";
import { buyerMessageSchema, threadPath } from "./buyer-message";

/**
 * The buyer's side of a request's conversation (issue #37, docs/decisions/0035b), behind two addresses:
 * /account/requests/<id> for the signed-in buyer (linked from My orders) and /requests/<id>?t=<token>, the
 * private link in each mail, for anyone holding it. Both answer 404 to anyone else, never saying whether
 * the request exists; staff notes and the staff's accounts never reach this page.
 */

const notFound = () => new Response("Not Found", { status: 404, headers: MAIL_LINK_HEADERS });

async function requireAccess(
	request: Request,
	requestId: number,
	token: string | null,
): Promise<BuyerAccess> {
	const access = await buyerAccess(request, requestId, token);
	if (!access) throw notFound();
	return access;
}

/** The thread as its buyer reads it; reading it marks the gallery's messages read. */
export async function loadBuyerThread(request: Request, requestId: number, token: string | null) {
	const access = await requireAccess(request, requestId, token);
	const row = access.request;
	await markGalleryMessagesRead(row.id);
	const [messages, sale, cover, t] = await Promise.all([
		listThread(row.id),
		buyerSaleState(row.id),
		row.project_id ? getProjectCover(row.project_id) : null,
		i18nServer.getFixedT(await getLanguage(request), "sale"),
	]);
	return data(
		{
			title: t("thread.metaTitle", { id: row.id }),
			request: {
				id: row.id,
				projectId: row.project_id,
				projectName: typesetName(row.project_name),
				image: cover,
				status: row.status,
				createdAt: row.created_at,
			},
			// What the buyer may see of each message: never the staff member's account, only the name they sign.
			messages: messages.map((message) => ({
				id: message.id,
				author: message.author,
				authorName: message.author === "gallery" ? message.author_name : "",
				body: message.body,
				via: message.via,
				createdAt: message.created_at,
				readAt: message.read_at,
				attachments: message.attachments.map((attachment) => ({
					id: attachment.id,
					filename: attachment.filename,
				})),
			})),
			sale,
			token: access.token,
			formToken: issueFormToken(tokenScope(row.id)),
			signedIn: access.userId !== null,
		},
		{ headers: MAIL_LINK_HEADERS },
	);
}

/**
 * A buyer writes a letter's worth now and then; this many messages an hour to one thread is someone (or
 * something) holding a leaked link, and the gallery's notices are gathered anyway.
 */
export const buyerMessageLimiter = createRateLimiter({
	name: "thread-buyer-message",
	limit: 30,
	windowMs: 60 * 60 * 1000,
});

/** What the limit counts by: the thread, whoever writes in it (the account or the link). */
export const threadLimitKey = (requestId: number) => `request:${requestId}`;

/** The one-time token of a thread's form (docs/decisions/0022): a second click of Send posts nothing twice. */
const tokenScope = (requestId: number) => `thread:${requestId}`;

/** The buyer's answer: posted to the thread (and told to the gallery), or the form again with why not. */
export async function postBuyerMessage(request: Request, requestId: number, token: string | null) {
	await requireSiteOpen(request);
	const access = await requireAccess(request, requestId, token);
	const formData = await readFormData(request);
	const submission = parseWithZod(formData, { schema: buyerMessageSchema });
	const fail = (result: ReturnType<typeof submission.reply>, status: number, formToken?: string) =>
		data({ result, ...(formToken ? { formToken } : {}) }, { status, headers: MAIL_LINK_HEADERS });
	const back: FormOutcome = {
		redirect: threadPath(access.request.id, access.token),
		toast: { type: "success", title: "sale:thread.sent" },
	};
	return postOnce(formData, tokenScope(access.request.id), {
		refused: (refusal) =>
			fail(submission.reply({ formErrors: [refusal.message] }), refusal.httpStatus, refusal.formToken),
		write: async (claim) => {
			if (submission.status !== "success") return fail(submission.reply(), 400);
			const limit = await buyerMessageLimiter.hit(threadLimitKey(access.request.id));
			if (!limit.allowed) {
				return data(
					{ result: submission.reply({ formErrors: ["sale:thread.tooMany"] }) },
					{ status: 429, headers: { ...MAIL_LINK_HEADERS, "Retry-After": String(limit.retryAfterSeconds) } },
				);
			}
			await postMessage(
				{ requestId: access.request.id, author: "buyer", userId: access.userId, body: submission.value.body },
				{ origin: publicOrigin(request), claim: claim(() => back) },
			);
			return answerFormPost(back);
		},
	});
}
