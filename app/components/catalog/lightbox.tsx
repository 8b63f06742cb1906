import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon } from "~/components/icons";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";

export interface LightboxImage {
	/** The full-size file. */
	src: string;
	alt: string;
}

const MAX_SCALE = 4;
const ZOOM_SCALE = 2;
/** Two taps closer than this are a double tap; a finger that moved further than SWIPE_PX is a swipe. */
const DOUBLE_TAP_MS = 300;
const SWIPE_PX = 50;
const DRAG_PX = 6;

interface Point {
	x: number;
	y: number;
}

/**
 * The gallery's full-screen view: a native modal <dialog> (the browser keeps focus inside it and makes the
 * page behind inert; Escape closes it), with previous/next buttons, the arrow keys and swipes, a counter,
 * and zoom: a click or a double tap toggles 2×, two fingers pinch, and a zoomed picture pans by dragging.
 * Focus goes back to whatever opened it. Without a preference for reduced motion, zoom eases.
 */
export function Lightbox({
	images,
	index,
	label,
	onIndexChange,
	onClose,
}: {
	images: LightboxImage[];
	/** The picture shown, or null when closed. */
	index: number | null;
	label: string;
	onIndexChange: (index: number) => void;
	onClose: () => void;
}) {
	const { t } = useTranslation("catalog");
	const reducedMotion = usePrefersReducedMotion();
	const dialogRef = useRef<HTMLDialogElement>(null);
	const stageRef = useRef<HTMLDivElement>(null);
	const opener = useRef<HTMLElement | null>(null);
	const [scale, setScale] = useState(1);
	const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
	const [gesturing, setGesturing] = useState(false);
	const pointers = useRef(new Map<number, Point>());
	const gesture = useRef<{
		start: Point;
		startOffset: Point;
		startScale: number;
		startDistance: number;
		moved: boolean;
		pinched: boolean;
		touch: boolean;
	} | null>(null);
	const lastTap = useRef(0);
	const count = images.length;
	const open = index !== null;

	useEffect(() => {
		const dialog = dialogRef.current;
		if (!dialog) return;
		if (open && !dialog.open) {
			opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
			dialog.showModal();
			// The APG dialog pattern: start on the close button.
			dialog.querySelector<HTMLElement>("[data-close]")?.focus();
		} else if (!open && dialog.open) {
			dialog.close();
		}
	}, [open]);

	const resetZoom = useCallback(() => {
		setScale(1);
		setOffset({ x: 0, y: 0 });
	}, []);

	// A new picture starts unzoomed.
	// biome-ignore lint/correctness/useExhaustiveDependencies: the index is what this effect follows
	useEffect(() => resetZoom(), [index, resetZoom]);

	const go = useCallback(
		(step: number) => {
			if (index === null || count < 2) return;
			onIndexChange((index + step + count) % count);
		},
		[index, count, onIndexChange],
	);

	/** Keeps a zoomed picture covering the stage: it pans no further than its own overhang. */
	const clamp = useCallback((point: Point, atScale: number): Point => {
		const stage = stageRef.current;
		if (!stage || atScale <= 1) return { x: 0, y: 0 };
		const maxX = ((atScale - 1) * stage.clientWidth) / 2;
		const maxY = ((atScale - 1) * stage.clientHeight) / 2;
		return { x: Math.max(-maxX, Math.min(maxX, point.x)), y: Math.max(-maxY, Math.min(maxY, point.y)) };
	}, []);

	/** 2× around a point of the stage (its centre by default), or back to 1×. */
	const toggleZoom = useCallback(
		(at?: Point) => {
			if (scale > 1) {
				resetZoom();
				return;
			}
			const stage = stageRef.current;
			if (!stage || !at) {
				setScale(ZOOM_SCALE);
				return;
			}
			const rect = stage.getBoundingClientRect();
			const fromCentre = { x: at.x - rect.left - rect.width / 2, y: at.y - rect.top - rect.height / 2 };
			setScale(ZOOM_SCALE);
			setOffset(
				clamp({ x: -fromCentre.x * (ZOOM_SCALE - 1), y: -fromCentre.y * (ZOOM_SCALE - 1) }, ZOOM_SCALE),
			);
		},
		[scale, resetZoom, clamp],
	);

	const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
		if (event.key === "Tab") {
			// The modal dialog makes the page inert; this keeps Tab from leaving for the browser's own controls.
			const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("button")];
			const first = focusable[0];
			const last = focusable[focusable.length - 1];
			if (event.shiftKey && document.activeElement === first) {
				event.preventDefault();
				last?.focus();
			} else if (!event.shiftKey && document.activeElement === last) {
				event.preventDefault();
				first?.focus();
			}
		} else if (event.key === "ArrowLeft") {
			event.preventDefault();
			go(-1);
		} else if (event.key === "ArrowRight") {
			event.preventDefault();
			go(1);
		}
	};

	const distance = () => {
		const [a, b] = [...pointers.current.values()];
		return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
	};

	const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
		event.currentTarget.setPointerCapture(event.pointerId);
		pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
		const pinching = pointers.current.size === 2;
		gesture.current = {
			start: { x: event.clientX, y: event.clientY },
			startOffset: offset,
			startScale: scale,
			startDistance: pinching ? distance() : 0,
			moved: gesture.current?.moved ?? false,
			pinched: pinching || (gesture.current?.pinched ?? false),
			touch: event.pointerType !== "mouse",
		};
		setGesturing(true);
	};

	const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
		const current = gesture.current;
		if (!current || !pointers.current.has(event.pointerId)) return;
		pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
		if (pointers.current.size >= 2 && current.startDistance > 0) {
			const next = Math.max(
				1,
				Math.min(MAX_SCALE, (current.startScale * distance()) / current.startDistance),
			);
			setScale(next);
			setOffset((previous) => clamp(previous, next));
			current.moved = true;
			return;
		}
		const dx = event.clientX - current.start.x;
		const dy = event.clientY - current.start.y;
		if (Math.hypot(dx, dy) > DRAG_PX) current.moved = true;
		if (scale > 1 && current.moved) {
			setOffset(clamp({ x: current.startOffset.x + dx, y: current.startOffset.y + dy }, scale));
		}
	};

	const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
		const current = gesture.current;
		pointers.current.delete(event.pointerId);
		if (!current || pointers.current.size > 0) return;
		gesture.current = null;
		setGesturing(false);
		const dx = event.clientX - current.start.x;
		const dy = event.clientY - current.start.y;
		if (current.pinched) {
			if (scale < 1.05) resetZoom();
			return;
		}
		// An unzoomed picture swiped sideways: the next or previous one.
		if (scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
			go(dx < 0 ? 1 : -1);
			return;
		}
		if (current.moved) return;
		// A tap (touch, pen) zooms on the second one; a mouse click zooms at once.
		if (current.touch) {
			const now = event.timeStamp;
			if (now - lastTap.current < DOUBLE_TAP_MS) {
				lastTap.current = 0;
				toggleZoom({ x: event.clientX, y: event.clientY });
			} else {
				lastTap.current = now;
			}
			return;
		}
		toggleZoom({ x: event.clientX, y: event.clientY });
	};

	const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
		pointers.current.delete(event.pointerId);
		if (pointers.current.size === 0) {
			gesture.current = null;
			setGesturing(false);
		}
	};

	const picture = index === null ? undefined : images[index];
	const button =
		"icon-button size-12 bg-white/10 text-white backdrop-blur hover:bg-white/20 focus-visible:outline-white";
	return (
		<dialog
			ref={dialogRef}
			aria-label={label}
			onKeyDown={onKeyDown}
			onClose={() => {
				onClose();
				opener.current?.focus();
			}}
			className="m-0 h-dvh max-h-none w-dvw max-w-none overflow-hidden bg-neutral-950 p-0 text-white backdrop:bg-black"
			data-testid="lightbox"
		>
			{picture ? (
				<div className="relative flex h-full flex-col">
					<div className="flex items-center justify-between gap-3 p-3 md:p-4">
						<p
							className="rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tabular-nums"
							aria-live="polite"
						>
							{(index ?? 0) + 1} / {count}
						</p>
						<div className="flex gap-2">
							<button
								type="button"
								className={button}
								aria-pressed={scale > 1}
								aria-label={scale > 1 ? t("gallery.zoomOut") : t("gallery.zoomIn")}
								onClick={() => toggleZoom()}
							>
								<span aria-hidden="true" className="text-2xl leading-none font-light">
									{scale > 1 ? "−" : "+"}
								</span>
							</button>
							<button
								type="button"
								className={button}
								aria-label={t("gallery.close")}
								onClick={() => dialogRef.current?.close()}
								data-close
							>
								<CloseIcon />
							</button>
						</div>
					</div>
					<div
						ref={stageRef}
						className={cx(
							"relative min-h-0 flex-1 touch-none overflow-hidden select-none",
							scale > 1 ? "cursor-grab active:cursor-grabbing" : "cursor-zoom-in",
						)}
						onPointerDown={onPointerDown}
						onPointerMove={onPointerMove}
						onPointerUp={onPointerUp}
						onPointerCancel={onPointerCancel}
						data-testid="lightbox-stage"
						data-scale={scale}
					>
						<img
							key={picture.src}
							src={picture.src}
							alt={picture.alt}
							draggable={false}
							className={cx(
								"absolute inset-0 m-auto max-h-full max-w-full object-contain",
								!reducedMotion && !gesturing && "transition-transform duration-300 ease-out",
							)}
							style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
						/>
					</div>
					{count > 1 ? (
						<div className="pointer-events-none absolute inset-x-3 top-1/2 flex -translate-y-1/2 justify-between md:inset-x-5">
							<button
								type="button"
								className={cx(button, "pointer-events-auto")}
								aria-label={t("gallery.previous")}
								onClick={() => go(-1)}
							>
								<ArrowLeftIcon />
							</button>
							<button
								type="button"
								className={cx(button, "pointer-events-auto")}
								aria-label={t("gallery.next")}
								onClick={() => go(1)}
							>
								<ArrowRightIcon />
							</button>
						</div>
					) : null}
					<p className="px-4 pt-2 pb-4 text-center text-sm text-white/75">{picture.alt}</p>
				</div>
			) : null}
		</dialog>
	);
}
