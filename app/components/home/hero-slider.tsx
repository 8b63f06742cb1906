import { type MouseEvent, memo, useCallback, useEffect, useRef, useState } from "react";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useCarousel, useEmblaSelectedIndex } from "~/lib/use-carousel";
import { useHydrated } from "~/lib/use-hydrated";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";
import { RevealText } from "./reveal-text";
import { type HeroSlideView, SHORT_SLIDE_TITLE, SLIDE_BOX, SlideFrame } from "./slide-frame";

export type { HeroSlideView };

/** Autoplay every 6000 ms, transitions of 1500 ms (decision 0028). */
export const SLIDER_AUTOPLAY_MS = 6000;
export const SLIDER_TRANSITION_MS = 1500;
/**
 * Embla's `duration` is not milliseconds: its scroll body is a damped spring stepped at 60 fps
 * (velocity += distance / duration, then × 0.68 friction). Simulating that loop, 46 covers 99 % of any
 * distance in ≈1.48 s, whatever the slide width; the sub-pixel tail that follows is invisible. Embla's
 * own "settle" event waits for that tail (≈3 s), so the animating flag also ends after 1500 ms.
 */
const EMBLA_DURATION = 46;
/** The title starts revealing as the incoming slide arrives; the subtitle follows. */
const TITLE_REVEAL_DELAY_S = 0.35;
const SUBTITLE_REVEAL_DELAY_S = 0.75;

/**
 * The home page's full-width slider. Server HTML (and the page without JavaScript) is a horizontally
 * scrollable, snapping track whose first slide is fully visible; dots and preview cards are `#slide-N`
 * links. Once embla runs it takes over: looping, autoplay (paused on hover, focus, by the pause button and
 * under reduced motion) and the character reveal of each slide that becomes current.
 */
