import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useState } from "react";
import { ArrowLeftIcon, ArrowRightIcon, Icon, PauseIcon, PlayIcon } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import { ImageSpinner } from "~/components/ui/image-spinner";
import { DEFAULT_PROJECT_IMAGE, imageUrl, type StoredImage } from "~/lib/images";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useCarousel, useEmblaSelectedIndex } from "~/lib/use-carousel";
import { useHydrated } from "~/lib/use-hydrated";
import { useImageStatus } from "~/lib/use-image-status";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";

/**
 * The lightbox's code loads when a visitor shows they may want it (the pointer over "Enlarge", or focus on
 * it), and at the latest on the first click.
 */
const loadLightbox = () => import("./lightbox");
const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

/** One picture of the gallery; `image: null` is the default picture of a project without its own. */
export interface GalleryImage {
	image: StoredImage | null;
	alt: string;
}

/** The picture's own file, full size: what the lightbox shows and, without JavaScript, what a slide links to. */
export function fullSizeUrl(picture: GalleryImage): string {
	return picture.image ? imageUrl(picture.image.key) : DEFAULT_PROJECT_IMAGE;
}

export const GALLERY_AUTOPLAY_DELAY_MS = 4000;
/**
 * Embla's `duration` is not in milliseconds (it drives a spring); 22 settles a one-slide move in about
 * 0.6 s, the product's transition time (decision 0028).
 */
const GALLERY_SCROLL_DURATION = 22;
const MAIN_SIZES = "(min-width: 1024px) 56vw, 100vw";

/**
 * The project page's gallery. With JavaScript: an Embla carousel that loops and autoplays every 4 s,
 * pauses while the mouse is over it, stops/resumes on a click on the image (or the pause button), and
 * moves with the arrow keys when it has focus. "Enlarge" opens the lightbox on the current picture (a
 * click on the picture keeps the spec's stop/resume; a single picture opens on a click). Without
 * JavaScript: the first image is shown, the others are reachable in a scroll-snap row and through the
 * thumbnails (anchor links), and each picture is a link to its full-size file.
 */
