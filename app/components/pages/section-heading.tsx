import type { ReactNode } from "react";
import { cx } from "~/lib/site";

/** A static page's section title (h2), in the display face. */
export function SectionHeading({
	id,
	children,
	className,
}: {
	id: string;
	children: ReactNode;
	className?: string;
}) {
	return (
		<h2
			id={id}
			className={cx(
				"font-display text-[clamp(1.75rem,3.6vw,3.25rem)] leading-[1.05] font-semibold tracking-[-0.04em] text-balance",
				className,
			)}
		>
			{children}
		</h2>
	);
}