export function HeroSlider({ slides }: { slides: HeroSlideView[] }) {
	const { t } = useTranslation("home");
	const hydrated = useHydrated();
	const reduceMotion = usePrefersReducedMotion();
	const { viewportRef, emblaApi, autoplay } = useCarousel(
		{ loop: true, duration: EMBLA_DURATION },
		{
			delay: SLIDER_AUTOPLAY_MS,
			playOnInit: false,
			// Hover, focus and the pause button are handled below, so they all agree with each other.
			stopOnMouseEnter: false,
			stopOnFocusIn: false,
			stopOnInteraction: true,
		},
	);
	const selected = useEmblaSelectedIndex(emblaApi);
	/** Bumped on every change of slide: the new current slide replays its reveal under this key. */
	const [revealGeneration, setRevealGeneration] = useState(0);
	const animatingRef = useRef(false);
	const [hovered, setHovered] = useState(false);
	const [focusWithin, setFocusWithin] = useState(false);
	const [userPaused, setUserPaused] = useState<boolean | null>(null);
	const paused = userPaused ?? reduceMotion;
	const shouldPlay = Boolean(emblaApi) && slides.length > 1 && !paused && !hovered && !focusWithin;
	const shouldPlayRef = useRef(shouldPlay);
	shouldPlayRef.current = shouldPlay;

	useEffect(() => {
		if (!emblaApi) return;
		let animationTimer: ReturnType<typeof setTimeout> | undefined;
		const endAnimation = () => {
			clearTimeout(animationTimer);
			animatingRef.current = false;
		};
		const onSelect = () => {
			setRevealGeneration((generation) => generation + 1);
			animatingRef.current = true;
			clearTimeout(animationTimer);
			animationTimer = setTimeout(endAnimation, SLIDER_TRANSITION_MS);
		};
		// A drag stops autoplay (stopOnInteraction); resume it when nothing else holds it.
		const onPointerUp = () => {
			if (shouldPlayRef.current) autoplay?.play();
		};
		emblaApi.on("select", onSelect).on("settle", endAnimation).on("pointerUp", onPointerUp);
		return () => {
			clearTimeout(animationTimer);
			emblaApi.off("select", onSelect).off("settle", endAnimation).off("pointerUp", onPointerUp);
		};
	}, [emblaApi, autoplay]);

	useEffect(() => {
		if (!emblaApi) return;
		if (shouldPlay) autoplay?.play();
		else autoplay?.stop();
	}, [emblaApi, autoplay, shouldPlay]);

	/** A change asked for while a transition runs is ignored (decision 0028). */
	const goTo = useCallback(
		(index: number) => {
			if (!emblaApi || animatingRef.current) return;
			emblaApi.scrollTo(index, reduceMotion);
			autoplay?.reset();
		},
		[emblaApi, autoplay, reduceMotion],
	);
	const onSlideLinkClick = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
		if (!emblaApi) return; // No script yet: the #slide-N link scrolls the plain track.
		event.preventDefault();
		goTo(index);
	};

	if (slides.length === 0) {
		return (
			<section
				aria-label={t("slider.label")}
				className="grid h-[min(60vh,520px)] place-items-center bg-card text-muted"
			>
				<p role="status">{t("slider.loading")}</p>
			</section>
		);
	}

	const count = slides.length;
	const previews = Array.from(
		{ length: Math.min(2, count - 1) },
		(_, offset) => (selected + offset + 1) % count,
	);

	return (
		<section
			aria-roledescription="carousel"
			aria-label={t("slider.label")}
			// A container: the slides' breakpoints are the slider's width (slide-frame.tsx).
			className="@container relative isolate overflow-hidden bg-card"
			// Mouse only: a tap on a touch screen would otherwise leave the slider "hovered" for good.
			onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
			onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
			onFocus={() => setFocusWithin(true)}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false);
			}}
		>
			<div
				ref={viewportRef}
				className={cx(
					emblaApi
						? "overflow-hidden"
						: "snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]",
				)}
			>
				<div className="flex touch-pan-y" aria-live={shouldPlay ? "off" : "polite"}>
					{slides.map((slide, index) => (
						<Slide
							key={slide.id}
							slide={slide}
							index={index}
							count={count}
							current={index === selected}
							// Before the script runs every slide stays reachable; after, only the current one.
							inert={hydrated && Boolean(emblaApi) && index !== selected}
							revealKey={index === selected ? revealGeneration : 0}
							playOnLoad={index === 0 && revealGeneration === 0}
							// After hydration the next slide's picture loads ahead of its turn.
							eagerImage={hydrated && index === (selected + 1) % count}
						/>
					))}
				</div>
			</div>

			<div className="pointer-events-none absolute inset-x-0 bottom-0 z-10">
				<div className="mx-auto flex max-w-[1440px] items-end justify-between gap-6 px-5 pb-6 md:px-10 md:pb-10">
					<div className="pointer-events-auto flex items-center gap-4">
						{count > 1 ? (
							<nav aria-label={t("slider.pagination")}>
								<ol className="flex items-center gap-1">
									{slides.map((slide, index) => (
										<li key={slide.id}>
											<a
												href={`#slide-${index + 1}`}
												onClick={onSlideLinkClick(index)}
												aria-current={index === selected ? "true" : undefined}
												aria-label={t("slider.goTo", { index: index + 1 })}
												className="group flex h-10 items-center px-1"
											>
												<span
													className={cx(
														"block h-0.5 rounded-full transition-all duration-500",
														index === selected ? "w-10 bg-ink" : "w-5 bg-ink/35 group-hover:bg-ink/70",
													)}
												/>
											</a>
										</li>
									))}
								</ol>
							</nav>
						) : null}
						{emblaApi && count > 1 ? (
							<div className="flex items-center gap-1">
								<button
									type="button"
									className="icon-button border border-ink/20 bg-paper/70 backdrop-blur"
									onClick={() => goTo((selected - 1 + count) % count)}
									aria-label={t("slider.previous")}
								>
									<ArrowLeftIcon />
								</button>
								<button
									type="button"
									className="icon-button border border-ink/20 bg-paper/70 backdrop-blur"
									onClick={() => goTo((selected + 1) % count)}
									aria-label={t("slider.next")}
								>
									<ArrowRightIcon />
								</button>
								<button
									type="button"
									className="icon-button border border-ink/20 bg-paper/70 backdrop-blur"
									onClick={() => setUserPaused(!paused)}
									aria-label={paused ? t("slider.play") : t("slider.pause")}
								>
									{paused ? <PlayGlyph /> : <PauseGlyph />}
								</button>
							</div>
						) : null}
					</div>

					{previews.length > 0 ? (
						<ul className="pointer-events-auto hidden gap-4 lg:flex" aria-label={t("slider.previews")}>
							{previews.map((index, position) => (
								<li key={slides[index]?.id ?? index} className="home-preview">
									<PreviewCard
										slide={slides[index]}
										index={index}
										label={position === 0 ? t("slider.upNext") : t("slider.afterThat")}
										onClick={onSlideLinkClick(index)}
									/>
								</li>
							))}
						</ul>
					) : null}
				</div>
			</div>
		</section>
	);
}

