import { formatPrice, hasPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { PurchaseRequest, PurchaseRequestKind } from "~db/schema";

/** The request's price as the buyer saw it: a number, or "Price on request". */
export async function priceAsShown(request: PurchaseRequest, language: Language): Promise<string> {
	const t = await i18nServer.getFixedT(language, "mail");
	return request.price_shown === 1 && hasPrice(request.project_price)
		? formatPrice(request.project_price)
		: t("common.priceOnRequest");
}

const KIND_KEY: Record<PurchaseRequestKind | "price", string> = {
	purchase: "common.kindPurchase",
	price: "common.kindPrice",
	similar: "common.kindSimilar",
	wait: "common.kindWait",
};

/** What the request asks, as a key of the mail namespace: to buy, the price, similar work, or word when a reserved piece is free. */
export function kindKey(request: PurchaseRequest): string {
	if (request.kind !== "purchase") return KIND_KEY[request.kind];
	return request.price_shown === 1 ? KIND_KEY.purchase : KIND_KEY.price;
}
