import { db } from "~/lib/db.server";
import { findRequestLink } from "~/models/request-links.server";
import { getUser } from "~/services/auth.server";
import type { PurchaseRequest } from "~db/schema";

/**
 * Who may read and answer a request's thread as its buyer (issue #37): the signed-in account that made it
 * (or, like My orders, the verified account of the address it was made from as a guest), or whoever holds
 * the buyer's private link to that request (the guest link in each mail: its token opens
 * this request only, and stops working when revoked). Staff use /admin/requests/<id> instead.
 */
export interface BuyerAccess {
	request: PurchaseRequest;
	/** The signed-in buyer's account, or null when the link let them in. */
	userId: number | null;
	/** The link's token when a guest link let them in, to carry in the page's forms. */
	token: string | null;
}

/** The buyer's access to request `requestId`, or null (answer 404: never say whether it exists). */
export async function buyerAccess(
	request: Request,
	requestId: number,
	token: string | null | undefined,
): Promise<BuyerAccess | null> {
	if (!Number.isSafeInteger(requestId) || requestId <= 0) return null;
	const row = await db
		.selectFrom("purchase_requests")
		.selectAll()
		.where("id", "=", requestId)
		.executeTakeFirst();
	if (!row || row.anonymised_at !== null) return null;
	if (token) {
		const link = await findRequestLink(token);
		if (link && link.request_id === requestId && link.party === "buyer") {
			return { request: row, userId: null, token: token.trim().toLowerCase() };
		}
		return null;
	}
	const user = await getUser(request);
	if (!user) return null;
	if (row.user_id === user.id) return { request: row, userId: user.id, token: null };
	// As My orders lists them: a guest request of the account's address, once the address is verified
	// (listRequestsForUser). Until then anyone could register with someone else's address and read theirs.
	const sameAddress =
		row.user_id === null &&
		user.email_verified_at !== null &&
		row.email.trim().toLowerCase() === user.email.trim().toLowerCase();
	return sameAddress ? { request: row, userId: user.id, token: null } : null;
}
