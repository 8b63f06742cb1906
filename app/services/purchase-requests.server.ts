import type { Kysely } from "kysely";
import { snapshotOf } from "~/lib/activity";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import { salesAddress } from "~/lib/site";
import { purchaseConfirmationMail } from "~/mail/messages/purchase-confirmation.server";
import { purchaseDigestMail } from "~/mail/messages/purchase-digest.server";
import { purchaseNotificationMail } from "~/mail/messages/purchase-notification.server";
import { requestStatusMail } from "~/mail/messages/request-status.server";
import { type Actor, recordActivity } from "~/models/activity.server";
import { recordConsent } from "~/models/consents.server";
import { claimFormToken, settleFormToken } from "~/models/form-submissions.server";
import { countMailTo, findWaitingMail, hasMailAbout, rewriteWaitingMail } from "~/models/outbox.server";
import { getArtistNameOfProject, getProjectCover } from "~/models/projects.server";
import {
	createPurchaseRequest,
	listUnannouncedRequests,
	setRequestStatus,
} from "~/models/purchase-requests.server";
import { recordRequestEvent } from "~/models/request-events.server";
import { getSettings } from "~/models/settings.server";
import { getLanguageOfAddress, getUsernameById } from "~/models/users.server";
import type { Database, PurchaseRequest, PurchaseRequestKind, PurchaseRequestStatus } from "~db/schema";
import { mailQueued, queueMail, renderMail } from "./mail.server";

/** Confirmations to one address per hour: a real buyer never needs more; the form cannot be used to flood an inbox. */
const CONFIRMATIONS_PER_ADDRESS_PER_HOUR = 5;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The gallery hears of each request at once up to this many an hour; past that burst (a flood through
 * the form, from many addresses) the rest wait in one digest, sent when its hour is up.
 */
const GALLERY_NOTIFICATIONS_PER_HOUR = 10;

/** A digest names this many requests; the rest it counts, and the requests page lists. */
const DIGEST_LISTED = 50;

/** The gallery's message about one new request, in its reader's language. */
async function queueGalleryNotification(
	trx: Kysely<Database>,
	input: {
		request: PurchaseRequest;
		artistName: string;
		adminEmail: string;
		language: Language;
		userId: number | null;
		origin: string;
	},
) {
	const { request, artistName, adminEmail, language } = input;
	const account = input.userId ? await getUsernameById(input.userId, trx) : undefined;
	await queueMail(trx, {
		kind: "purchase_notification",
		to: adminEmail,
		language,
		origin: input.origin,
		reference: `purchase_request:${request.id}`,
		...(await purchaseNotificationMail({ request, artistName, account, language, origin: input.origin })),
	});
}

/**
 * A request past the gallery's hourly burst joins the digest that waits for its hour (or starts one, due
 * an hour from now). The digest is written again with every request it gains, so it names every request
 * since it began that got no message of its own; one that the sender has already taken is left alone and
 * a new digest begins with this request.
 */
async function gatherInGalleryDigest(
	trx: Kysely<Database>,
	input: { request: PurchaseRequest; adminEmail: string; language: Language; origin: string },
) {
	const { request, adminEmail } = input;
	const waiting = await findWaitingMail(trx, { to: adminEmail, kind: "purchase_digest" });
	const waitingSince = Number(/^purchase_requests_from:(\d+)$/.exec(waiting?.reference ?? "")?.[1]);
	if (waiting && waitingSince) {
		// On Postgres ids are handed out as rows are inserted, not as they commit: a request begun before
		// the one that started the digest may arrive here after it, with a smaller id. The digest then
		// reaches back to it.
		const since = Math.min(waitingSince, request.id);
		const content = await renderMail(trx, await galleryDigest(trx, { ...input, since }));
		if (
			await rewriteWaitingMail(trx, waiting.id, { ...content, reference: `purchase_requests_from:${since}` })
		)
			return;
	}
	await queueMail(trx, {
		...(await galleryDigest(trx, { ...input, since: request.id })),
		kind: "purchase_digest",
		to: adminEmail,
		reference: `purchase_requests_from:${request.id}`,
		notBefore: new Date(Date.now() + HOUR_MS),
	});
}

