import { Link } from "@remix-run/react";
import type { DesignPageType } from "~/lib/categories";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** All · Furniture · Clothing · Objects, in the order the page names them. */
const CHIPS: Array<DesignPageType | null> = [null, "furniture", "clothing", "objects"];

/**
 * The Design page's filter chips: plain links to /design?type=…, so they work without JavaScript; the
 * current one is marked with aria-current. With JavaScript the page keeps its scroll position.
 */
export function DesignTypeChips({ current }: { current: DesignPageType | null }) {
	const { t } = useTranslation("catalog");
	return (
		<nav aria-label={t("designTypes.label")} className="mt-6">
			<ul className="flex flex-wrap gap-2">
				{CHIPS.map((type) => {
					const active = type === current;
					return (
						<li key={type ?? "all"}>
							<Link
								to={type ? `/design?type=${type}` : "/design"}
								preventScrollReset
								aria-current={active ? "page" : undefined}
								className={cx(
									"inline-flex min-h-11 items-center rounded-full border px-5 text-sm font-semibold transition-colors",
									active ? "border-ink bg-ink text-paper" : "border-line bg-card text-ink hover:border-ink",
								)}
							>
								{t(`designTypes.${type ?? "all"}`)}
							</Link>
						</li>
					);
				})}
			</ul>
		</nav>
	);
}
