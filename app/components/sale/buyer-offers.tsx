import { Form, useLocation } from "@remix-run/react";
import { formatDate, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/translations";
import type { BuyerSaleState } from "~/services/sale.server";

/**
 * The buyer's offers and hold in their thread (issue #37, docs/decisions/0036): each personal offer with its
 * price, its date and its state; an open one with "Accept offer" and "Decline" (a plain form posting to
 * /requests/<id>/offer, so it works without JavaScript; the answer comes back here with a toast); the
 * piece's reservation for them; and the printable confirmation once they accepted. `token` is the guest
 * link's, when it let them in: it goes with the form and the confirmation's link.
 */
export function BuyerOffers({
	requestId,
	sale,
	token,
}: {
	requestId: number;
	sale: BuyerSaleState;
	token: string | null;
}) {
	const { t, i18n } = useTranslation("sale");
	const location = useLocation();
	if (!sale || (sale.offers.length === 0 && !sale.holdUntil)) return null;
	const when = (iso: string) => formatDate(iso, i18n.language, "dateTime");
	const confirmation = `/requests/${requestId}/confirmation${token ? `?t=${encodeURIComponent(token)}` : ""}`;
	return (
		<section aria-labelledby={`offers-${requestId}`} className="mt-8 rounded-lg border border-line p-5">
			<h2 id={`offers-${requestId}`} className="font-display text-2xl font-semibold">
				{t("offer.buyer.title")}
			</h2>
			{sale.holdUntil ? (
				<p className="mt-3 font-semibold" data-testid="buyer-hold">
					{t("hold.forYou", { until: when(sale.holdUntil) })}
				</p>
			) : null}
			<ul className="mt-4 flex flex-col gap-4">
				{sale.offers.map((offer) => {
					const status = offer.answerable || offer.status !== "open" ? offer.status : "expired";
					return (
						<li key={offer.id} className="flex flex-col gap-2 border-t border-line pt-4">
							<p>
								{t("offer.buyer.line", { price: formatPrice(offer.price), until: when(offer.expiresAt) })}
							</p>
							<p className="text-sm text-muted">{t(`offer.buyer.status.${status}`)}</p>
							{offer.answerable ? (
								<Form method="post" action={`/requests/${requestId}/offer`} className="flex flex-wrap gap-3">
									<input type="hidden" name="offer" value={offer.id} />
									{token ? <input type="hidden" name="t" value={token} /> : null}
									<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
									<button
										type="submit"
										name="answer"
										value="accept"
										className="inline-flex h-11 items-center rounded-lg bg-ink px-5 text-sm font-semibold text-paper"
									>
										{t("offer.buyer.accept")}
									</button>
									<button
										type="submit"
										name="answer"
										value="decline"
										className="inline-flex h-11 items-center rounded-lg border border-line px-5 text-sm font-semibold"
									>
										{t("offer.buyer.decline")}
									</button>
								</Form>
							) : null}
							{offer.id === sale.acceptedOfferId ? (
								<a href={confirmation} className="text-sm font-semibold underline underline-offset-4">
									{t("confirmation.link")}
								</a>
							) : null}
						</li>
					);
				})}
			</ul>
		</section>
	);
}
