import { type DragEvent, type ReactNode, useEffect, useState } from "react";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The project form's picture helpers, all enhancements over plain inputs that work without JavaScript
 * (issue #35): thumbnails of the files chosen before anything is uploaded, a drop zone that adds dropped
 * files to a file input, and the order of the gallery's pictures changed by dragging or from the keyboard
 * (its number fields stay, and follow).
 */

/** Thumbnails of the files in a file input, made in the browser (object URLs; nothing is uploaded). */
export function ChosenFiles({
	files,
	label,
	frame = "square",
}: {
	files: File[];
	label: string;
	/** "wide": a hero slide's 16:9 frame, cropped as the slider crops it. */
	frame?: "square" | "wide";
}) {
	const { t } = useTranslation("admin");
	const [previews, setPreviews] = useState<Array<{ name: string; url: string | null }>>([]);
	useEffect(() => {
		const made = files.map((file) => ({
			name: file.name,
			// A HEIC or a broken file shows its name only: the browser cannot draw it either.
			url: file.type.startsWith("image/") && file.type !== "image/heic" ? URL.createObjectURL(file) : null,
		}));
		setPreviews(made);
		return () => {
			for (const preview of made) if (preview.url) URL.revokeObjectURL(preview.url);
		};
	}, [files]);
	if (previews.length === 0) return null;
	return (
		<ul aria-label={label} className="flex flex-wrap gap-3" data-testid="chosen-files">
			{previews.map((preview, index) => (
				<li
					// biome-ignore lint/suspicious/noArrayIndexKey: the list is made anew whenever the files change
					key={`${index}-${preview.name}`}
					className={cx("flex flex-col gap-1 text-xs", frame === "wide" ? "w-72 max-w-full" : "w-24")}
				>
					{preview.url ? (
						<img
							src={preview.url}
							alt={t("projects.form.chosenFile", { name: preview.name })}
							className={cx(
								"w-full rounded-md bg-ink/5 object-cover",
								frame === "wide"
									? "aspect-video outline-2 outline-offset-2 outline-dashed outline-line"
									: "aspect-square",
							)}
						/>
					) : (
						<span
							className={cx(
								"flex w-full items-center justify-center rounded-md bg-ink/5 p-1 text-center text-muted",
								frame === "wide" ? "aspect-video" : "aspect-square",
							)}
						>
							{t("projects.form.noPreview")}
						</span>
					)}
					<span className="truncate text-muted" title={preview.name}>
						{preview.name}
					</span>
				</li>
			))}
		</ul>
	);
}

/** The files a file input holds now, kept in state so thumbnails follow every change (a drop included). */
export function useChosenFiles() {
	const [files, setFiles] = useState<File[]>([]);
	return { files, read: (input: HTMLInputElement) => setFiles(Array.from(input.files ?? [])) };
}

/**
 * Dropping files on it adds them to the file input `inputId` (after those already chosen, or instead of
 * them for a single-file input) and tells the input it changed, so its checks and thumbnails run.
 */
export function FileDropZone({ inputId, children }: { inputId: string; children: ReactNode }) {
	const { t } = useTranslation("admin");
	const hydrated = useHydrated();
	const [over, setOver] = useState(false);
	const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
	return (
		// biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a mouse; the file input inside is the keyboard's way
		<div
			data-testid={`drop-${inputId}`}
			onDragOver={(event) => {
				if (!hasFiles(event)) return;
				event.preventDefault();
				setOver(true);
			}}
			onDragLeave={() => setOver(false)}
			onDrop={(event) => {
				if (!hasFiles(event)) return;
				event.preventDefault();
				setOver(false);
				const input = document.getElementById(inputId);
				if (!(input instanceof HTMLInputElement)) return;
				const merged = new DataTransfer();
				if (input.multiple) for (const file of Array.from(input.files ?? [])) merged.items.add(file);
				for (const file of Array.from(event.dataTransfer.files)) {
					if (input.multiple || merged.files.length === 0) merged.items.add(file);
				}
				input.files = merged.files;
				input.dispatchEvent(new Event("change", { bubbles: true }));
			}}
			className={cx(
				"flex flex-col gap-2 rounded-xl",
				over && "outline-2 outline-offset-4 outline-dashed outline-ink",
			)}
		>
			{children}
			{hydrated ? <p className="text-xs text-muted">{t("projects.form.dropHint")}</p> : null}
		</div>
	);
}

/**
 * The gallery's order, for the cards to draw and move: ids first to last. `move` puts one at a new place
 * (1-based), and says so in the live region (`announcement`).
 */
export function useGalleryOrder(initial: number[]) {
	const { t } = useTranslation("admin");
	const [order, setOrder] = useState(initial);
	const [announcement, setAnnouncement] = useState("");
	const key = initial.join(",");
	// A new gallery from the server (after a refused save or a reload) starts the order again.
	// biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `initial`'s contents
	useEffect(() => setOrder(initial), [key]);
	const move = (id: number, to: number, label: string) => {
		setOrder((current) => {
			const from = current.indexOf(id);
			const target = Math.max(0, Math.min(current.length - 1, to - 1));
			if (from === -1 || from === target) return current;
			const next = current.filter((each) => each !== id);
			next.splice(target, 0, id);
			return next;
		});
		setAnnouncement(t("projects.form.moved", { label, position: Math.max(1, Math.min(order.length, to)) }));
	};
	return { order, move, announcement };
}

/** A gallery card's drag handle and its keyboard twin: Move earlier / Move later (JavaScript only). */
export function MoveControls({
	id,
	label,
	position,
	count,
	onMove,
}: {
	/** Prefix of the buttons' ids. */
	id: string;
	label: string;
	position: number;
	count: number;
	onMove: (to: number) => void;
}) {
	const { t } = useTranslation("admin");
	// The card moves in the page; the pressed button keeps the focus (or its twin, once it is disabled at an
	// end), so the arrows can be pressed again and again.
	const moveAndKeepFocus = (to: number, pressed: "earlier" | "later") => {
		onMove(to);
		requestAnimationFrame(() => {
			const same = document.getElementById(`${id}-${pressed}`);
			const other = document.getElementById(`${id}-${pressed === "earlier" ? "later" : "earlier"}`);
			const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
			target?.focus();
		});
	};
	const button =
		"h-8 flex-1 rounded-md border border-line px-2 text-xs font-semibold hover:border-ink disabled:opacity-40";
	return (
		<div className="flex gap-2">
			<button
				type="button"
				id={`${id}-earlier`}
				className={button}
				disabled={position <= 1}
				onClick={() => moveAndKeepFocus(position - 1, "earlier")}
				aria-label={t("projects.form.moveEarlier", { label })}
			>
				<span aria-hidden="true">←</span> {t("projects.form.earlier")}
			</button>
			<button
				type="button"
				id={`${id}-later`}
				className={button}
				disabled={position >= count}
				onClick={() => moveAndKeepFocus(position + 1, "later")}
				aria-label={t("projects.form.moveLater", { label })}
			>
				{t("projects.form.later")} <span aria-hidden="true">→</span>
			</button>
		</div>
	);
}

/** Drag-and-drop between the gallery's cards: the dragged card takes the place of the one it is dropped on. */
export function dragProps(id: number, onDropOn: (draggedId: number) => void) {
	return {
		draggable: true,
		onDragStart: (event: DragEvent) => {
			event.dataTransfer.setData("application/x-forma-gallery", String(id));
			event.dataTransfer.effectAllowed = "move";
		},
		onDragOver: (event: DragEvent) => {
			if (Array.from(event.dataTransfer.types).includes("application/x-forma-gallery"))
				event.preventDefault();
		},
		onDrop: (event: DragEvent) => {
			const dragged = Number(event.dataTransfer.getData("application/x-forma-gallery"));
			if (!dragged || dragged === id) return;
			event.preventDefault();
			onDropOn(dragged);
		},
	};
}
