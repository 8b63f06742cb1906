import { Link } from "@remix-run/react";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** Page numbers to show: the first, the last and the current one with its neighbours; null marks a gap. */
function visiblePages(page: number, pageCount: number): Array<number | null> {
	const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])]
		.filter((number) => number >= 1 && number <= pageCount)
		.sort((a, b) => a - b);
	return wanted.flatMap((number, index) => {
		const previous = wanted[index - 1];
		return previous !== undefined && number - previous > 1 ? [null, number] : [number];
	});
}

/**
 * Previous / numbered / Next links; `hrefFor` gives a page's address (keeping the screen's filters), so the
 * shop and the admin tables share one pager. Only shown when there is more than one page.
 */
export function Pagination({
	page,
	pageCount,
	hrefFor,
	className = "mt-16",
}: {
	page: number;
	pageCount: number;
	hrefFor: (page: number) => string;
	className?: string;
}) {
	const { t } = useTranslation();
	if (pageCount <= 1) return null;
	const step =
		"inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold";
	return (
		<nav
			aria-label={t("pagination.label")}
			className={cx(className, "flex flex-wrap items-center justify-center gap-1 sm:gap-3")}
		>
			{page > 1 ? (
				<Link to={hrefFor(page - 1)} rel="prev" className={cx(step, "px-3 hover:bg-card sm:px-4")}>
					<ArrowLeftIcon width={16} height={16} />
					<span className="max-sm:sr-only">{t("pagination.previous")}</span>
				</Link>
			) : null}
			<ol className="flex items-center gap-1">
				{visiblePages(page, pageCount).map((number, index) =>
					number === null ? (
						// biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
						<li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
							…
						</li>
					) : (
						<li key={number}>
							<Link
								to={hrefFor(number)}
								aria-label={t("pagination.page", { page: number })}
								aria-current={number === page ? "page" : undefined}
								className={cx(
									step,
									number === page ? "bg-ink text-paper" : "border border-line hover:border-ink",
								)}
							>
								{number}
							</Link>
						</li>
					),
				)}
			</ol>
			{page < pageCount ? (
				<Link to={hrefFor(page + 1)} rel="next" className={cx(step, "px-3 hover:bg-card sm:px-4")}>
					<span className="max-sm:sr-only">{t("pagination.next")}</span>
					<ArrowRightIcon width={16} height={16} />
				</Link>
			) : null}
		</nav>
	);
}
