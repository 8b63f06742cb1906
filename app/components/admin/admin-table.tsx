import type { ReactNode } from "react";
import { cx } from "~/lib/site";

/**
 * The admin screens' tables: a caption for screen readers, one header cell per column, and sideways
 * scrolling on a phone instead of squeezed columns. `minWidth` is a Tailwind class such as "min-w-[52rem]".
 */
export function AdminTable({
	caption,
	columns,
	minWidth,
	className = "mt-8",
	busy = false,
	children,
}: {
	caption: string;
	columns: ReactNode[];
	minWidth: string;
	className?: string;
	busy?: boolean;
	children: ReactNode;
}) {
	return (
		<div className={cx("overflow-x-auto", className)} aria-busy={busy || undefined}>
			<table className={cx("w-full text-left text-sm", minWidth, busy && "opacity-60")}>
				<caption className="sr-only">{caption}</caption>
				<thead className="border-b border-line text-muted">
					<tr>
						{columns.map((column, index) => (
							<th
								// biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
								key={index}
								scope="col"
								className={cx("py-3 font-semibold", index < columns.length - 1 && "pr-4")}
							>
								{column}
							</th>
						))}
					</tr>
				</thead>
				<tbody>{children}</tbody>
			</table>
		</div>
	);
}
