import { useNavigate } from "@remix-run/react";
import {
	type InputHTMLAttributes,
	type KeyboardEvent,
	type Ref,
	useEffect,
	useId,
	useRef,
	useState,
} from "react";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import type { SearchSuggestionsPayload } from "~/routes/resources.search";

/** Shorter than this, nothing is suggested (the endpoint answers nothing either). */
const MIN_LENGTH = 2;
/** Wait this long after the last key before asking: one request per pause, not one per letter. */
const DEBOUNCE_MS = 150;

interface Suggestion {
	key: string;
	kind: "piece" | "artist";
	label: string;
	detail?: string;
	href: string;
}

function suggestionsOf(payload: SearchSuggestionsPayload): Suggestion[] {
	return [
		...payload.pieces.map((piece) => ({
			key: `piece-${piece.id}`,
			kind: "piece" as const,
			label: piece.name,
			detail: piece.designer,
			href: piece.href,
		})),
		...payload.artists.map((artist) => ({
			key: `artist-${artist.id}`,
			kind: "artist" as const,
			label: artist.name,
			href: artist.href,
		})),
	];
}

/**
 * The catalogue's search field (the header's and the shop's): a plain `q` field of a GET form to /shop.
 * With JavaScript it is also an ARIA combobox (issue #34): as the visitor types, pieces and artists that
 * match come in a listbox (from /resources/search, asked after a pause, a stale question cancelled); the
 * arrow keys move through them, Enter opens the one chosen (or, with none chosen, submits the form as
 * always), Escape closes the list. Without JavaScript the list never appears.
 */
export function SearchField({
	inputRef,
	className,
	...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "role"> & {
	inputRef?: Ref<HTMLInputElement>;
}) {
	const { t } = useTranslation();
	const hydrated = useHydrated();
	const navigate = useNavigate();
	const listId = useId();
	const [text, setText] = useState<string | null>(null);
	const [items, setItems] = useState<Suggestion[]>([]);
	const [open, setOpen] = useState(false);
	const [active, setActive] = useState(-1);
	const asked = useRef<AbortController | null>(null);

	useEffect(() => {
		if (text === null) return;
		asked.current?.abort();
		const query = text.trim();
		if (query.length < MIN_LENGTH) {
			setItems([]);
			setActive(-1);
			return;
		}
		const controller = new AbortController();
		asked.current = controller;
		const timer = window.setTimeout(() => {
			fetch(`/resources/search?${new URLSearchParams({ q: text })}`, { signal: controller.signal })
				.then((response) => (response.ok ? (response.json() as Promise<SearchSuggestionsPayload>) : null))
				.then((payload) => {
					if (controller.signal.aborted || !payload) return;
					setItems(suggestionsOf(payload));
					setActive(-1);
					setOpen(true);
				})
				.catch(() => {
					// Cancelled, or the network failed: the field still submits as a plain form.
				});
		}, DEBOUNCE_MS);
		return () => {
			window.clearTimeout(timer);
			controller.abort();
		};
	}, [text]);

	const expanded = open && items.length > 0 && (text ?? "").trim().length >= MIN_LENGTH;
	const optionId = (index: number) => `${listId}-option-${index}`;

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		if (event.key === "ArrowDown" || event.key === "ArrowUp") {
			if (items.length === 0) return;
			event.preventDefault();
			if (!expanded) {
				setOpen(true);
				setActive(event.key === "ArrowDown" ? 0 : items.length - 1);
				return;
			}
			setActive((current) =>
				event.key === "ArrowDown"
					? current + 1 >= items.length
						? 0
						: current + 1
					: current <= 0
						? items.length - 1
						: current - 1,
			);
			return;
		}
		if (event.key === "Escape" && expanded) {
			// Only the list closes: a menu around the field stays open.
			event.preventDefault();
			event.stopPropagation();
			event.nativeEvent.stopImmediatePropagation();
			setOpen(false);
			setActive(-1);
			return;
		}
		if (event.key === "Enter" && expanded) {
			const chosen = items[active];
			if (!chosen) return;
			event.preventDefault();
			setOpen(false);
			navigate(chosen.href);
		}
	}

	const pieces = items.filter((item) => item.kind === "piece");
	const artists = items.filter((item) => item.kind === "artist");
	const option = (item: Suggestion) => {
		const index = items.indexOf(item);
		return (
			<div
				key={item.key}
				id={optionId(index)}
				role="option"
				tabIndex={-1}
				aria-selected={index === active}
				className={cx(
					"flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm",
					index === active ? "bg-ink text-paper" : "hover:bg-ink/5",
				)}
				// Chosen on pointer down, before the field's blur would close the list.
				onPointerDown={(event) => {
					event.preventDefault();
					setOpen(false);
					navigate(item.href);
				}}
			>
				<span className="font-semibold">{item.label}</span>
				{item.detail ? (
					<span className={cx("text-xs", index === active ? "text-paper/80" : "text-muted")}>
						{item.detail}
					</span>
				) : null}
			</div>
		);
	};

	return (
		<div className="relative">
			<input
				{...props}
				ref={inputRef}
				type="search"
				name="q"
				autoComplete="off"
				className={className}
				{...(hydrated
					? {
							role: "combobox",
							"aria-autocomplete": "list" as const,
							"aria-expanded": expanded,
							"aria-controls": listId,
							"aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
						}
					: {})}
				onChange={(event) => {
					props.onChange?.(event);
					setText(event.currentTarget.value);
					setOpen(true);
				}}
				onKeyDown={(event) => {
					props.onKeyDown?.(event);
					if (hydrated) onKeyDown(event);
				}}
				onBlur={(event) => {
					props.onBlur?.(event);
					setOpen(false);
					setActive(-1);
				}}
			/>
			{hydrated ? (
				<>
					<div
						id={listId}
						role="listbox"
						aria-label={t("search.suggestions")}
						hidden={!expanded}
						className="absolute inset-x-0 top-full z-50 mt-2 max-h-96 overflow-y-auto rounded-xl border border-line bg-card p-1.5 text-left text-ink shadow-xl shadow-black/10"
					>
						{pieces.length > 0 ? (
							// biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), no form's fieldset
							<div role="group" aria-label={t("search.pieces")}>
								{pieces.map(option)}
							</div>
						) : null}
						{artists.length > 0 ? (
							// biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), no form's fieldset
							<div
								role="group"
								aria-label={t("search.artists")}
								className={pieces.length > 0 ? "mt-1 border-t border-line pt-1" : undefined}
							>
								{artists.map(option)}
							</div>
						) : null}
					</div>
					<p className="sr-only" aria-live="polite">
						{expanded ? t("search.count", { count: items.length }) : ""}
					</p>
				</>
			) : null}
		</div>
	);
}
