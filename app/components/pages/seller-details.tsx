import { ogrnKind, type SellerDetails } from "~/lib/seller";
import { useTranslation } from "~/lib/translations";

/**
 * The seller's legal details (the distance-selling rules ask for them on the site): /contact, terms and
 * privacy. Details not filled in yet are left out rather than shown empty.
 */
export function SellerDetailsList({ seller, className }: { seller: SellerDetails; className?: string }) {
	const { t } = useTranslation("common");
	const rows = [
		["seller.name", seller.name],
		["seller.inn", seller.inn],
		[`seller.${ogrnKind(seller.ogrn)}`, seller.ogrn],
		["seller.address", seller.address],
	] as const;
	const shown = rows.filter(([, value]) => value);
	if (shown.length === 0 && !seller.privacyEmail) return null;
	return (
		<dl
			className={className ?? "grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm"}
			data-testid="seller-details"
		>
			{shown.map(([key, value]) => (
				<div key={key} className="contents">
					<dt className="text-muted">{t(key)}</dt>
					<dd>{value}</dd>
				</div>
			))}
			{seller.privacyEmail ? (
				<div className="contents">
					<dt className="text-muted">{t("seller.privacyEmail")}</dt>
					<dd>
						<a href={`mailto:${seller.privacyEmail}`} className="link-underline">
							{seller.privacyEmail}
						</a>
					</dd>
				</div>
			) : null}
		</dl>
	);
}