interface SlideProps {
	slide: HeroSlideView;
	index: number;
	count: number;
	current: boolean;
	inert: boolean;
	revealKey: number;
	playOnLoad: boolean;
	eagerImage: boolean;
}

/**
 * Memoised: the slider re-renders when the page has hydrated, on hover and on every change of slide, and
 * only the slides whose props changed need to (the first slide's title is a hundred letters, each its own
 * element; that re-render ran in one uninterruptible task right after hydration).
 */
const Slide = memo(function Slide({
	slide,
	index,
	count,
	current,
	inert,
	revealKey,
	playOnLoad,
	eagerImage,
}: SlideProps) {
	const { t } = useTranslation("home");
	return (
		// biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a named group, not a fieldset
		<div
			id={`slide-${index + 1}`}
			role="group"
			aria-roledescription="slide"
			aria-label={t("slider.position", { index: index + 1, count })}
			aria-current={current ? "true" : undefined}
			// React 18 has no `inert` prop yet; an empty string renders the bare attribute.
			{...{ inert: inert ? "" : undefined }}
			className={cx(SLIDE_BOX, "snap-start")}
		>
			<SlideFrame
				slide={slide}
				index={index}
				count={count}
				priority={index === 0}
				eagerImage={eagerImage}
				title={
					<RevealText
						text={slide.title}
						revealKey={revealKey}
						playOnLoad={playOnLoad}
						delay={revealKey === 0 ? 0.1 : TITLE_REVEAL_DELAY_S}
						// Two words to a line suits a short title; a long one would run off a phone's screen.
						pairWordsOnMobile={Array.from(slide.title).length <= SHORT_SLIDE_TITLE}
					/>
				}
				subtitle={
					<RevealText
						text={slide.subtitle}
						revealKey={revealKey}
						playOnLoad={playOnLoad}
						delay={revealKey === 0 ? 0.4 : SUBTITLE_REVEAL_DELAY_S}
					/>
				}
			/>
		</div>
	);
});

function PreviewCard({
	slide,
	index,
	label,
	onClick,
}: {
	slide: HeroSlideView | undefined;
	index: number;
	label: string;
	onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
	if (!slide) return null;
	return (
		<a
			href={`#slide-${index + 1}`}
			onClick={onClick}
			className="group flex w-72 items-center gap-3 rounded-xl border border-ink/10 bg-paper/80 p-2 pr-4 shadow-sm backdrop-blur-md transition-colors hover:bg-paper"
		>
			<span className="relative block aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-lg bg-card">
				{slide.image ? (
					<ResponsiveImage
						image={slide.image}
						alt=""
						sizes="80px"
						className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
					/>
				) : (
					<span className="hero-backdrop absolute inset-0" data-category={slide.category} />
				)}
			</span>
			<span className="min-w-0">
				<span className="block text-[0.6875rem] font-semibold tracking-[0.16em] text-muted uppercase">
					{label}
				</span>
				<span className="mt-1 line-clamp-2 font-display text-sm leading-snug font-medium">{slide.title}</span>
			</span>
		</a>
	);
}

const PauseGlyph = () => (
	<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false" fill="currentColor">
		<rect x="2.5" y="1.5" width="3" height="11" rx="1" />
		<rect x="8.5" y="1.5" width="3" height="11" rx="1" />
	</svg>
);
const PlayGlyph = () => (
	<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false" fill="currentColor">
		<path d="M3.5 1.8v10.4a.8.8 0 0 0 1.2.7l8-5.2a.8.8 0 0 0 0-1.4l-8-5.2a.8.8 0 0 0-1.2.7Z" />
	</svg>
);
