import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { FormClaim } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import { replyAddressTemplate } from "~/lib/reply-address.server";
import { threadMessageMail } from "~/mail/messages/thread-message.server";
import { threadNoticeMail } from "~/mail/messages/thread-notice.server";
import { claimFormToken, settleFormToken } from "~/models/form-submissions.server";
import { countMailTo, findWaitingMail, rewriteWaitingMail } from "~/models/outbox.server";
import { getProjectCover } from "~/models/projects.server";
import { requestLinkFor } from "~/models/request-links.server";
import { insertMessage, listBuyerMessagesSince, type NewMessage } from "~/models/request-messages.server";
import { getSettings } from "~/models/settings.server";
import { getLanguageOfAddress } from "~/models/users.server";
import type { Database, PurchaseRequest, RequestMessage } from "~db/schema";
import { mailQueued, queueMail, renderMail } from "./mail.server";

/**
 * Buyers' messages that come within this long of the gallery's last notice wait, gathered, for one notice
 * this long after: a buyer writing three lines in a row, or several buyers at once, make one e-mail, not
 * a stream of them (docs/decisions/0035b). The first message after a quiet spell is told at once.
 */
export const NOTICE_GATHER_MS = 5 * 60 * 1000;

/** A gathered notice quotes this many messages at most; the requests page has them all. */
const NOTICE_LISTED = 50;

/**
 * The conversation on a request (issue #37, docs/decisions/0035): every message, from the site, the account
 * page, a guest link or a reply by e-mail (app/services/inbound-mail.server.ts), is posted through here, in
 * one transaction with what it sets going: the request's counters (unread buyer messages, the first reply)
 * and the mail to the other party (the buyer's in the request's language, the gallery's batched).
 *
 * With `executor` the caller's transaction does the posting, and the caller calls `mailQueued()` once it
 * has committed; without, this commits and wakes the sender itself. `origin` is the public site the mails
 * link to (SITE_URL when not given). With a form's `claim` (docs/decisions/0022) its one-time token is used
 * in the same transaction: a second click of Send posts nothing twice.
 */
export async function postMessage(
	message: NewMessage,
	options: {
		executor?: Kysely<Database>;
		now?: Date;
		origin?: string;
		claim?: FormClaim<RequestMessage>;
	} = {},
): Promise<RequestMessage> {
	const now = options.now ?? new Date();
	const origin = options.origin ?? getEnv().SITE_URL ?? "http://localhost";
	const run = async (trx: Kysely<Database>) => {
		await claimFormToken(trx, options.claim);
		const row = await insertMessage(trx, message, now);
		const request = await trx
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", message.requestId)
			.executeTakeFirstOrThrow();
		if (message.author === "buyer") {
			await trx
				.updateTable("purchase_requests")
				.set((eb) => ({ unread_by_staff: eb("unread_by_staff", "+", 1), updated_at: now.toISOString() }))
				.where("id", "=", message.requestId)
				.execute();
			await noticeGallery(trx, { message: row, request, origin, now });
		} else {
			await trx
				.updateTable("purchase_requests")
				.set({ first_reply_at: now.toISOString() })
				.where("id", "=", message.requestId)
				.where("first_reply_at", "is", null)
				.execute();
			await mailBuyer(trx, { message: row, request, origin, now });
		}
		await settleFormToken(trx, options.claim, row);
		return row;
	};
	if (options.executor) return run(options.executor);
	const row = await db.transaction().execute(run);
	mailQueued();
	return row;
}

/**
 * A gallery message goes to the buyer by e-mail, in the request's language: the message, the piece, the
 * buyer's private link to the thread (its token put in as the mail leaves) and, with replies by e-mail set
 * up, a Reply-To that brings their answer back to the thread. An anonymised request has no one to tell.
 */
