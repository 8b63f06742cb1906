import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CARD_TABLE } from "~/components/ui/card-table";
import type { SortDirection } from "~/lib/admin-list";
import { withParams } from "~/lib/admin-list";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** A column whose header is a link that sorts the table by `sort` (first click: `first`, then the other way). */
export interface SortableColumn {
	label: string;
	sort: string;
	first?: SortDirection;
}

type Column = ReactNode | SortableColumn;

function isSortable(column: Column): column is SortableColumn {
	return typeof column === "object" && column !== null && "sort" in column && "label" in column;
}

/**
 * The admin screens' tables: a caption for screen readers, one header cell per column (a sort link for
 * sortable ones, with aria-sort on the sorted one), and on a phone either sideways scrolling or, with
 * `cards`, one card per row. `minWidth` is a Tailwind class such as "min-w-[52rem]" (prefix it with md:
 * for card tables).
 */
export function AdminTable({
	caption,
	columns,
	minWidth,
	className = "mt-8",
	busy = false,
	sorted,
	cards = false,
	children,
}: {
	caption: string;
	columns: Column[];
	minWidth: string;
	className?: string;
	busy?: boolean;
	/** The sort in effect: its column's header gets aria-sort. */
	sorted?: { sort: string; dir: SortDirection };
	cards?: boolean;
	children: ReactNode;
}) {
	return (
		<div
			className={cx(cards ? cx("md:overflow-x-auto", CARD_TABLE) : "overflow-x-auto", className)}
			aria-busy={busy || undefined}
		>
			<table className={cx("w-full text-left text-sm", minWidth, busy && "opacity-60")}>
				<caption className="sr-only">{caption}</caption>
				<thead className="border-b border-line text-muted">
					<tr>
						{columns.map((column, index) => {
							const sortable = isSortable(column);
							const current = sortable && sorted?.sort === column.sort ? sorted.dir : undefined;
							return (
								<th
									// biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
									key={index}
									scope="col"
									aria-sort={current ? (current === "asc" ? "ascending" : "descending") : undefined}
									data-plain={sortable ? undefined : ""}
									className={cx("py-3 font-semibold", index < columns.length - 1 && "pr-4")}
								>
									{sortable ? <SortLink column={column} current={current} /> : column}
								</th>
							);
						})}
					</tr>
				</thead>
				<tbody>{children}</tbody>
			</table>
		</div>
	);
}

/** A header's link: sorts by its column, or turns the sort around when it is already the one; page 1. */
function SortLink({ column, current }: { column: SortableColumn; current: SortDirection | undefined }) {
	const { t } = useTranslation("admin");
	const location = useLocation();
	const next: SortDirection = current ? (current === "asc" ? "desc" : "asc") : (column.first ?? "asc");
	return (
		<Link
			to={withParams(location, { sort: column.sort, dir: next, page: null, delete: null })}
			className={cx(
				"inline-flex items-center gap-1 rounded underline-offset-4 hover:text-ink hover:underline",
				current && "text-ink",
			)}
		>
			{column.label}
			{/* Said after the name (not an aria-label over it), so the link's name starts with what it shows. */}
			<span className="sr-only">{t(next === "asc" ? "list.sortAscending" : "list.sortDescending")}</span>
			<span aria-hidden="true" className={cx("text-xs", !current && "opacity-40")}>
				{current === "desc" ? "↓" : current === "asc" ? "↑" : "↕"}
			</span>
		</Link>
	);
}
