import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import type { AutoplayOptionsType, AutoplayType } from "embla-carousel-autoplay";
import { useEffect, useState } from "react";

export interface Carousel {
	/** Goes on the carousel's viewport element. */
	viewportRef: (node: HTMLElement | null) => void;
	/** The running carousel: undefined in the server HTML, before its script has loaded, and without one. */
	emblaApi: EmblaCarouselType | undefined;
	/** Its autoplay plugin, when one was asked for; there exactly when emblaApi is. */
	autoplay: AutoplayType | undefined;
}

/**
 * An Embla carousel whose code (core and autoplay, ~9 kB gzipped) loads once the page is interactive,
 * instead of with the page: the server HTML is already a usable scroll-snapping track, and the carousel
 * takes over when it arrives. A change of options or autoplay (reduced motion switched on) starts it anew.
 */
export function useCarousel(options: EmblaOptionsType, autoplayOptions?: AutoplayOptionsType): Carousel {
	const [viewport, setViewport] = useState<HTMLElement | null>(null);
	const [running, setRunning] = useState<{ api: EmblaCarouselType; autoplay?: AutoplayType }>();
	const optionsKey = JSON.stringify(options);
	const autoplayKey = autoplayOptions ? JSON.stringify(autoplayOptions) : "";

	useEffect(() => {
		// An inactive carousel is none at all: its autoplay plugin, never started, fails when asked to play.
		if (!viewport || (JSON.parse(optionsKey) as EmblaOptionsType).active === false) return;
		let live = true;
		let api: EmblaCarouselType | undefined;
		void Promise.all([import("embla-carousel"), autoplayKey ? import("embla-carousel-autoplay") : null]).then(
			([core, plugin]) => {
				if (!live) return;
				const autoplay = plugin ? plugin.default(JSON.parse(autoplayKey) as AutoplayOptionsType) : undefined;
				// Embla moves its slides from a scroll position of zero: a visitor who scrolled the server's
				// row before the code arrived goes on from the slide they reached.
				const startIndex = slideScrolledTo(viewport);
				viewport.scrollLeft = 0;
				const emblaOptions = JSON.parse(optionsKey) as EmblaOptionsType;
				api = core.default(viewport, { ...emblaOptions, startIndex }, autoplay ? [autoplay] : []);
				setRunning({ api, autoplay });
			},
		);
		return () => {
			live = false;
			api?.destroy();
			setRunning(undefined);
		};
	}, [viewport, optionsKey, autoplayKey]);

	return { viewportRef: setViewport, emblaApi: running?.api, autoplay: running?.autoplay };
}

/** The slide nearest the start of a natively scrolled row (its container is the viewport's first child). */
function slideScrolledTo(viewport: HTMLElement): number {
	if (viewport.scrollLeft === 0) return 0;
	const left = viewport.getBoundingClientRect().left;
	let nearest = 0;
	let distance = Number.POSITIVE_INFINITY;
	Array.from(viewport.firstElementChild?.children ?? []).forEach((slide, index) => {
		const away = Math.abs(slide.getBoundingClientRect().left - left);
		if (away < distance) {
			nearest = index;
			distance = away;
		}
	});
	return nearest;
}

/**
 * The index of the slide an Embla carousel has selected, kept in step with its "select" and "reInit"
 * events; 0 until the carousel exists (server HTML, before hydration, or while it is inactive).
 */
export function useEmblaSelectedIndex(emblaApi: EmblaCarouselType | undefined): number {
	const [selected, setSelected] = useState(0);
	useEffect(() => {
		if (!emblaApi) return;
		const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
		onSelect();
		emblaApi.on("select", onSelect).on("reInit", onSelect);
		return () => {
			emblaApi.off("select", onSelect).off("reInit", onSelect);
		};
	}, [emblaApi]);
	return selected;
}
