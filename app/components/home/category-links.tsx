import { Link } from "@remix-run/react";
import type { ReactNode, SVGProps } from "react";
import { ArrowRightIcon } from "~/components/icons";
import { SITE_CATEGORIES, type SiteCategory } from "~/lib/categories";
import { useTranslation } from "~/lib/translations";

/** The four site categories as large links, each with its own mark and an arrow that moves on hover. */
export function CategoryLinks() {
	const { t } = useTranslation("home");
	return (
		<section aria-labelledby="home-categories" className="mx-auto max-w-[1440px] px-5 md:px-10">
			<h2 id="home-categories" className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">
				{t("categories.title")}
			</h2>
			<ul className="mt-6 grid border-t border-line md:grid-cols-2">
				{SITE_CATEGORIES.map((category, index) => (
					<li key={category} className="border-b border-line md:odd:border-r">
						<Link
							to={`/${category}`}
							prefetch="intent"
							className="group flex items-center gap-5 px-1 py-7 transition-colors hover:bg-card md:gap-8 md:px-8 md:py-12"
						>
							<span className="grid size-14 shrink-0 place-items-center rounded-full border border-line text-accent transition-colors duration-300 group-hover:border-accent md:size-20">
								<CategoryIcon category={category} className="size-7 md:size-10" />
							</span>
							<span className="min-w-0 flex-1">
								<span className="block font-display text-3xl font-medium tracking-[-0.03em] md:text-5xl">
									{t(`nav.${category}`, { ns: "common" })}
								</span>
								<span className="mt-1 block text-sm text-muted">{t(`categories.${category}`)}</span>
							</span>
							<span aria-hidden="true" className="hidden text-xs text-muted tabular-nums sm:block">
								{String(index + 1).padStart(2, "0")}
							</span>
							<ArrowRightIcon
								width={32}
								height={32}
								className="shrink-0 transition-transform duration-300 ease-out group-hover:translate-x-2 group-focus-visible:translate-x-2 motion-reduce:transition-none"
							/>
						</Link>
					</li>
				))}
			</ul>
		</section>
	);
}

function CategoryIcon({ category, ...props }: { category: SiteCategory } & SVGProps<SVGSVGElement>) {
	return (
		<svg
			viewBox="0 0 40 40"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.6"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{CATEGORY_ICON_PATHS[category]}
		</svg>
	);
}

/** Four marks drawn for the site: a seal (branding), compass (design), frame (art), spark (creative). */
const CATEGORY_ICON_PATHS: Record<SiteCategory, ReactNode> = {
	branding: (
		<>
			<circle cx="20" cy="20" r="13" />
			<circle cx="20" cy="20" r="8.5" strokeDasharray="2 2.4" />
			<path d="M16 20.5l3 3 5.5-6.5" />
		</>
	),
	design: (
		<>
			<circle cx="20" cy="9" r="2.5" />
			<path d="M18.9 11.3 11 32M21.1 11.3 29 32" />
			<path d="M13.2 26.5c4.3 2.3 9.3 2.3 13.6 0" />
			<path d="M20 4v2.5" />
		</>
	),
	art: (
		<>
			<rect x="7" y="8" width="26" height="24" rx="1.5" />
			<rect x="11" y="12" width="18" height="16" />
			<path d="M11 25.5l5-5 4 4 3-3 6 6" />
			<circle cx="24.5" cy="16.5" r="1.6" />
		</>
	),
	creative: (
		<>
			<path d="M20 5c1 7.5 3.6 10.9 11 12-7.4 1.1-10 4.5-11 12-1-7.5-3.6-10.9-11-12 7.4-1.1 10-4.5 11-12Z" />
			<path d="M31 27c.4 2.6 1.4 3.6 4 4-2.6.4-3.6 1.4-4 4-.4-2.6-1.4-3.6-4-4 2.6-.4 3.6-1.4 4-4Z" />
		</>
	),
};
