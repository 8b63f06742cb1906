import type { CSSProperties } from "react";
import { SITE_CATEGORIES, type SiteCategory } from "~/lib/categories";
import { formatCount } from "~/lib/format";
import { useTranslation } from "~/lib/translations";

/**
 * The category page's title banner: the category name rises out of a mask, a rule draws itself and the
 * intro fades in (CSS animations from catalog.css, so it plays on first paint and never needs JavaScript).
 */
export function CategoryBanner({ category, count }: { category: SiteCategory; count: number }) {
	const { t, i18n } = useTranslation("catalog");
	const index = SITE_CATEGORIES.indexOf(category) + 1;
	return (
		<header className="relative overflow-hidden border-b border-line">
			<BannerOrnament />
			<div className="relative mx-auto max-w-[1440px] px-5 pt-14 pb-12 md:px-10 md:pt-24 md:pb-16">
				<p
					className="catalog-fade-up text-xs font-semibold tracking-[0.18em] text-muted uppercase"
					style={{ "--catalog-delay": "0s" } as CSSProperties}
				>
					{t("category.eyebrow", {
						index: String(index).padStart(2, "0"),
						total: String(SITE_CATEGORIES.length).padStart(2, "0"),
					})}
				</p>
				<h1 className="mt-5 overflow-hidden pb-[0.08em] font-display text-[clamp(2.75rem,12.5vw,11rem)] leading-[0.95] font-semibold tracking-[-0.055em] break-words">
					<span className="catalog-rise block">{t(`nav.${category}`, { ns: "common" })}</span>
				</h1>
				<span aria-hidden="true" className="catalog-draw mt-8 block h-0.5 w-24 bg-accent md:w-40" />
				<div className="mt-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between md:gap-16">
					<p className="catalog-fade-up max-w-xl text-lg leading-relaxed text-ink/85 md:text-xl">
						{t(`category.intro.${category}`)}
					</p>
					<p
						className="catalog-fade-up shrink-0 text-sm font-medium text-muted"
						style={{ "--catalog-delay": "0.6s" } as CSSProperties}
					>
						{t("category.count", { count, number: formatCount(count, i18n.language) })}
					</p>
				</div>
			</div>
		</header>
	);
}

/** Quiet geometry in the banner's corner: an outlined circle that turns slowly, a square and a dot. */
function BannerOrnament() {
	return (
		<div
			aria-hidden="true"
			className="pointer-events-none absolute -top-24 -right-28 size-[22rem] md:-top-32 md:-right-16 md:size-[34rem]"
		>
			<div className="catalog-orbit absolute inset-0 rounded-full border border-line">
				<span className="absolute top-1/2 -left-2 size-4 rounded-full bg-accent" />
			</div>
			<div className="absolute inset-[22%] rotate-12 border border-line" />
		</div>
	);
}
