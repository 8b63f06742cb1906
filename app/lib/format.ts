/** Prices are whole rubles, written the Russian way in both languages: "140 000 ₽". */
const rubles = new Intl.NumberFormat("ru-RU", {
	style: "currency",
	currency: "RUB",
	maximumFractionDigits: 0,
});

export function formatPrice(value: number): string {
	// Intl uses narrow no-break spaces; plain no-break spaces render the same everywhere and match in tests.
	return rubles.format(value).replace(/\u202f/g, "\u00a0");
}

/** A price of 0 means the gallery names it on request (decisions, Round 2): it is never shown as "0 ₽". */
export function hasPrice(value: number | null | undefined): value is number {
	return typeof value === "number" && value > 0;
}
