import { Link } from "@remix-run/react";
import { CloseIcon } from "~/components/icons";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/translations";
import { defaultSortFor, EMPTY_SHOP_QUERY, type ShopQuery, shopHref } from "./shop-href";

/** A price range as words: «до 50 000 ₽», «50 000 – 150 000 ₽», «от 150 000 ₽». */
export function PriceRangeLabel({ min, max }: { min: number | null; max: number | null }) {
	const { t } = useTranslation("shop");
	return min === null && max === null ? null : priceText(t, min, max);
}

/**
 * What narrows the list, above the results: the words searched for, then each filter as a chip that is a
 * plain link to the same list without it (so it works without JavaScript), and "Clear all".
 */
export function ShopChips({
	query,
	designers,
}: {
	query: ShopQuery;
	designers: Array<{ id: string; name: string }>;
}) {
	const { t } = useTranslation("shop");
	const chips: Array<{ key: string; label: string; text: string; without: ShopQuery }> = [];
	if (query.q)
		chips.push({
			key: "q",
			label: `«${query.q}»`,
			text: query.q,
			// Without the words, "best match" means nothing: the default order again.
			without: {
				...query,
				q: "",
				sort: query.sort === defaultSortFor(query.q) ? defaultSortFor("") : query.sort,
			},
		});
	if (query.category) {
		const name = t(`categories.${query.category}`, { ns: "common" });
		chips.push({ key: "category", label: name, text: name, without: { ...query, category: "" } });
	}
	if (query.collection) {
		const name = t("chips.collection", { name: t(`collections.${query.collection}`, { ns: "common" }) });
		chips.push({ key: "collection", label: name, text: name, without: { ...query, collection: "" } });
	}
	if (query.designer) {
		const name = designers.find((artist) => artist.id === query.designer)?.name ?? query.designer;
		chips.push({ key: "designer", label: name, text: name, without: { ...query, designer: "" } });
	}
	if (query.available) {
		const name = t("chips.available");
		chips.push({ key: "available", label: name, text: name, without: { ...query, available: false } });
	}
	if (query.min !== null || query.max !== null) {
		chips.push({
			key: "price",
			label: priceText(t, query.min, query.max),
			text: priceText(t, query.min, query.max),
			without: { ...query, min: null, max: null },
		});
	}
	if (chips.length === 0) return null;
	return (
		<div className="mt-4" data-testid="shop-chips">
			{query.q ? (
				<p className="font-display text-2xl font-medium tracking-[-0.02em]">
					{t("chips.query", { q: query.q })}
				</p>
			) : null}
			<ul aria-label={t("chips.label")} className="mt-3 flex flex-wrap items-center gap-2">
				{chips.map((chip) => (
					<li key={chip.key}>
						<Link
							to={shopHref(chip.without)}
							preventScrollReset
							aria-label={t("chips.remove", { label: chip.text })}
							className="inline-flex min-h-10 items-center gap-2 rounded-full border border-ink px-4 text-sm hover:bg-ink hover:text-paper"
						>
							{chip.label}
							<CloseIcon width={12} height={12} aria-hidden="true" />
						</Link>
					</li>
				))}
				{chips.length > 1 ? (
					<li>
						<Link
							to={shopHref({ ...EMPTY_SHOP_QUERY })}
							preventScrollReset
							className="link-underline ml-2 text-sm font-semibold text-muted hover:text-ink"
						>
							{t("chips.clear")}
						</Link>
					</li>
				) : null}
			</ul>
		</div>
	);
}

function priceText(
	t: ReturnType<typeof useTranslation>["t"],
	min: number | null,
	max: number | null,
): string {
	// «50 000 – 150 000 ₽»: the currency once, after the range.
	if (min !== null && max !== null)
		return t("prices.between", { from: formatPrice(min).replace(/\u00a0₽$/u, ""), to: formatPrice(max) });
	if (max !== null) return t("prices.under", { price: formatPrice(max) });
	return t("prices.over", { price: formatPrice(min ?? 0) });
}
