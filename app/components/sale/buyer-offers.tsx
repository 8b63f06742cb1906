import type { BuyerSaleState } from "~/services/sale.server";

/**
 * The buyer's offers and hold in their thread (accept / decline). PLACEHOLDER written with the schema; the
 * holds-and-offers branch replaces this file whole. `token` is the guest link's, when it let them in.
 */
export function BuyerOffers(_props: { requestId: number; sale: BuyerSaleState; token: string | null }) {
	return null;
}