export function ProjectGallery({ images, label }: { images: GalleryImage[]; label: string }) {
	const { t } = useTranslation("catalog");
	const hydrated = useHydrated();
	const reducedMotion = usePrefersReducedMotion();
	const multiple = images.length > 1;
	const { viewportRef, emblaApi, autoplay } = useCarousel(
		{ loop: true, duration: GALLERY_SCROLL_DURATION, active: hydrated && multiple },
		{
			delay: GALLERY_AUTOPLAY_DELAY_MS,
			playOnInit: false,
			// Hover, focus and clicks are handled below, so that a visitor's "stop" is never undone by them.
			stopOnInteraction: true,
			stopOnMouseEnter: false,
			stopOnFocusIn: false,
		},
	);
	const selected = useEmblaSelectedIndex(emblaApi);
	/** The visitor stopped the slideshow (click or button); people who prefer reduced motion start there. */
	const [stopped, setStopped] = useState(false);
	const [hovered, setHovered] = useState(false);
	const [announcement, setAnnouncement] = useState("");
	/** Bumped on every toggle, to replay the big play/pause sign over the picture. */
	const [flashes, setFlashes] = useState(0);
	/** The picture open in the lightbox, or null. */
	const [enlarged, setEnlarged] = useState<number | null>(null);
	/** Once opened, the lightbox stays mounted (closed), so that it can hand focus back and open at once. */
	const [lightboxUsed, setLightboxUsed] = useState(false);
	if (enlarged !== null && !lightboxUsed) setLightboxUsed(true);

	useEffect(() => {
		if (reducedMotion) setStopped(true);
	}, [reducedMotion]);

	// Autoplay runs exactly when nothing holds it: not stopped by the visitor, no mouse over the gallery.
	useEffect(() => {
		if (!emblaApi || !multiple) return;
		const sync = () => {
			if (!stopped && !hovered && enlarged === null) autoplay?.play();
			else autoplay?.stop();
		};
		sync();
		// A drag or swipe stops the plugin (stopOnInteraction); resume afterwards unless something holds it.
		emblaApi.on("pointerUp", sync).on("reInit", sync);
		return () => {
			emblaApi.off("pointerUp", sync).off("reInit", sync);
		};
	}, [emblaApi, autoplay, multiple, stopped, hovered, enlarged]);

	const toggle = useCallback(() => {
		const nowStopped = !stopped;
		setStopped(nowStopped);
		setAnnouncement(nowStopped ? t("gallery.paused") : t("gallery.playing"));
		setFlashes((count) => count + 1);
	}, [stopped, t]);

	const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
		if (!emblaApi) return;
		if (event.key === "ArrowLeft") {
			event.preventDefault();
			emblaApi.scrollPrev();
		} else if (event.key === "ArrowRight") {
			event.preventDefault();
			emblaApi.scrollNext();
		}
	};

	// Back from the lightbox, the carousel shows the picture the visitor ended on.
	const closeLightbox = useCallback(() => {
		if (enlarged !== null) emblaApi?.scrollTo(enlarged, true);
		setEnlarged(null);
	}, [emblaApi, enlarged]);

	// Several pictures: the carousel takes over from the server's scroll row once its code is running (its
	// buttons before that would do nothing). One picture: once hydrated.
	const interactive = emblaApi !== undefined;
	const enhanced = multiple ? interactive : hydrated;
	const current = multiple ? selected : 0;
	return (
		<section
			aria-roledescription="carousel"
			aria-label={t("gallery.label", { name: label })}
			// Focusable so that the arrow keys can move the slides (decision 0028: the keyboard when the gallery has focus).
			tabIndex={interactive ? 0 : undefined}
			onKeyDown={interactive ? onKeyDown : undefined}
			className="rounded-2xl"
			data-testid="project-gallery"
		>
			<div
				className="relative"
				onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
				onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
			>
				{/* biome-ignore lint/a11y/noStaticElementInteractions: clicking the picture is a mouse shortcut; the pause button below does the same for keyboard and screen readers */}
				{/* biome-ignore lint/a11y/useKeyWithClickEvents: see above, the pause button is the keyboard path */}
				<div
					ref={viewportRef}
					onClick={interactive ? toggle : enhanced ? () => setEnlarged(0) : undefined}
					className={cx(
						"rounded-2xl bg-card",
						!enhanced && multiple ? "snap-x snap-mandatory overflow-x-auto" : "overflow-hidden",
						interactive && "cursor-pointer",
						enhanced && !multiple && "cursor-zoom-in",
					)}
				>
					<div className="flex touch-pan-y">
						{images.map((picture, index) => (
							// biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a labelled group
							<div
								// biome-ignore lint/suspicious/noArrayIndexKey: the gallery's order is fixed for the page's life
								key={index}
								id={`gallery-slide-${index + 1}`}
								role="group"
								aria-roledescription="slide"
								aria-label={t("gallery.slide", { index: index + 1, count: images.length })}
								className="min-w-0 shrink-0 grow-0 basis-full snap-start"
							>
								{/* Without JavaScript the picture links to its full size; after hydration a click opens
								    the lightbox. The same element either way, so hydration keeps the server's <img>
								    (a new one would load again and count as a later LCP). */}
								<a href={enhanced ? undefined : fullSizeUrl(picture)} className="relative block">
									<GalleryPicture picture={picture} priority={index === 0} />
									{enhanced ? null : (
										<span className="sr-only">
											{t("gallery.fullSize", { index: index + 1, count: images.length })}
										</span>
									)}
								</a>
							</div>
						))}
					</div>
				</div>
				{interactive && flashes > 0 ? (
					<span
						key={flashes}
						aria-hidden="true"
						className="catalog-flash pointer-events-none absolute top-1/2 left-1/2 grid size-20 -translate-1/2 place-items-center rounded-full bg-paper/85 text-ink backdrop-blur"
					>
						{stopped ? <PauseIcon width={32} height={32} /> : <PlayIcon width={32} height={32} />}
					</span>
				) : null}
				{hydrated ? (
					<button
						type="button"
						onPointerEnter={() => void loadLightbox()}
						onFocus={() => void loadLightbox()}
						onClick={() => setEnlarged(current)}
						aria-label={t("gallery.enlarge", { index: current + 1, count: images.length })}
						className="icon-button absolute top-3 right-3 size-10 bg-paper/85 text-ink shadow-sm backdrop-blur hover:bg-paper"
						data-testid="gallery-enlarge"
					>
						<EnlargeIcon />
					</button>
				) : null}
				{interactive ? (
					<>
						<div className="pointer-events-none absolute inset-x-3 top-1/2 flex -translate-y-1/2 justify-between">
							<button
								type="button"
								onClick={() => emblaApi?.scrollPrev()}
								aria-label={t("gallery.previous")}
								className="icon-button pointer-events-auto size-11 bg-paper/85 text-ink shadow-sm backdrop-blur hover:bg-paper"
							>
								<ArrowLeftIcon />
							</button>
							<button
								type="button"
								onClick={() => emblaApi?.scrollNext()}
								aria-label={t("gallery.next")}
								className="icon-button pointer-events-auto size-11 bg-paper/85 text-ink shadow-sm backdrop-blur hover:bg-paper"
							>
								<ArrowRightIcon />
							</button>
						</div>
						<div className="absolute right-3 bottom-3 left-3 flex items-center justify-between gap-3">
							<span className="rounded-full bg-paper/85 px-3 py-1 text-xs font-semibold tabular-nums backdrop-blur">
								{selected + 1} / {images.length}
							</span>
							<button
								type="button"
								onClick={toggle}
								aria-pressed={stopped}
								aria-label={stopped ? t("gallery.play") : t("gallery.pause")}
								className="icon-button size-9 bg-paper/85 text-ink backdrop-blur hover:bg-paper"
								data-state={stopped ? "stopped" : "playing"}
							>
								{stopped ? <PlayIcon width={16} height={16} /> : <PauseIcon width={16} height={16} />}
							</button>
						</div>
					</>
				) : null}
				<p className="sr-only" aria-live="polite">
					{announcement}
				</p>
			</div>
			{hydrated && lightboxUsed ? (
				<Suspense fallback={null}>
					<Lightbox
						images={images.map((picture) => ({ src: fullSizeUrl(picture), alt: picture.alt }))}
						index={enlarged}
						label={t("gallery.lightbox", { name: label })}
						onIndexChange={setEnlarged}
						onClose={closeLightbox}
					/>
				</Suspense>
			) : null}
			{multiple ? (
				<Thumbnails
					images={images}
					selected={interactive ? selected : -1}
					onSelect={emblaApi ? (index) => emblaApi.scrollTo(index) : undefined}
				/>
			) : null}
		</section>
	);
}

