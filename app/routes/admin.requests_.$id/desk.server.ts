import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { REQUEST_STATUSES } from "~/lib/request-status";
import { redirectWithToast } from "~/lib/toast.server";
import type { Actor } from "~/models/activity.server";
import { getCannedReply, listCannedReplies } from "~/models/canned-replies.server";
import { listMailAboutRequest } from "~/models/outbox.server";
import { getRequestById, listOtherRequestsOf } from "~/models/purchase-requests.server";
import { listRequestEvents, recordRequestEvent } from "~/models/request-events.server";
import { hasRequestLink, revokeRequestLinks } from "~/models/request-links.server";
import { listThread, markBuyerMessagesRead } from "~/models/request-messages.server";
import { addRequestNote, listRequestNotes } from "~/models/request-notes.server";
import { getSettings } from "~/models/settings.server";
import { postMessage } from "~/services/conversation.server";
import { changeRequestStatus, previewStatusMail } from "~/services/purchase-requests.server";
import { staffSaleState } from "~/services/sale.server";
import type { PurchaseRequestStatus } from "~db/schema";
import { messageSchema, noteSchema, requestPath, statusSchema } from "./desk-schemas";

const noStore = { "Cache-Control": "no-store" };

/** The number in /admin/requests/:id, or null for anything else (it then reads as a request that does not exist). */
export function requestIdOf(id: string | undefined): number | null {
	const number = Number(id);
	return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * Everything the staff's page shows of one request: the request, its thread, notes, timeline steps and
 * mails, the buyer's other requests, the canned replies (the request's language first), the mail each
 * status would send, and the sale. Reading it marks the buyer's messages read; `unread` names those
 * that were new to this reading, so the page can still show them as new once.
 */
export async function loadRequestDesk(input: {
	id: number;
	origin: string;
	templateId: number | null;
	now?: Date;
}) {
	const request = await getRequestById(input.id);
	if (!request) return null;
	const [thread, notes, events, mails, others, templates, settings, sale, buyerLink] = await Promise.all([
		listThread(request.id),
		listRequestNotes(request.id),
		listRequestEvents(request.id),
		listMailAboutRequest(request.id),
		listOtherRequestsOf(request),
		listCannedReplies(),
		getSettings(),
		staffSaleState(request.id),
		hasRequestLink(request.id, "buyer"),
	]);
	const unread = thread.filter((message) => message.author === "buyer" && message.read_at === null);
	if (unread.length > 0 || request.unread_by_staff > 0)
		await markBuyerMessagesRead(
			request.id,
			unread.map((message) => message.id),
			input.now,
		);
	const previews = Object.fromEntries(
		await Promise.all(
			REQUEST_STATUSES.map(
				async (status) => [status, await previewStatusMail(request, status, input.origin)] as const,
			),
		),
	) as Record<PurchaseRequestStatus, { subject: string; text: string } | null>;
	// The template "Insert" chose without JavaScript (?template=<id>): the message field starts with it.
	const template = input.templateId ? await getCannedReply(input.templateId) : undefined;
	const language: Language = request.language;
	return {
		request,
		thread,
		unreadIds: unread.map((message) => message.id),
		notes,
		events: events.map((event) => ({ ...event, details: parseDetails(event.details) })),
		mails,
		others,
		templates: [
			...templates.filter((reply) => reply.language === language),
			...templates.filter((reply) => reply.language !== language),
		],
		messageDraft: template?.body ?? "",
		draftTemplateId: template?.id ?? null,
		notifyByDefault: settings.buyer_status_emails === 1,
		previews,
		sale,
		buyerLink,
	};
}

function parseDetails(json: string): Record<string, string | number | boolean | null> {
	try {
		const value: unknown = JSON.parse(json);
		return value && typeof value === "object"
			? (value as Record<string, string | number | boolean | null>)
			: {};
	} catch {
		return {};
	}
}

/** The 404 an action answers for a request that does not exist (deleted meanwhile, or a forged id). */
function requestGone(intent: "message" | "note" | "status" | "link") {
	return data(
		{ intent, result: { status: "error" as const, error: { "": ["admin:requests.notFound"] } } },
		{ status: 404, headers: noStore },
	);
}

/** "Send": the gallery's message, posted like every message (conversation.server.ts), then back to the page. */
export async function sendMessage(formData: FormData, id: number, actor: Actor, origin: string) {
	const submission = parseWithZod(formData, { schema: messageSchema });
	if (submission.status !== "success") {
		return data(
			{ intent: "message" as const, result: submission.reply() },
			{ status: 400, headers: noStore },
		);
	}
	const request = await getRequestById(id);
	if (!request) return requestGone("message");
	// An erased buyer (decision 0032) has no address left: there is no one to send to.
	if (request.anonymised_at) {
		return data(
			{ intent: "message" as const, result: submission.reply({ formErrors: ["sale:desk.errors.erased"] }) },
			{ status: 409, headers: noStore },
		);
	}
	await postMessage(
		{
			requestId: id,
			author: "gallery",
			userId: actor.id,
			authorName: actor.username,
			body: submission.value.body,
		},
		{ origin },
	);
	return redirectWithToast(`${requestPath(id)}#thread`, { type: "success", title: "sale:desk.sent" });
}

/**
 * "Stop the buyer's private link": the links in the mails sent so far no longer open the thread or take
 * replies (a buyer forwarded one, or it went to the wrong person); the next message to the buyer makes and
 * carries a new one. A step in the request's timeline.
 */
export async function revokeBuyerLink(id: number, actor: Actor) {
	const revoked = await db.transaction().execute(async (trx) => {
		if (!(await getRequestById(id, trx))) return null;
		const count = await revokeRequestLinks(trx, id, "buyer");
		if (count > 0)
			await recordRequestEvent(trx, { requestId: id, kind: "link_revoked", actorName: actor.username });
		return count;
	});
	if (revoked === null) return requestGone("link");
	return redirectWithToast(requestPath(id), { type: "success", title: "sale:desk.linkRevoked" });
}

/** An internal note, added to the request's others; buyers never see it. */
export async function addNote(formData: FormData, id: number, actor: Actor) {
	const submission = parseWithZod(formData, { schema: noteSchema });
	if (submission.status !== "success") {
		return data({ intent: "note" as const, result: submission.reply() }, { status: 400, headers: noStore });
	}
	const added = await db.transaction().execute(async (trx) => {
		if (!(await getRequestById(id, trx))) return false;
		await addRequestNote(trx, { requestId: id, actor, body: submission.value.body });
		return true;
	});
	if (!added) return requestGone("note");
	return redirectWithToast(`${requestPath(id)}#notes`, { type: "success", title: "sale:desk.noteAdded" });
}

/** The explicit status save: the buyer is mailed only when "notify the buyer" is ticked. */
export async function saveStatus(formData: FormData, id: number, actor: Actor, origin: string) {
	const submission = parseWithZod(formData, { schema: statusSchema });
	if (submission.status !== "success") {
		return data({ intent: "status" as const, result: submission.reply() }, { status: 400, headers: noStore });
	}
	const change = await changeRequestStatus({
		id,
		status: submission.value.status,
		notify: submission.value.notify,
		origin,
		actor,
	});
	if (!change.found) return requestGone("status");
	return redirectWithToast(requestPath(id), {
		type: "success",
		title: change.mailed ? "sale:desk.statusSavedNotified" : "sale:desk.statusSaved",
	});
}
