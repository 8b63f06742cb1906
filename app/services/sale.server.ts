import { type Kysely, sql } from "kysely";
import type { ProjectAvailability } from "~/lib/categories";
import { db } from "~/lib/db.server";
import { formatPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import { replyAddressTemplate } from "~/lib/reply-address.server";
import {
	DEFAULT_HOLD_DAYS,
	DEFAULT_OFFER_DAYS,
	endOfGalleryDay,
	galleryDate,
	galleryDateInDays,
} from "~/lib/sale";
import { type SellerDetails, sellerDetailsOf } from "~/lib/seller";
import { salesAddress } from "~/lib/site";
import type { MailMessage } from "~/mail/layout.server";
import {
	availableAgainMail,
	holdReminderMail,
	offerLostMail,
	saleOfferMail,
} from "~/mail/messages/sale.server";
import { type Actor, type NonStaffActor, recordActivity } from "~/models/activity.server";
import {
	endHoldRow,
	findActiveHold,
	insertHold,
	listHoldsToRemind,
	listLapsedHolds,
	markHoldReminded,
	moveHoldEnd,
} from "~/models/holds.server";
import {
	closeOffer,
	findOfferOfRequest,
	insertOffer,
	listLapsedOffers,
	listOffersOfRequest,
	listOpenOffersOfPiece,
	listOpenOffersOfRequest,
} from "~/models/offers.server";
import { insertMail, type MailKind } from "~/models/outbox.server";
import { setProjectAvailability } from "~/models/projects.server";
import { recordRequestEvent } from "~/models/request-events.server";
import { requestLinkFor } from "~/models/request-links.server";
import { getSettings } from "~/models/settings.server";
import { lockWithinTransaction, uniqueViolation } from "~db/dialect";
import type {
	Database,
	Hold,
	HoldEndReason,
	Offer,
	OfferStatus,
	PurchaseRequest,
	RequestOutcome,
} from "~db/schema";
import { mailFromAddress, mailQueued, renderMail, shopNameIn } from "./mail.server";

/**
 * Holds and personal offers (issue #37, docs/decisions/0036): a piece kept for one buyer until a date, a
 * personal price with an expiry that the buyer accepts or declines on the site, and the request's outcome.
 * Every step is one transaction with what it causes: the piece's availability (a hold makes it Reserved to
 * everyone else, its end makes it available again unless sold), the request's timeline, the audit trail
 * (staff's steps; a buyer's answer and the scheduled job's steps are in the timeline) and the mail.
 * Writers of one piece's holds take turns under a lock per piece (db/dialect.ts); the partial unique index
 * of migration 0025 is the backstop.
 */

/** The manager hears this long before a hold ends. */
export const HOLD_REMINDER_MS = 24 * 60 * 60 * 1000;

/** Why a step was refused: a key under the `sale` namespace's hold/offer/outcome errors, with its values. */
export type SaleErrorCode =
	| "notFound"
	| "noPiece"
	| "closed"
	| "sold"
	| "held"
	| "notHeld"
	| "pastDate"
	| "offerNotOpen";

export class SaleError extends Error {
	override name = "SaleError";
	constructor(
		readonly code: SaleErrorCode,
		/** For "held": who holds the piece (their request's number and address) and until when (ISO). */
		readonly holder?: { requestId: number; email: string; until: string },
	) {
		super(code);
	}
}

interface StepOptions {
	/** The public site, for the links in mail. */
	origin: string;
	now?: Date;
}

/** The lock every writer of one piece's holds and offers takes first. */
const lockPiece = (trx: Kysely<Database>, projectId: string) =>
	lockWithinTransaction(trx, `hold:${projectId}`);

async function openRequest(trx: Kysely<Database>, requestId: number): Promise<PurchaseRequest> {
	const request = await trx
		.selectFrom("purchase_requests")
		.selectAll()
		.where("id", "=", requestId)
		.executeTakeFirst();
	if (!request || request.anonymised_at !== null) throw new SaleError("notFound");
	if (request.outcome !== null) throw new SaleError("closed");
	if (!request.project_id) throw new SaleError("noPiece");
	return request;
}

async function availabilityOf(trx: Kysely<Database>, projectId: string): Promise<ProjectAvailability | null> {
	const row = await trx
		.selectFrom("projects")
		.select("availability")
		.where("id", "=", projectId)
		.executeTakeFirst();
	return row?.availability ?? null;
}

async function holderOf(trx: Kysely<Database>, hold: Hold): Promise<SaleError> {
	const holder = await trx
		.selectFrom("purchase_requests")
		.select(["id", "email"])
		.where("id", "=", hold.request_id)
		.executeTakeFirst();
	return new SaleError("held", { requestId: hold.request_id, email: holder?.email ?? "", until: hold.until });
}

/** Queues one of this feature's messages in the transaction of its cause. */
async function queueSaleMail(
	trx: Kysely<Database>,
	mail: {
		kind: MailKind;
		to: string;
		request: PurchaseRequest;
		message: MailMessage;
		origin: string;
		requestLinkId?: number;
		replyTo?: string | null;
	},
): Promise<void> {
	const language = mail.request.language;
	const content = await renderMail(trx, { language, origin: mail.origin, ...mail.message });
	await insertMail(trx, {
		kind: mail.kind,
		to: mail.to,
		language,
		fromAddress: mailFromAddress(),
		reference: `purchase_request:${mail.request.id}`,
		requestLinkId: mail.requestLinkId ?? null,
		replyTo: mail.replyTo ?? null,
		...content,
	});
}

/** What the audit trail records of a request's sale (worked-out fields of `request`, app/lib/activity.ts). */
const holdSnapshot = (hold: Pick<Hold, "until"> | null | undefined) => ({
	hold_until: hold ? galleryDate(new Date(hold.until)) : null,
});
const offerText = (offer: Offer, status: OfferStatus = offer.status) =>
	`№ ${offer.id}: ${formatPrice(offer.price)}, ${galleryDate(new Date(offer.expires_at))}, ${status}`;

const actorNameOf = (actor: Actor | NonStaffActor | undefined) =>
	typeof actor === "object" ? actor.username : "";

async function requestLabel(trx: Kysely<Database>, requestId: number): Promise<string> {
	const row = await trx
		.selectFrom("purchase_requests")
		.select("project_name")
		.where("id", "=", requestId)
		.executeTakeFirst();
	return row?.project_name ?? "";
}

/** An offer's new state in the audit trail, on its request. */
async function recordOfferChange(
	trx: Kysely<Database>,
	actor: Actor | NonStaffActor | undefined,
	offer: Offer,
	status: OfferStatus,
): Promise<void> {
	await recordActivity(trx, actor, {
		entity: "request",
		entityId: offer.request_id,
		label: await requestLabel(trx, offer.request_id),
		action: "updated",
		before: { offer: offerText(offer) },
		after: { offer: offerText(offer, status) },
	});
}

/** A hold placed, moved or ended in the audit trail, on its request. */
async function recordHoldChange(
	trx: Kysely<Database>,
	actor: Actor | NonStaffActor | undefined,
	before: Hold | null,
	after: Hold | null,
): Promise<void> {
	const requestId = (after ?? before)?.request_id;
	if (requestId === undefined) return;
	await recordActivity(trx, actor, {
		entity: "request",
		entityId: requestId,
		label: await requestLabel(trx, requestId),
		action: "updated",
		before: holdSnapshot(before),
		after: holdSnapshot(after),
	});
}

/**
 * The buyers who asked about the piece hear, once each, that it is available again: the open requests (to
 * buy or to wait) of other addresses than the one whose hold ended, never told before. Each request is
 * marked as it is told (a conditional update: two rounds at once tell no one twice); one address with
 * several requests gets one message.
 */
async function tellWaitlist(
	trx: Kysely<Database>,
	hold: Hold,
	options: Required<StepOptions>,
): Promise<number> {
	const holder = await trx
		.selectFrom("purchase_requests")
		.select("email")
		.where("id", "=", hold.request_id)
		.executeTakeFirst();
	const waiting = await trx
		.selectFrom("purchase_requests")
		.selectAll()
		.where("project_id", "=", hold.project_id)
		.where("id", "!=", hold.request_id)
		.where("kind", "in", ["purchase", "wait"])
		.where("status", "in", ["new", "in_progress"])
		.where("outcome", "is", null)
		.where("anonymised_at", "is", null)
		.where("available_notice_at", "is", null)
		.orderBy("id")
		.execute();
	const settings = await getSettings(trx);
	const told = new Set<string>([holder?.email.toLowerCase() ?? ""]);
	let mailed = 0;
	for (const request of waiting) {
		const address = request.email.toLowerCase();
		const marked = await trx
			.updateTable("purchase_requests")
			.set({ available_notice_at: options.now.toISOString() })
			.where("id", "=", request.id)
			.where("available_notice_at", "is", null)
			.executeTakeFirst();
		if (Number(marked.numUpdatedRows) !== 1 || told.has(address)) continue;
		told.add(address);
		await queueSaleMail(trx, {
			kind: "sale_available",
			to: request.email,
			request,
			origin: options.origin,
			message: await availableAgainMail({
				request,
				language: request.language,
				origin: options.origin,
				salesEmail: salesAddress(settings),
			}),
		});
		await recordRequestEvent(trx, { requestId: request.id, kind: "available_notice" }, options.now);
		mailed += 1;
	}
	return mailed;
}

/**
 * Ends a hold (released, sold or expired): a piece that is not sold is available again, and when it ends
 * without a sale the buyers waiting for it are told. False when it had already ended.
 */
async function endHold(
	trx: Kysely<Database>,
	hold: Hold,
	reason: HoldEndReason,
	options: Required<StepOptions> & { actor?: Actor | NonStaffActor },
): Promise<boolean> {
	if (!(await endHoldRow(trx, hold.id, reason, options.now))) return false;
	// Staff's steps record the request's side themselves (with the rest of what they changed).
	if (typeof options.actor === "string") await recordHoldChange(trx, options.actor, hold, null);
	if (reason === "sold") return true;
	const availability = await availabilityOf(trx, hold.project_id);
	if (availability === "reserved") {
		await setProjectAvailability(trx, hold.project_id, "available", options.actor);
	}
	await recordRequestEvent(
		trx,
		{ requestId: hold.request_id, kind: `hold_${reason}`, actorName: actorNameOf(options.actor) },
		options.now,
	);
	// A piece marked sold by hand meanwhile (the project form) is not available again: no one is told so.
	if (availability !== "sold") await tellWaitlist(trx, hold, options);
	return true;
}

/** Places or moves the request's hold on its piece; refused when another request holds it. */
async function holdFor(
	trx: Kysely<Database>,
	request: PurchaseRequest & { project_id: string },
	until: Date,
	options: { now: Date; actorName: string; actor?: Actor | NonStaffActor; extendOnly?: boolean },
): Promise<{ hold: Hold; before: Hold | undefined }> {
	const active = await findActiveHold(trx, request.project_id);
	if (active && active.request_id !== request.id) throw await holderOf(trx, active);
	if (active) {
		const end = options.extendOnly && new Date(active.until) > until ? new Date(active.until) : until;
		// Already to that moment: nothing moves, and the timeline says nothing.
		if (end.getTime() === new Date(active.until).getTime()) return { hold: active, before: active };
		await moveHoldEnd(trx, active.id, end);
		await recordRequestEvent(
			trx,
			{
				requestId: request.id,
				kind: "hold_extended",
				actorName: options.actorName,
				details: { until: galleryDate(end) },
			},
			options.now,
		);
		return { hold: { ...active, until: end.toISOString(), reminded_at: null }, before: active };
	}
	let hold: Hold;
	try {
		hold = await insertHold(
			trx,
			{ projectId: request.project_id, requestId: request.id, until, createdBy: options.actorName },
			options.now,
		);
	} catch (error) {
		// Another writer got past the lock (it cannot, with the lock; the index says so all the same).
		if (uniqueViolation(error)) throw new SaleError("held");
		throw error;
	}
	await setProjectAvailability(trx, request.project_id, "reserved", options.actor);
	await recordRequestEvent(
		trx,
		{
			requestId: request.id,
			kind: "hold_placed",
			actorName: options.actorName,
			details: { until: galleryDate(new Date(hold.until)) },
		},
		options.now,
	);
	return { hold, before: undefined };
}

/**
 * "Reserve for this buyer" until the end of calendar day `day` (YYYY-MM-DD, Moscow time). Holding the piece
 * for the same request again moves the date; a piece another request holds is refused with who and until when.
 */
export async function reserveForBuyer(input: {
	requestId: number;
	day: string;
	actor: Actor;
	now?: Date;
}): Promise<Hold> {
	const now = input.now ?? new Date();
	const until = endOfGalleryDay(input.day);
	if (!until || until <= now) throw new SaleError("pastDate");
	return db.transaction().execute(async (trx) => {
		const request = await openRequest(trx, input.requestId);
		const projectId = request.project_id as string;
		await lockPiece(trx, projectId);
		if ((await availabilityOf(trx, projectId)) === "sold") throw new SaleError("sold");
		const { hold, before } = await holdFor(trx, { ...request, project_id: projectId }, until, {
			now,
			actorName: input.actor.username,
			actor: input.actor,
		});
		await recordActivity(trx, input.actor, {
			entity: "request",
			entityId: request.id,
			label: request.project_name,
			action: "updated",
			before: holdSnapshot(before),
			after: holdSnapshot(hold),
		});
		return hold;
	});
}

/** Staff release the request's hold: the piece is available again and the waiting buyers are told. */
export async function releaseHold(input: { requestId: number; actor: Actor } & StepOptions): Promise<void> {
	const now = input.now ?? new Date();
	await db.transaction().execute(async (trx) => {
		const request = await trx
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", input.requestId)
			.executeTakeFirst();
		if (!request?.project_id) throw new SaleError("notFound");
		await lockPiece(trx, request.project_id);
		const hold = await findActiveHold(trx, request.project_id);
		if (!hold || hold.request_id !== request.id) throw new SaleError("notHeld");
		await endHold(trx, hold, "released", { origin: input.origin, now, actor: input.actor });
		await recordActivity(trx, input.actor, {
			entity: "request",
			entityId: request.id,
			label: request.project_name,
			action: "updated",
			before: holdSnapshot(hold),
			after: holdSnapshot(null),
		});
	});
	mailQueued();
}

/**
 * "Send an offer": a personal price (whole rubles) open to the end of calendar day `day` (Moscow time). The
 * request's earlier open offer is withdrawn. The buyer gets it by mail, in the request's language, with the
 * guest link to their thread (where they accept or decline) and, when replies by mail are set up, a Reply-To.
 */
export async function sendOffer(
	input: { requestId: number; price: number; day: string; actor: Actor } & StepOptions,
): Promise<Offer> {
	const now = input.now ?? new Date();
	const expiresAt = endOfGalleryDay(input.day);
	if (!expiresAt || expiresAt <= now) throw new SaleError("pastDate");
	const offer = await db.transaction().execute(async (trx) => {
		const request = await openRequest(trx, input.requestId);
		const projectId = request.project_id as string;
		await lockPiece(trx, projectId);
		if ((await availabilityOf(trx, projectId)) === "sold") throw new SaleError("sold");
		const active = await findActiveHold(trx, projectId);
		if (active && active.request_id !== request.id) throw await holderOf(trx, active);
		const withdrawn = await listOpenOffersOfRequest(trx, request.id);
		for (const earlier of withdrawn) {
			await closeOffer(trx, earlier.id, "withdrawn", now);
			await recordRequestEvent(
				trx,
				{
					requestId: request.id,
					kind: "offer_withdrawn",
					actorName: input.actor.username,
					details: { price: formatPrice(earlier.price) },
				},
				now,
			);
		}
		const offer = await insertOffer(
			trx,
			{ requestId: request.id, projectId, price: input.price, expiresAt, createdBy: input.actor.username },
			now,
		);
		const link = await requestLinkFor(trx, request.id, "buyer", now);
		const replyTo = replyAddressTemplate();
		const settings = await getSettings(trx);
		await queueSaleMail(trx, {
			kind: "sale_offer",
			to: request.email,
			request,
			origin: input.origin,
			requestLinkId: link.id,
			replyTo,
			message: await saleOfferMail({
				request,
				offer,
				language: request.language,
				// In the request's language, as the mail is written: a guest has no language cookie there yet.
				offerUrl: `${input.origin}${offerPagePath(request.id, LINK_SECRET_PLACEHOLDER)}&lng=${request.language}`,
				replyByMail: replyTo !== null,
				salesEmail: salesAddress(settings),
			}),
		});
		await recordRequestEvent(
			trx,
			{
				requestId: request.id,
				kind: "offer_sent",
				actorName: input.actor.username,
				details: { price: formatPrice(offer.price), until: galleryDate(new Date(offer.expires_at)) },
			},
			now,
		);
		const last = withdrawn.at(-1);
		await recordActivity(trx, input.actor, {
			entity: "request",
			entityId: request.id,
			label: request.project_name,
			action: "updated",
			before: { offer: last ? offerText(last, "withdrawn") : null },
			after: { offer: offerText(offer) },
		});
		return offer;
	});
	mailQueued();
	return offer;
}

/**
 * The buyer's offer page (app/routes/requests.$id_.offer.tsx), where the offer mail leads: with the guest
 * link's token for a guest (the mail's carries LINK_SECRET_PLACEHOLDER, made as it is sent).
 */
export function offerPagePath(requestId: number, token: string | null): string {
	return `/requests/${requestId}/offer${token ? `?t=${token}` : ""}`;
}

/** What a buyer's answer came to. */
export type OfferAnswer =
	| { result: "accepted"; until: string }
	| { result: "declined" }
	/** Its date had passed: it is marked expired and cannot be accepted. */
	| { result: "expired" }
	/** Another buyer's acceptance (or a sale) came first: it is marked lost. */
	| { result: "lost" };

/**
 * The buyer accepts or declines an open offer (their access is the route's to check). Accepting makes a hold
 * for them (to the end of the day DEFAULT_HOLD_DAYS from now, or later if theirs already lasts longer) and
 * marks the other buyers' open offers for the piece lost, telling them by mail. Two acceptances at once take
 * turns under the piece's lock: the second finds the piece held, or its offer already lost, and is told so.
 */
export async function answerOffer(
	input: { requestId: number; offerId: number; answer: "accept" | "decline" } & StepOptions,
): Promise<OfferAnswer> {
	const now = input.now ?? new Date();
	const options = { origin: input.origin, now };
	const answer = await db.transaction().execute(async (trx): Promise<OfferAnswer> => {
		const offer = await findOfferOfRequest(trx, input.requestId, input.offerId);
		if (!offer) throw new SaleError("notFound");
		await lockPiece(trx, offer.project_id);
		const current = await findOfferOfRequest(trx, input.requestId, input.offerId);
		if (current?.status === "lost") return { result: "lost" };
		if (current?.status === "expired") return { result: "expired" };
		if (current?.status !== "open") throw new SaleError("offerNotOpen");
		// Each answer in the timeline and in the audit trail (by the buyer).
		const event = async (status: "expired" | "declined" | "lost" | "accepted") => {
			await closeOffer(trx, offer.id, status, now);
			await recordRequestEvent(
				trx,
				{
					requestId: offer.request_id,
					kind: `offer_${status}`,
					details: { price: formatPrice(offer.price) },
				},
				now,
			);
			await recordOfferChange(trx, "buyer", offer, status);
		};
		if (new Date(offer.expires_at) <= now) {
			await event("expired");
			return { result: "expired" };
		}
		if (input.answer === "decline") {
			await event("declined");
			return { result: "declined" };
		}
		const request = await trx
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", offer.request_id)
			.executeTakeFirstOrThrow();
		const active = await findActiveHold(trx, offer.project_id);
		const lost =
			request.outcome !== null ||
			(await availabilityOf(trx, offer.project_id)) === "sold" ||
			(active !== undefined && active.request_id !== request.id);
		if (lost) {
			await event("lost");
			return { result: "lost" };
		}
		const until = endOfGalleryDay(galleryDateInDays(now, DEFAULT_HOLD_DAYS)) as Date;
		await event("accepted");
		const { hold, before } = await holdFor(trx, { ...request, project_id: offer.project_id }, until, {
			now,
			actorName: "",
			actor: "buyer",
			extendOnly: true,
		});
		await recordHoldChange(trx, "buyer", before ?? null, hold);
		await overtakeOtherOffers(trx, offer.project_id, request.id, { ...options, actor: "buyer" });
		return { result: "accepted", until: hold.until };
	});
	mailQueued();
	return answer;
}

/** The other buyers' open offers for a piece that is now held or sold are lost; each buyer is told once. */
async function overtakeOtherOffers(
	trx: Kysely<Database>,
	projectId: string,
	winnerRequestId: number,
	options: Required<StepOptions> & { actor: Actor | NonStaffActor },
): Promise<void> {
	const settings = await getSettings(trx);
	for (const other of await listOpenOffersOfPiece(trx, projectId, winnerRequestId)) {
		if (!(await closeOffer(trx, other.id, "lost", options.now))) continue;
		await recordOfferChange(trx, options.actor, other, "lost");
		const request = await trx
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", other.request_id)
			.executeTakeFirstOrThrow();
		await recordRequestEvent(
			trx,
			{ requestId: request.id, kind: "offer_lost", details: { price: formatPrice(other.price) } },
			options.now,
		);
		if (request.anonymised_at !== null) continue;
		await queueSaleMail(trx, {
			kind: "sale_offer_lost",
			to: request.email,
			request,
			origin: options.origin,
			message: await offerLostMail({
				request,
				language: request.language,
				salesEmail: salesAddress(settings),
			}),
		});
	}
}

/**
 * Closes a request with its outcome. "sold" marks the piece sold, ends this request's hold as sold and the
 * other buyers' open offers as lost (a piece another request holds cannot be sold here: release it first);
 * any other outcome releases this request's hold (the waiting buyers are told). The request's open offers
 * are withdrawn either way. The request's status follows: done when sold, cancelled otherwise (no mail: a
 * status mail is the status save's, with its "notify the buyer" box).
 */
export async function closeRequest(
	input: { requestId: number; outcome: RequestOutcome; actor: Actor } & StepOptions,
): Promise<void> {
	const now = input.now ?? new Date();
	const options = { origin: input.origin, now, actor: input.actor };
	await db.transaction().execute(async (trx) => {
		const request = await trx
			.selectFrom("purchase_requests")
			.selectAll()
			.where("id", "=", input.requestId)
			.executeTakeFirst();
		if (!request || request.anonymised_at !== null) throw new SaleError("notFound");
		if (request.outcome !== null) throw new SaleError("closed");
		if (input.outcome === "sold" && !request.project_id) throw new SaleError("noPiece");
		const projectId = request.project_id;
		if (projectId) await lockPiece(trx, projectId);
		const active = projectId ? await findActiveHold(trx, projectId) : undefined;
		const ours = active?.request_id === request.id ? active : undefined;
		if (input.outcome === "sold" && active && !ours) throw await holderOf(trx, active);
		for (const offer of await listOpenOffersOfRequest(trx, request.id)) {
			await closeOffer(trx, offer.id, "withdrawn", now);
			await recordOfferChange(trx, input.actor, offer, "withdrawn");
		}
		if (input.outcome === "sold" && projectId) {
			if (ours) await endHold(trx, ours, "sold", options);
			await setProjectAvailability(trx, projectId, "sold", input.actor);
			await overtakeOtherOffers(trx, projectId, request.id, options);
		} else if (ours) {
			await endHold(trx, ours, "released", options);
		}
		const status = input.outcome === "sold" ? "done" : "cancelled";
		await trx
			.updateTable("purchase_requests")
			.set({ outcome: input.outcome, closed_at: now.toISOString(), status, updated_at: now.toISOString() })
			.where("id", "=", request.id)
			.execute();
		await recordRequestEvent(
			trx,
			{
				requestId: request.id,
				kind: `closed_${input.outcome}`,
				actorName: input.actor.username,
			},
			now,
		);
		await recordActivity(trx, input.actor, {
			entity: "request",
			entityId: request.id,
			label: request.project_name,
			action: "updated",
			before: { status: request.status, outcome: null, ...(ours ? holdSnapshot(ours) : {}) },
			after: { status, outcome: input.outcome, ...(ours ? holdSnapshot(null) : {}) },
		});
	});
	mailQueued();
}

/** What one round of the sale's scheduled job did. */
export interface SaleRound {
	offersExpired: number;
	holdsExpired: number;
	reminded: number;
}

/**
 * One round of the scheduled job (app/server/sale-schedule.ts; once per period across instances): open
 * offers past their date expire; holds past their date end (the piece is available again, the waiting
 * buyers told once); the manager of a hold that ends within a day is reminded, once. Each item is its own
 * transaction, and each change is conditional, so a round that overlaps another repeats nothing.
 */
export async function runSaleRound(options: StepOptions): Promise<SaleRound> {
	const now = options.now ?? new Date();
	const round: SaleRound = { offersExpired: 0, holdsExpired: 0, reminded: 0 };
	for (const offer of await listLapsedOffers(db, now)) {
		await db.transaction().execute(async (trx) => {
			await lockPiece(trx, offer.project_id);
			if (!(await closeOffer(trx, offer.id, "expired", now))) return;
			await recordOfferChange(trx, "site", offer, "expired");
			await recordRequestEvent(
				trx,
				{ requestId: offer.request_id, kind: "offer_expired", details: { price: formatPrice(offer.price) } },
				now,
			);
			round.offersExpired += 1;
		});
	}
	for (const hold of await listLapsedHolds(db, now)) {
		await db.transaction().execute(async (trx) => {
			await lockPiece(trx, hold.project_id);
			if (await endHold(trx, hold, "expired", { origin: options.origin, now, actor: "site" }))
				round.holdsExpired += 1;
		});
	}
	for (const hold of await listHoldsToRemind(db, now, HOLD_REMINDER_MS)) {
		await db.transaction().execute(async (trx) => {
			if (!(await markHoldReminded(trx, hold.id, now))) return;
			const request = await trx
				.selectFrom("purchase_requests")
				.selectAll()
				.where("id", "=", hold.request_id)
				.executeTakeFirstOrThrow();
			const manager = await managerOf(trx, hold);
			if (!manager) return;
			const content = await renderMail(trx, {
				language: manager.language,
				origin: options.origin,
				...(await holdReminderMail({ request, hold, language: manager.language, origin: options.origin })),
			});
			await insertMail(trx, {
				kind: "sale_hold_reminder",
				to: manager.email,
				language: manager.language,
				fromAddress: mailFromAddress(),
				reference: `purchase_request:${request.id}`,
				...content,
			});
			await recordRequestEvent(
				trx,
				{
					requestId: request.id,
					kind: "hold_reminder",
					details: { until: galleryDate(new Date(hold.until)) },
				},
				now,
			);
			round.reminded += 1;
		});
	}
	if (round.holdsExpired + round.reminded > 0) mailQueued();
	return round;
}

/**
 * Who is reminded of a hold: the staff member who placed it (their account's address and language), else
 * the gallery's address from the settings (in the language of its account, if it has one; else Russian).
 */
async function managerOf(
	trx: Kysely<Database>,
	hold: Hold,
): Promise<{ email: string; language: "en" | "ru" } | null> {
	if (hold.created_by) {
		const user = await trx
			.selectFrom("users")
			.select(["email", "language", "status"])
			.where(sql`username`, "=", sql`${hold.created_by} collate nocase`)
			.executeTakeFirst();
		if (user && user.status === "active") return { email: user.email, language: user.language };
	}
	const adminEmail = (await getSettings(trx)).admin_email.trim();
	if (!adminEmail) return null;
	const account = await trx
		.selectFrom("users")
		.select("language")
		.where(sql`email`, "=", sql`${adminEmail} collate nocase`)
		.executeTakeFirst();
	return { email: adminEmail, language: account?.language ?? "ru" };
}

/** An offer as the pages show it. */
export interface OfferView {
	id: number;
	price: number;
	expiresAt: string;
	status: OfferStatus;
	/** Open and not past its date: the buyer may still answer it. */
	answerable: boolean;
	createdBy: string;
	createdAt: string;
	answeredAt: string | null;
}

function offerView(offer: Offer, now: Date): OfferView {
	return {
		id: offer.id,
		price: offer.price,
		expiresAt: offer.expires_at,
		status: offer.status,
		answerable: offer.status === "open" && new Date(offer.expires_at) > now,
		createdBy: offer.created_by,
		createdAt: offer.created_at,
		answeredAt: offer.answered_at,
	};
}

/** What /admin/requests/<id> shows of the sale: the piece's hold, the request's offers, the outcome. */
export type StaffSaleState = {
	requestId: number;
	projectId: string | null;
	/** The piece's list price now (whole rubles; 0 when it has none): the offer's default. */
	listPrice: number;
	availability: ProjectAvailability | null;
	outcome: RequestOutcome | null;
	closedAt: string | null;
	/** The piece's active hold, whoever it is for. */
	hold: { requestId: number; email: string; until: string; createdBy: string; ours: boolean } | null;
	offers: OfferView[];
	/** The accepted offer whose confirmation can be printed. */
	acceptedOfferId: number | null;
	/** The forms' default dates (YYYY-MM-DD, Moscow time). */
	defaults: { holdDay: string; offerDay: string; today: string };
} | null;

/** What the buyer's thread shows of the sale: their offers and hold. */
export type BuyerSaleState = {
	requestId: number;
	/** Their hold on the piece, if the piece is reserved for them. */
	holdUntil: string | null;
	offers: OfferView[];
	acceptedOfferId: number | null;
} | null;

export async function staffSaleState(requestId: number, now = new Date()): Promise<StaffSaleState> {
	const request = await db
		.selectFrom("purchase_requests")
		.selectAll()
		.where("id", "=", requestId)
		.executeTakeFirst();
	if (!request) return null;
	const project = request.project_id
		? await db
				.selectFrom("projects")
				.select(["price", "availability"])
				.where("id", "=", request.project_id)
				.executeTakeFirst()
		: undefined;
	const active = request.project_id ? await findActiveHold(db, request.project_id) : undefined;
	const holder = active
		? await db
				.selectFrom("purchase_requests")
				.select("email")
				.where("id", "=", active.request_id)
				.executeTakeFirst()
		: undefined;
	const offers = (await listOffersOfRequest(requestId)).map((offer) => offerView(offer, now));
	return {
		requestId,
		projectId: project ? request.project_id : null,
		listPrice: project?.price ?? 0,
		availability: project?.availability ?? null,
		outcome: request.outcome,
		closedAt: request.closed_at,
		hold: active
			? {
					requestId: active.request_id,
					email: holder?.email ?? "",
					until: active.until,
					createdBy: active.created_by,
					ours: active.request_id === requestId,
				}
			: null,
		offers,
		acceptedOfferId: offers.find((offer) => offer.status === "accepted")?.id ?? null,
		defaults: {
			holdDay: galleryDateInDays(now, DEFAULT_HOLD_DAYS),
			offerDay: galleryDateInDays(now, DEFAULT_OFFER_DAYS),
			today: galleryDate(now),
		},
	};
}

export async function buyerSaleState(requestId: number, now = new Date()): Promise<BuyerSaleState> {
	const request = await db
		.selectFrom("purchase_requests")
		.select(["id", "project_id"])
		.where("id", "=", requestId)
		.executeTakeFirst();
	if (!request) return null;
	const active = request.project_id ? await findActiveHold(db, request.project_id) : undefined;
	const offers = (await listOffersOfRequest(requestId)).map((offer) => offerView(offer, now));
	return {
		requestId,
		holdUntil: active?.request_id === requestId ? active.until : null,
		offers,
		acceptedOfferId: offers.find((offer) => offer.status === "accepted")?.id ?? null,
	};
}

/** The printable confirmation of an accepted offer: the piece, the price, the buyer, the seller, the date. */
export interface SaleConfirmation {
	requestId: number;
	offerId: number;
	projectName: string;
	artistName: string;
	price: number;
	acceptedAt: string;
	buyer: { email: string; phone: string };
	seller: SellerDetails & { shopName: string; salesEmail: string };
}

export async function saleConfirmation(
	requestId: number,
	language: Language,
): Promise<SaleConfirmation | null> {
	const row = await db
		.selectFrom("offers")
		.innerJoin("purchase_requests", "purchase_requests.id", "offers.request_id")
		.leftJoin("projects", "projects.id", "offers.project_id")
		.leftJoin("artists", "artists.id", "projects.artist_id")
		.select([
			"offers.id as offerId",
			"offers.price",
			"offers.answered_at",
			"purchase_requests.project_name",
			"purchase_requests.email",
			"purchase_requests.phone",
			"purchase_requests.anonymised_at",
			"artists.name as artistName",
		])
		.where("offers.request_id", "=", requestId)
		.where("offers.status", "=", "accepted")
		.orderBy("offers.id", "desc")
		.executeTakeFirst();
	if (!row || row.anonymised_at !== null) return null;
	const settings = await getSettings();
	return {
		requestId,
		offerId: row.offerId,
		projectName: row.project_name,
		artistName: row.artistName ?? "",
		price: row.price,
		acceptedAt: row.answered_at ?? "",
		buyer: { email: row.email, phone: row.phone },
		seller: {
			...sellerDetailsOf(settings),
			shopName: shopNameIn(settings, language),
			salesEmail: salesAddress(settings),
		},
	};
}
