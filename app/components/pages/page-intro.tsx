import type { ReactNode } from "react";
import { cx } from "~/lib/site";

interface PageIntroProps {
	eyebrow: string;
	title: string;
	lead?: string;
	/** "display" for short, poster-like titles; "document" for long titles (legal pages, long Russian words). */
	size?: "display" | "document";
	children?: ReactNode;
}

/** The opening of a static page: a small label, the page's one h1 and an optional lead paragraph. */
export function PageIntro({ eyebrow, title, lead, size = "display", children }: PageIntroProps) {
	return (
		<header className="mx-auto max-w-[1440px] px-5 pt-14 pb-12 md:px-10 md:pt-24 md:pb-20">
			<p className="flex items-center gap-3 text-xs font-semibold tracking-[0.2em] text-muted uppercase">
				<span aria-hidden="true" className="inline-block h-px w-10 bg-accent" />
				{eyebrow}
			</p>
			<h1
				className={cx(
					"mt-6 font-display leading-[0.98] font-semibold tracking-[-0.045em] text-balance break-words",
					size === "display"
						? "max-w-[16ch] text-[clamp(2.4rem,7.4vw,7.5rem)]"
						: "max-w-[22ch] text-[clamp(1.75rem,6.6vw,5rem)]",
				)}
			>
				{title}
			</h1>
			{lead ? (
				<p className="mt-8 max-w-2xl text-lg leading-relaxed text-muted md:mt-12 md:ml-auto md:text-xl">
					{lead}
				</p>
			) : null}
			{children}
		</header>
	);
}
