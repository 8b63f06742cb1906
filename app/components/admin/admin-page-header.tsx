import type { ReactNode } from "react";

/** The top of every admin screen: its h1 and, on the right, the screen's main action or filter. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
	return (
		<div className="flex flex-wrap items-end justify-between gap-4">
			<h1 className="font-display text-3xl font-semibold">{title}</h1>
			{children}
		</div>
	);
}