/** The digest's message: every request from `since` on that had no notification of its own. */
async function galleryDigest(
	trx: Kysely<Database>,
	input: { since: number; language: Language; origin: string },
) {
	const { since, language, origin } = input;
	const { total, listed } = await listUnannouncedRequests(trx, { since, limit: DIGEST_LISTED });
	const message = await purchaseDigestMail({
		count: total,
		listed,
		limit: GALLERY_NOTIFICATIONS_PER_HOUR,
		language,
		origin,
	});
	return { language, origin, ...message };
}

/** What a request post came to: the request (the one it repeats, if so) and whether the buyer is mailed. */
export interface PurchaseSubmission {
	request: PurchaseRequest;
	/** It repeats an open request of this visitor's, answered again and not stored twice. */
	repeated: boolean;
	/** A confirmation is on its way to the buyer (for this request, or when the repeated one was sent). */
	mailed: boolean;
}

/**
 * Saves a purchase request and, in the same transaction, its mail: the gallery's notification (when the
 * settings ask for it) and the buyer's confirmation, each in its reader's language. If the transaction
 * fails, neither the request nor any message exists; if SMTP is down, the request is saved all the same.
 * With a `claim` the form's one-time token is used in that transaction too (a repeat writes nothing).
 * A repeat of the visitor's own open request (createPurchaseRequest) writes no request and no mail.
 */
export async function submitPurchaseRequest(input: {
	projectId: string;
	email: string;
	phone: string;
	userId: number | null;
	kind: PurchaseRequestKind;
	language: Language;
	/** The public site, for the links in the messages. */
	origin: string;
	/** The consent the form gave (decision 0031): recorded with the request, or neither is. */
	consent: { version: number; clientAddress: string };
	/** The requests this browser sent about the piece (app/lib/purchase.server.ts). */
	sentRequestIds?: readonly number[];
	claim?: FormClaim<PurchaseSubmission>;
}): Promise<PurchaseSubmission> {
	const submission = await db.transaction().execute(async (trx): Promise<PurchaseSubmission> => {
		await claimFormToken(trx, input.claim);
		const { request, repeated } = await createPurchaseRequest(input, trx);
		if (repeated) {
			const mailed = await hasMailAbout(trx, request);
			const answer = { request, repeated, mailed };
			await settleFormToken(trx, input.claim, answer);
			return answer;
		}
		await recordConsent(trx, {
			purpose: "purchase",
			version: input.consent.version,
			action: "given",
			method: "form",
			userId: input.userId,
			email: request.email,
			phone: request.phone,
			clientAddress: input.consent.clientAddress,
			requestId: request.id,
		});
		const artistName = await getArtistNameOfProject(input.projectId, trx);
		const settings = await getSettings(trx);
		const reference = `purchase_request:${request.id}`;

		const adminEmail = settings.admin_email.trim();
		if (settings.email_notifications === 1 && adminEmail) {
			const language = (await getLanguageOfAddress(adminEmail, trx)) ?? input.language;
			const recentNotifications = await countMailTo(trx, {
				to: adminEmail,
				kinds: ["purchase_notification"],
				since: new Date(Date.now() - HOUR_MS),
			});
			if (recentNotifications < GALLERY_NOTIFICATIONS_PER_HOUR) {
				await queueGalleryNotification(trx, {
					request,
					artistName,
					adminEmail,
					language,
					userId: input.userId,
					origin: input.origin,
				});
			} else {
				await gatherInGalleryDigest(trx, { request, adminEmail, language, origin: input.origin });
			}
		}

		const recent = await countMailTo(trx, {
			to: request.email,
			kinds: ["purchase_confirmation"],
			since: new Date(Date.now() - HOUR_MS),
		});
		const mailed = recent < CONFIRMATIONS_PER_ADDRESS_PER_HOUR;
		if (mailed) {
			const language = input.language;
			await queueMail(trx, {
				kind: "purchase_confirmation",
				to: request.email,
				language,
				origin: input.origin,
				reference,
				...(await purchaseConfirmationMail({
					request,
					artistName,
					picture: await getProjectCover(input.projectId, trx),
					language,
					origin: input.origin,
					salesEmail: salesAddress(settings),
				})),
			});
		}
		const answer = { request, repeated, mailed };
		await settleFormToken(trx, input.claim, answer);
		return answer;
	});
	if (!submission.repeated) mailQueued();
	return submission;
}

