import type { StaffSaleState } from "~/services/sale.server";

/**
 * The sale on /admin/requests/<id>: hold, offer, outcome. PLACEHOLDER written with the schema; the
 * holds-and-offers branch replaces this file whole.
 */
export function StaffSalePanel(_props: { requestId: number; sale: StaffSaleState }) {
	return null;
}
