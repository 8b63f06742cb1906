import type { PurchaseRequestKind } from "~db/schema";
import type { ProjectAvailability } from "./categories";
import { hasPrice } from "./format";

/**
 * What the request form is for, decided by the piece (never by the visitor): buying it, asking its price
 * (no price shown), waiting for it while it is reserved for someone else (word if it becomes available),
 * or, once it is sold, asking about similar work.
 */
export type PurchaseMode = "buy" | "price" | "wait" | "similar";

export function purchaseMode(project: { price: number; availability: ProjectAvailability }): PurchaseMode {
	if (project.availability === "sold") return "similar";
	if (project.availability === "reserved") return "wait";
	return hasPrice(project.price) ? "buy" : "price";
}

/** The kind of request each mode makes (buying and asking the price are both a purchase request). */
export function requestKindOf(mode: PurchaseMode): PurchaseRequestKind {
	return mode === "similar" || mode === "wait" ? mode : "purchase";
}

/** The words of each mode (common namespace): the button, the form's title and intro, the thank-you toast. */
export const PURCHASE_TEXT: Record<
	PurchaseMode,
	{ button: string; title: string; intro: string; thanks: string }
> = {
	buy: {
		button: "purchase.buy",
		title: "purchase.title",
		intro: "purchase.intro",
		thanks: "purchase.thanks",
	},
	price: {
		button: "purchase.requestPrice",
		title: "purchase.priceTitle",
		intro: "purchase.priceIntro",
		thanks: "purchase.priceThanks",
	},
	wait: {
		button: "purchase.wait",
		title: "purchase.waitTitle",
		intro: "purchase.waitIntro",
		thanks: "purchase.waitThanks",
	},
	similar: {
		button: "purchase.similar",
		title: "purchase.similarTitle",
		intro: "purchase.similarIntro",
		thanks: "purchase.similarThanks",
	},
};
