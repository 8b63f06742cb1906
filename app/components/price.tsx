import { formatPrice, hasPrice } from "~/lib/format";
import { useTranslation } from "~/lib/translations";

/**
 * A piece's price as every screen shows it: rubles the Russian way, or "Price on request" when the piece has
 * no price (0). The one place that decides, so no screen ever reads "0 ₽".
 */
export function Price({ value, className }: { value: number; className?: string }) {
	const { t } = useTranslation();
	return <span className={className}>{hasPrice(value) ? formatPrice(value) : t("price.onRequest")}</span>;
}
