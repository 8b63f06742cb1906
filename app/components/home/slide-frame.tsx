import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ArrowRightIcon } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import { categoryPagePath, type SlideCategory } from "~/lib/categories";
import type { StoredImage } from "~/lib/images";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** A slide as the slider shows it, in the visitor's language. No image: a fallback slide (gradient). */
export interface HeroSlideView {
	id: string;
	title: string;
	subtitle: string;
	category: SlideCategory;
	image: StoredImage | null;
}

/** Titles up to this long are set at the poster size, and on a phone two words to a line. */
export const SHORT_SLIDE_TITLE = 28;
const MEDIUM_SLIDE_TITLE = 48;

/**
 * A slide title's size, by its length (issue #35): a long title is set smaller, so that at most five or six
 * lines fill the room above the call to action. Sizes follow the slider's width (cqw: the slider is a
 * container, so the admin's preview at a phone's width is set as a phone would set it).
 */
export function slideTitleSize(title: string): string {
	const length = Array.from(title).length;
	if (length <= SHORT_SLIDE_TITLE) return "text-[clamp(2.25rem,6.4cqw,5.5rem)]";
	if (length <= MEDIUM_SLIDE_TITLE) return "text-[clamp(2rem,5cqw,4.25rem)]";
	return "text-[clamp(1.625rem,3.9cqw,3.25rem)]";
}

/**
 * One slide's picture, veil, texts and call to action: the home slider's slide and the admin's preview.
 * The slide is at least as tall as the screen below the header (the preview passes its own height in
 * `--slide-height`) and grows with its texts rather than letting them run under the header; its bottom
 * padding keeps the slider's controls (dots, arrows, next-slide cards) clear of the call to action.
 * Breakpoints are container queries on the slider (`@container`), not the window.
 */
export function SlideFrame({
	slide,
	index,
	count,
	title,
	subtitle,
	priority = false,
	eagerImage = false,
	tabIndex,
	backdrop,
}: {
	slide: HeroSlideView;
	index: number;
	count: number;
	/** The title's and subtitle's text as shown (the slider reveals them letter by letter). */
	title: ReactNode;
	subtitle: ReactNode;
	priority?: boolean;
	eagerImage?: boolean;
	/** -1 in the preview: its call to action is a picture of one, not a link to follow. */
	tabIndex?: number;
	/** The preview's picture of a file not saved yet, instead of the slide's own. */
	backdrop?: ReactNode;
}) {
	const { t } = useTranslation("home");
	return (
		<>
			{backdrop ?? <SlideBackdrop slide={slide} priority={priority} eager={eagerImage} />}
			<div
				aria-hidden="true"
				// Phones: the picture fills the top half and fades into the paper the text sits on.
				// Larger screens: the picture fills the slide and the paper veils its left side.
				className="absolute inset-0 bg-linear-to-t from-paper from-50% to-paper/0 to-68% @3xl:bg-linear-to-r @3xl:from-paper/95 @3xl:from-0% @3xl:via-paper/70 @3xl:via-35% @3xl:to-paper/0 @3xl:to-70%"
			/>
			<div className="relative mx-auto flex w-full max-w-[1440px] flex-col justify-end px-5 pt-10 pb-24 @3xl:justify-center @3xl:px-10 @3xl:pt-16 @3xl:pb-36">
				<div className="max-w-2xl">
					<p className="flex items-center gap-3 text-xs font-semibold tracking-[0.18em] uppercase">
						<span className="text-ink/70 tabular-nums">
							{String(index + 1).padStart(2, "0")} / {String(count).padStart(2, "0")}
						</span>
						<span aria-hidden="true" className="h-px w-8 bg-ink/40" />
						<span className="text-accent">{t(`categories.${slide.category}`, { ns: "common" })}</span>
					</p>
					<h2
						className={cx(
							"mt-5 font-display leading-[1.02] font-semibold tracking-[-0.045em] [overflow-wrap:anywhere]",
							slideTitleSize(slide.title),
						)}
					>
						{title}
					</h2>
					<p className="mt-5 max-w-xl text-base leading-relaxed text-ink/85 [overflow-wrap:anywhere] @3xl:text-lg">
						{subtitle}
					</p>
					<Link
						to={categoryPagePath(slide.category)}
						prefetch="intent"
						className="button-primary group mt-8"
						tabIndex={tabIndex}
					>
						{t(`slider.cta.${slide.category}`)}
						<ArrowRightIcon className="transition-transform duration-300 group-hover:translate-x-1" />
					</Link>
				</div>
			</div>
		</>
	);
}

/** The slide's outer box: at least a screen below the header tall, or `--slide-height` in the preview. */
export const SLIDE_BOX =
	"relative flex min-h-[var(--slide-height,clamp(600px,calc(100svh-5rem),880px))] min-w-0 shrink-0 grow-0 basis-full";

function SlideBackdrop({
	slide,
	priority,
	eager,
}: {
	slide: HeroSlideView;
	priority: boolean;
	eager: boolean;
}) {
	if (!slide.image) {
		return (
			// A painted backdrop per category (app/styles/tailwind.css, .hero-backdrop).
			<div aria-hidden="true" className="hero-backdrop absolute inset-0" data-category={slide.category} />
		);
	}
	return (
		<ResponsiveImage
			image={slide.image}
			// The title and subtitle say what the picture shows; the image itself is a backdrop.
			alt=""
			sizes="100vw"
			priority={priority}
			{...(eager && !priority ? { loading: "eager" as const } : {})}
			className="absolute inset-x-0 top-0 h-[56%] w-full object-cover object-[68%_50%] @3xl:h-full @3xl:object-center"
		/>
	);
}
