import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";

/** "No orders yet" / "No favourites yet", with the way to the shop. */
export function EmptyState({ text }: { text: string }) {
	const { t } = useTranslation("account");
	return (
		<div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
			<p className="text-muted">{text}</p>
			<Link to="/shop" className="text-sm font-semibold underline underline-offset-4">
				{t("account.browseShop")}
			</Link>
		</div>
	);
}