/** Small pictures under the gallery: buttons with JavaScript, links to each slide without it. */
function Thumbnails({
	images,
	selected,
	onSelect,
}: {
	images: GalleryImage[];
	selected: number;
	onSelect?: (index: number) => void;
}) {
	const { t } = useTranslation("catalog");
	return (
		<ul aria-label={t("gallery.thumbnails")} className="mt-3 flex gap-2 overflow-x-auto pb-1">
			{images.map((picture, index) => {
				const name = t("gallery.show", { index: index + 1, count: images.length });
				const className = cx(
					"block w-20 overflow-hidden rounded-lg border-2 transition-opacity md:w-24",
					index === selected ? "border-accent" : "border-transparent opacity-70 hover:opacity-100",
				);
				const thumbnail = <Thumbnail picture={picture} />;
				return (
					// biome-ignore lint/suspicious/noArrayIndexKey: the gallery's order is fixed for the page's life
					<li key={index} className="shrink-0">
						{onSelect ? (
							<button
								type="button"
								aria-label={name}
								aria-current={index === selected ? "true" : undefined}
								onClick={() => onSelect(index)}
								className={className}
							>
								{thumbnail}
							</button>
						) : (
							<a href={`#gallery-slide-${index + 1}`} aria-label={name} className={className}>
								{thumbnail}
							</a>
						)}
					</li>
				);
			})}
		</ul>
	);
}

function Thumbnail({ picture }: { picture: GalleryImage }) {
	const { status, imageProps } = useImageStatus();
	const frame = "block aspect-[4/3] size-full bg-card object-cover";
	if (!picture.image || status === "broken") {
		return <img src={DEFAULT_PROJECT_IMAGE} alt="" width={96} height={72} className={frame} />;
	}
	return <ResponsiveImage {...imageProps} image={picture.image} alt="" sizes="96px" className={frame} />;
}

/**
 * One slide's picture: a spinner sits underneath until the image has loaded; a failed image shows
 * "Image unavailable".
 */
function GalleryPicture({ picture, priority }: { picture: GalleryImage; priority: boolean }) {
	const { t } = useTranslation();
	const { status, imageProps } = useImageStatus();
	const frame = "relative aspect-[4/3] w-full overflow-hidden bg-card";
	if (status === "broken") {
		return (
			<div className={cx(frame, "grid place-items-center bg-[url(/placeholder.svg)] bg-cover bg-center")}>
				<p className="rounded-full bg-paper/85 px-4 py-1.5 text-sm font-medium">
					{t("card.imageUnavailable")}
				</p>
			</div>
		);
	}
	const imageClass = "relative size-full object-contain select-none";
	return (
		<div className={frame}>
			{status === "loading" ? <ImageSpinner className="size-8" /> : null}
			{picture.image ? (
				<ResponsiveImage
					{...imageProps}
					image={picture.image}
					alt={picture.alt}
					sizes={MAIN_SIZES}
					priority={priority}
					draggable={false}
					className={imageClass}
				/>
			) : (
				<img
					{...imageProps}
					src={DEFAULT_PROJECT_IMAGE}
					alt={picture.alt}
					width={1200}
					height={900}
					draggable={false}
					className={imageClass}
				/>
			)}
		</div>
	);
}

/** Four corners pointing out: "see it bigger". */
function EnlargeIcon() {
	return (
		<Icon width={18} height={18}>
			<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
		</Icon>
	);
}
