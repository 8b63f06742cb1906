import { Link } from "@remix-run/react";
import { type CSSProperties, useCallback } from "react";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { ART_COLLECTIONS, type ArtCollection, collectionHref } from "~/lib/collections";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useCarousel, useEmblaSelectedIndex } from "~/lib/use-carousel";
import { useHydrated } from "~/lib/use-hydrated";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";

const COLLECTIONS = ART_COLLECTIONS;
type Collection = ArtCollection;

const AUTOPLAY_DELAY_MS = 5000;

/**
 * /art's looping carousel of the five collections. With JavaScript it is an Embla carousel (loop, autoplay
 * that pauses on hover, focus and touch, prev/next buttons); without it, the same row scrolls sideways
 * with scroll-snap, so every card stays reachable. Each card opens the shop's art pieces of its collection
 * (a tag admins set on pieces, issue #35).
 */
export function ArtCollections() {
	const { t } = useTranslation("catalog");
	const hydrated = useHydrated();
	const reducedMotion = usePrefersReducedMotion();
	const { viewportRef, emblaApi } = useCarousel(
		{ loop: true, align: "start", active: hydrated },
		reducedMotion
			? undefined
			: { delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false, stopOnMouseEnter: true },
	);
	const selected = useEmblaSelectedIndex(emblaApi);

	const scrollPrev = useCallback(() => emblaApi?.scrollPrev(), [emblaApi]);
	const scrollNext = useCallback(() => emblaApi?.scrollNext(), [emblaApi]);
	// The carousel takes over from the server's scroll row once its code runs: buttons before that would
	// do nothing, and a row that stopped scrolling would hide the last cards.
	const enhanced = emblaApi !== undefined;

	return (
		<section
			aria-labelledby="art-collections"
			className="border-t border-line bg-card/60 py-16 md:py-24"
			data-testid="art-collections"
		>
			<div className="mx-auto max-w-[1440px] px-5 md:px-10">
				<div className="flex flex-wrap items-end justify-between gap-6">
					<div className="max-w-xl">
						<h2
							id="art-collections"
							className="font-display text-3xl font-medium tracking-[-0.03em] md:text-5xl"
						>
							{t("collections.title")}
						</h2>
						<p className="mt-4 text-muted">{t("collections.intro")}</p>
					</div>
					{/* Held invisible (out of the tab order and the accessibility tree) until they work, so that
					    on a phone, where they take a row of their own, the cards do not jump when they appear. */}
					<div className={cx("flex gap-2", !enhanced && "invisible")}>
						<button
							type="button"
							onClick={scrollPrev}
							aria-label={t("collections.previous")}
							className="icon-button size-12 border border-line"
						>
							<ArrowLeftIcon />
						</button>
						<button
							type="button"
							onClick={scrollNext}
							aria-label={t("collections.next")}
							className="icon-button size-12 border border-line"
						>
							<ArrowRightIcon />
						</button>
					</div>
				</div>
				<section aria-roledescription="carousel" aria-label={t("collections.label")} className="mt-10">
					{/* Until the carousel runs the row scrolls sideways; the cards' links reach it by keyboard. */}
					<div
						ref={viewportRef}
						data-testid="collections-row"
						className={cx(
							enhanced ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto pb-4",
							"-mx-1 px-1",
						)}
					>
						<div className="-ml-5 flex touch-pan-y">
							{COLLECTIONS.map((collection, index) => (
								// biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a labelled group
								<div
									key={collection}
									role="group"
									aria-roledescription="slide"
									aria-label={t("collections.slide", { index: index + 1, count: COLLECTIONS.length })}
									className="min-w-0 shrink-0 grow-0 basis-[85%] snap-start pl-5 sm:basis-1/2 lg:basis-1/3"
								>
									<CollectionCard collection={collection} active={enhanced && index === selected} />
								</div>
							))}
						</div>
					</div>
				</section>
			</div>
		</section>
	);
}

function CollectionCard({ collection, active }: { collection: Collection; active: boolean }) {
	const { t } = useTranslation("catalog");
	return (
		<Link to={collectionHref(collection)} className="group block rounded-2xl" data-testid="collection-card">
			<div
				aria-hidden="true"
				className="relative aspect-[4/5] overflow-hidden rounded-2xl transition-transform duration-700 ease-out group-hover:scale-[0.985]"
				style={VISUALS[collection].ground}
			>
				{VISUALS[collection].shapes.map((shape, index) => (
					<span
						// biome-ignore lint/suspicious/noArrayIndexKey: a fixed composition; shapes never reorder
						key={index}
						className="absolute transition-transform duration-[1.2s] ease-out group-hover:translate-y-[-4%]"
						style={shape}
					/>
				))}
			</div>
			<div className="mt-5 flex items-baseline gap-3">
				<span
					className={cx(
						"text-xs font-semibold tabular-nums transition-colors",
						active ? "text-accent" : "text-muted",
					)}
				>
					{String(COLLECTIONS.indexOf(collection) + 1).padStart(2, "0")}
				</span>
				<h3 className="font-display text-xl font-medium tracking-[-0.02em]">
					{t(`collections.items.${collection}.title`)}
				</h3>
			</div>
			<p className="mt-2 text-sm text-muted">{t(`collections.items.${collection}.text`)}</p>
		</Link>
	);
}

