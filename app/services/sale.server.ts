/**
 * Holds and personal offers (issue #37, docs/decisions/0036). PLACEHOLDER written with the schema so the
 * request pages can be built beside it: the holds-and-offers branch replaces this file whole.
 */

/** What /admin/requests/<id> shows of the sale: the piece's hold, the request's offers, the outcome. */
export type StaffSaleState = null;

/** What the buyer's thread shows of the sale: their offers and hold. */
export type BuyerSaleState = null;

export async function staffSaleState(_requestId: number): Promise<StaffSaleState> {
	return null;
}

export async function buyerSaleState(_requestId: number): Promise<BuyerSaleState> {
	return null;
}
