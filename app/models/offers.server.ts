import type { Kysely } from "kysely";
import { db } from "~/lib/db.server";
import type { Database, Offer, OfferStatus } from "~db/schema";

/** Personal offers (issue #37, docs/decisions/0036): a price for one request's buyer, open until a moment. */

export async function insertOffer(
	executor: Kysely<Database>,
	offer: { requestId: number; projectId: string; price: number; expiresAt: Date; createdBy: string },
	now = new Date(),
): Promise<Offer> {
	return executor
		.insertInto("offers")
		.values({
			request_id: offer.requestId,
			project_id: offer.projectId,
			price: offer.price,
			expires_at: offer.expiresAt.toISOString(),
			created_by: offer.createdBy,
			created_at: now.toISOString(),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

export async function findOfferOfRequest(
	executor: Kysely<Database>,
	requestId: number,
	offerId: number,
): Promise<Offer | undefined> {
	return executor
		.selectFrom("offers")
		.selectAll()
		.where("id", "=", offerId)
		.where("request_id", "=", requestId)
		.executeTakeFirst();
}

/**
 * Moves an open offer to `status`; false when it was no longer open (answered, expired or withdrawn
 * meanwhile): the check and the change are one statement.
 */
export async function closeOffer(
	executor: Kysely<Database>,
	id: number,
	status: Exclude<OfferStatus, "open">,
	now = new Date(),
): Promise<boolean> {
	const result = await executor
		.updateTable("offers")
		.set({ status, answered_at: now.toISOString() })
		.where("id", "=", id)
		.where("status", "=", "open")
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}

/** The request's open offers. */
export async function listOpenOffersOfRequest(
	executor: Kysely<Database>,
	requestId: number,
): Promise<Offer[]> {
	return executor
		.selectFrom("offers")
		.selectAll()
		.where("request_id", "=", requestId)
		.where("status", "=", "open")
		.orderBy("id")
		.execute();
}

/** Open offers for the piece made on other requests than `requestId`. */
export async function listOpenOffersOfPiece(
	executor: Kysely<Database>,
	projectId: string,
	exceptRequestId: number,
): Promise<Offer[]> {
	return executor
		.selectFrom("offers")
		.selectAll()
		.where("project_id", "=", projectId)
		.where("request_id", "!=", exceptRequestId)
		.where("status", "=", "open")
		.orderBy("id")
		.execute();
}

/** Open offers past their expiry. */
export async function listLapsedOffers(executor: Kysely<Database>, now: Date): Promise<Offer[]> {
	return executor
		.selectFrom("offers")
		.selectAll()
		.where("status", "=", "open")
		.where("expires_at", "<=", now.toISOString())
		.orderBy("id")
		.execute();
}

/** The request's offers, newest first. */
export async function listOffersOfRequest(
	requestId: number,
	executor: Kysely<Database> = db,
): Promise<Offer[]> {
	return executor
		.selectFrom("offers")
		.selectAll()
		.where("request_id", "=", requestId)
		.orderBy("id", "desc")
		.execute();
}
