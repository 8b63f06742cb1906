import { Link } from "@remix-run/react";
import { ArrowRightIcon } from "~/components/icons";
import { cx } from "~/lib/site";

/** An internal call-to-action link whose arrow moves on hover. */
export function ArrowLink({ to, children, className }: { to: string; children: string; className?: string }) {
	return (
		<Link
			to={to}
			prefetch="intent"
			className={cx(
				"group inline-flex items-center gap-3 border-b border-ink pb-1 font-semibold tracking-[-0.01em] transition-colors hover:border-accent hover:text-accent",
				className,
			)}
		>
			{children}
			<ArrowRightIcon
				width={18}
				height={18}
				className="transition-transform duration-200 group-hover:translate-x-1 motion-reduce:transition-none"
			/>
		</Link>
	);
}
