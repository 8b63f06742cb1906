import type { ProjectAvailability } from "./categories";
import { hasPrice } from "./format";

/**
 * What the request form is for, decided by the piece (never by the visitor): buying it, asking its price
 * (no price shown), or, once it is sold, asking about similar work.
 */
export type PurchaseMode = "buy" | "price" | "similar";

export function purchaseMode(project: { price: number; availability: ProjectAvailability }): PurchaseMode {
	if (project.availability === "sold") return "similar";
	return hasPrice(project.price) ? "buy" : "price";
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
	similar: {
		button: "purchase.similar",
		title: "purchase.similarTitle",
		intro: "purchase.similarIntro",
		thanks: "purchase.similarThanks",
	},
};