async function mailBuyer(
	trx: Kysely<Database>,
	input: { message: RequestMessage; request: PurchaseRequest; origin: string; now: Date },
): Promise<void> {
	const { message, request, origin } = input;
	if (request.anonymised_at !== null) return;
	const link = await requestLinkFor(trx, request.id, "buyer", input.now);
	const replyTo = replyAddressTemplate();
	const language = request.language;
	await queueMail(trx, {
		kind: "thread_message",
		to: request.email,
		language,
		origin,
		reference: `purchase_request:${request.id}`,
		requestLinkId: link.id,
		replyTo,
		...(await threadMessageMail({
			request,
			message,
			picture: request.project_id ? await getProjectCover(request.project_id, trx) : null,
			language,
			origin,
			replyByMail: replyTo !== null,
		})),
	});
}

const NOTICE_REFERENCE = /^request_messages_from:(\d+)$/;

/**
 * The gallery hears of a buyer's message at the admin address from the settings (when notifications are
 * on), linked straight to the request. After a quiet spell it is told at once; a message within
 * NOTICE_GATHER_MS of the last notice joins the notice that waits (or starts one, due NOTICE_GATHER_MS
 * from now), written again with every message it gains, as the requests' digest is.
 */
async function noticeGallery(
	trx: Kysely<Database>,
	input: { message: RequestMessage; request: PurchaseRequest; origin: string; now: Date },
): Promise<void> {
	const { message, request, origin } = input;
	const settings = await getSettings(trx);
	const adminEmail = settings.admin_email.trim();
	if (settings.email_notifications !== 1 || !adminEmail) return;
	const language = (await getLanguageOfAddress(adminEmail, trx)) ?? request.language;
	const now = new Date();
	const recent = await countMailTo(trx, {
		to: adminEmail,
		kinds: ["thread_notice"],
		since: new Date(now.getTime() - NOTICE_GATHER_MS),
	});
	if (recent > 0) {
		const waiting = await findWaitingMail(trx, { to: adminEmail, kind: "thread_notice", now });
		const waitingSince = Number(NOTICE_REFERENCE.exec(waiting?.reference ?? "")?.[1]);
		if (waiting && waitingSince) {
			// On Postgres ids are handed out as rows are inserted, not as they commit: reach back to this one.
			const since = Math.min(waitingSince, message.id);
			const content = await renderMail(trx, await notice(trx, { since, language, origin }));
			if (
				await rewriteWaitingMail(
					trx,
					waiting.id,
					{ ...content, reference: `request_messages_from:${since}` },
					now,
				)
			)
				return;
		}
	}
	if (recent > 0) {
		// A notice that may gather several requests' messages carries no Reply-To: a reply could not say
		// which request it answers.
		await queueMail(trx, {
			...(await notice(trx, { since: message.id, language, origin })),
			kind: "thread_notice",
			to: adminEmail,
			reference: `request_messages_from:${message.id}`,
			notBefore: new Date(now.getTime() + NOTICE_GATHER_MS),
		});
		return;
	}
	// The one message, at once: with replies by e-mail set up, staff answer the buyer by replying to it
	// (the gallery's link to this request in the Reply-To; the inbound hook checks the sender is staff).
	const replyTo = replyAddressTemplate();
	const link = replyTo ? await requestLinkFor(trx, request.id, "gallery", input.now) : null;
	await queueMail(trx, {
		language,
		origin,
		...(await threadNoticeMail({
			messages: [{ message, request }],
			language,
			origin,
			replyByMail: link !== null,
		})),
		kind: "thread_notice",
		to: adminEmail,
		reference: `request_messages_from:${message.id}`,
		...(link ? { requestLinkId: link.id, replyTo } : {}),
	});
}

/** The gallery's notice of the buyers' messages from `since` on (gathered: no Reply-To). */
async function notice(trx: Kysely<Database>, input: { since: number; language: Language; origin: string }) {
	const messages = await listBuyerMessagesSince(trx, input.since, NOTICE_LISTED);
	const mail = await threadNoticeMail({ messages, language: input.language, origin: input.origin });
	return { language: input.language, origin: input.origin, ...mail };
}
