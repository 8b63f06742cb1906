import { formatPrice, hasPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { imageUrl, isVectorKey, type StoredImage, variantKey, variantWidths } from "~/lib/images";
import type { MailBody } from "~/mail/layout.server";
import type { PurchaseRequest, PurchaseRequestKind } from "~db/schema";

/** The request's price as the buyer saw it, after a "Price" label: a number, or "on request". */
export async function priceAsShown(request: PurchaseRequest, language: Language): Promise<string> {
	const t = await i18nServer.getFixedT(language, "mail");
	return request.price_shown === 1 && hasPrice(request.project_price)
		? formatPrice(request.project_price)
		: t("common.onRequest");
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

/** How wide the piece's picture is drawn in a message (px): small, beside the words, not a banner. */
const PICTURE_WIDTH = 200;

/**
 * A message's picture of the piece: its smallest stored width variant, at an absolute address on our own
 * site (a mail client fetches it without cookies; nothing in it says who opened the message). Drawings
 * (SVG) and pictures without a known size are left out: mail clients do not show SVG.
 */
export function mailPicture(
	image: StoredImage | null | undefined,
	origin: string,
	alt: string,
): { picture: NonNullable<MailBody["picture"]> } | null {
	if (!image?.width || !image.height || isVectorKey(image.key)) return null;
	const [smallest] = variantWidths(image.width);
	const key = smallest ? variantKey(image.key, smallest) : image.key;
	const width = Math.min(PICTURE_WIDTH, image.width);
	return {
		picture: {
			url: `${origin}${imageUrl(key)}`,
			alt,
			width,
			height: Math.round((image.height * width) / image.width),
		},
	};
}