/** The statuses a buyer hears about: "new" is where every request starts, never news to its buyer. */
const STATUSES_TOLD_TO_BUYERS = ["in_progress", "done", "cancelled"] as const;
type StatusToldToBuyers = (typeof STATUSES_TOLD_TO_BUYERS)[number];

function isToldToBuyers(status: PurchaseRequestStatus): status is StatusToldToBuyers {
	return (STATUSES_TOLD_TO_BUYERS as readonly string[]).includes(status);
}

export type StatusChange =
	| { found: false }
	| { found: true; changed: boolean; mailed: boolean; request: PurchaseRequest };

/**
 * The mail the buyer would get if `request` moved to `status` now, rendered as it would leave (subject and
 * plain text), for the preview beside the status form; null for a status buyers never hear about, or an
 * anonymised request (no one to tell).
 */
export async function previewStatusMail(
	request: PurchaseRequest,
	status: PurchaseRequestStatus,
	origin: string,
): Promise<{ subject: string; text: string } | null> {
	if (!isToldToBuyers(status) || request.anonymised_at) return null;
	const settings = await getSettings();
	const message = await requestStatusMail({
		request: { ...request, status },
		status,
		language: request.language,
		origin,
		salesEmail: salesAddress(settings),
	});
	const content = await renderMail(db, { ...message, language: request.language, origin });
	return { subject: content.subject, text: content.text };
}

/**
 * An admin moves a request to another status, an explicit save on /admin/requests/<id>. When it really
 * changes to in progress, done or cancelled and the admin ticked "notify the buyer" (`notify`; without it,
 * the settings' default for buyer status mails), the buyer is told in the language they made the request
 * in, by a message written in the same transaction as the status, its step in the request's timeline and
 * its row in the audit trail: all happen or none does.
 */
export async function changeRequestStatus(input: {
	id: number;
	status: PurchaseRequestStatus;
	/** The public site, for the link in the message. */
	origin: string;
	/** The administrator who moves it. */
	actor?: Actor;
	/** Whether to mail the buyer; when not given, as the settings' buyer_status_emails says. */
	notify?: boolean;
}): Promise<StatusChange> {
	const change = await db.transaction().execute(async (trx): Promise<StatusChange> => {
		const before = await setRequestStatus(input.id, input.status, trx);
		if (!before) return { found: false };
		const request: PurchaseRequest = { ...before, status: input.status };
		const changed = before.status !== input.status;
		await recordActivity(trx, input.actor, {
			entity: "request",
			entityId: request.id,
			label: request.project_name,
			action: "status_changed",
			before: snapshotOf("request", before),
			after: snapshotOf("request", request),
		});
		const settings = await getSettings(trx);
		const notify = input.notify ?? settings.buyer_status_emails === 1;
		// An anonymised request has no one left to tell (erasure or retention, app/models/personal-data.server.ts).
		const mailed = changed && notify && isToldToBuyers(input.status) && !request.anonymised_at;
		if (changed) {
			await recordRequestEvent(trx, {
				requestId: request.id,
				kind: "status_changed",
				actorName: input.actor?.username ?? "",
				details: { from: before.status, to: input.status, notified: mailed },
			});
		}
		if (!mailed || !isToldToBuyers(input.status)) return { found: true, changed, mailed: false, request };

		const language = request.language;
		await queueMail(trx, {
			kind: "request_status",
			to: request.email,
			language,
			origin: input.origin,
			reference: `purchase_request:${request.id}`,
			...(await requestStatusMail({
				request,
				status: input.status,
				language,
				origin: input.origin,
				salesEmail: salesAddress(settings),
			})),
		});
		return { found: true, changed, mailed: true, request };
	});
	if (change.found && change.mailed) mailQueued();
	return change;
}