/**
 * Each collection's cover: pure CSS geometry in the palette of the seed artwork (pigment colours of the
 * pictures themselves, the same in both themes).
 */
const VISUALS: Record<Collection, { ground: CSSProperties; shapes: CSSProperties[] }> = {
	abstract: {
		ground: { background: "linear-gradient(160deg, #e2b36b 0%, #c2643e 58%, #8f3f26 100%)" },
		shapes: [
			{
				width: "62%",
				aspectRatio: "1",
				left: "-12%",
				top: "30%",
				borderRadius: "9999px",
				background: "#1f4e9c",
			},
			{ width: "34%", aspectRatio: "1", right: "10%", top: "12%", background: "#f1ece4" },
			{ width: "70%", height: "3%", right: "-6%", bottom: "18%", background: "#1c1c1a", rotate: "-18deg" },
			{
				width: "12%",
				aspectRatio: "1",
				right: "22%",
				bottom: "30%",
				borderRadius: "9999px",
				background: "#f2b632",
			},
		],
	},
	prints: {
		ground: {
			background:
				"repeating-linear-gradient(90deg, transparent 0 11.5%, rgba(31,78,156,0.55) 11.5% 12%), repeating-linear-gradient(0deg, transparent 0 11.5%, rgba(226,65,46,0.45) 11.5% 12%), #f1efe9",
		},
		shapes: [
			{ width: "36%", aspectRatio: "1", left: "14%", top: "16%", background: "#e2412e" },
			{ width: "48%", height: "24%", right: "10%", bottom: "14%", background: "#1f4e9c" },
			{
				width: "18%",
				aspectRatio: "1",
				left: "20%",
				bottom: "20%",
				borderRadius: "9999px",
				background: "#f2b632",
			},
		],
	},
	sculpture: {
		ground: {
			background:
				"repeating-linear-gradient(180deg, #e7e1d8 0 5%, #d0c4b2 5% 6%, #f5f2ec 6% 9%), linear-gradient(#e7e1d8, #d0c4b2)",
		},
		shapes: [
			{
				width: "58%",
				aspectRatio: "1",
				left: "21%",
				top: "22%",
				borderRadius: "9999px 9999px 0 0",
				background: "linear-gradient(110deg, #faf8f4 0%, #d9cbb6 55%, #a89478 100%)",
				boxShadow: "18px 24px 40px rgba(31,30,27,0.22)",
			},
			{ width: "66%", height: "8%", left: "17%", bottom: "16%", background: "#3e3a33" },
		],
	},
	photography: {
		ground: { background: "linear-gradient(180deg, #e7c9b9 0%, #c9a27e 38%, #8e9aaf 70%, #2f3b57 100%)" },
		shapes: [
			{
				width: "30%",
				aspectRatio: "1",
				left: "35%",
				top: "30%",
				borderRadius: "9999px",
				background: "#fffbf5",
			},
			{ width: "22%", height: "34%", left: "8%", bottom: "0", background: "#1f2430" },
			{ width: "16%", height: "46%", left: "32%", bottom: "0", background: "#14213d" },
			{ width: "26%", height: "26%", right: "10%", bottom: "0", background: "#1f2430" },
			{ width: "100%", height: "6%", left: "0", bottom: "0", background: "#14213d" },
		],
	},
	digital: {
		ground: {
			background:
				"radial-gradient(circle, rgba(169,194,184,0.35) 1.5px, transparent 1.6px) 0 0 / 18px 18px, linear-gradient(200deg, #1e2928 0%, #0f1514 100%)",
		},
		shapes: [
			{
				width: "66%",
				aspectRatio: "1",
				left: "17%",
				top: "16%",
				borderRadius: "9999px",
				background: "conic-gradient(from 210deg, #e07a4f, #f1c75b, #2f6f62, #a9c2b8, #e07a4f)",
			},
			{
				width: "30%",
				aspectRatio: "1",
				left: "35%",
				top: "34%",
				borderRadius: "9999px",
				background: "#1e2928",
			},
			{ width: "40%", height: "2%", left: "8%", bottom: "14%", background: "#f1c75b" },
		],
	},
};
