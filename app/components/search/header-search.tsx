import { Form, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "~/lib/translations";
import { MAX_QUERY_LENGTH } from "~/routes/shop/shop-href";
import { SearchIcon } from "../icons";
import { useDisclosureDismiss } from "../use-disclosure-dismiss";
import { SearchField } from "./search-field";

/**
 * The catalogue search as a plain GET form to /shop?q=… (issue #34): the same on every page, in the header
 * and in the phone menu. Without JavaScript it is only that; with it, the field suggests as one types.
 */
export function SearchForm({ autoFocusRef }: { autoFocusRef?: React.Ref<HTMLInputElement> }) {
	const { t } = useTranslation();
	const fieldId = useId();
	return (
		<Form
			method="get"
			action="/shop"
			role="search"
			aria-label={t("search.label")}
			className="flex items-center gap-2"
		>
			<label htmlFor={fieldId} className="sr-only">
				{t("search.field")}
			</label>
			<div className="min-w-0 flex-1">
				<SearchField
					id={fieldId}
					inputRef={autoFocusRef}
					maxLength={MAX_QUERY_LENGTH}
					required
					placeholder={t("search.placeholder")}
					enterKeyHint="search"
					className="h-11 w-full rounded-full border border-line bg-card px-4 text-sm placeholder:text-muted focus:border-ink"
				/>
			</div>
			<button type="submit" className="button-primary h-11 shrink-0 px-5">
				{t("search.submit")}
			</button>
		</Form>
	);
}

/**
 * The header's search control: a <details> disclosure, so it opens without JavaScript; with it the field
 * takes focus on opening, and Escape (when no suggestions are open), an outside click or a navigation
 * close it.
 */
export function HeaderSearch() {
	const { t } = useTranslation();
	const location = useLocation();
	const detailsRef = useRef<HTMLDetailsElement>(null);
	const fieldRef = useRef<HTMLInputElement>(null);
	useDisclosureDismiss(detailsRef);

	// biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
	useEffect(() => {
		detailsRef.current?.removeAttribute("open");
	}, [location.key]);

	return (
		<details
			ref={detailsRef}
			className="relative"
			onToggle={(event) => {
				if (event.currentTarget.open) fieldRef.current?.focus();
			}}
		>
			{/* biome-ignore lint/a11y/useSemanticElements: <summary> is the native disclosure control (works without JavaScript) */}
			<summary role="button" className="icon-button" aria-label={t("search.open")} title={t("search.open")}>
				<SearchIcon width={19} height={19} />
			</summary>
			<div className="fixed inset-x-4 top-20 z-50 rounded-2xl border border-line bg-paper p-3 shadow-xl shadow-black/10 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-[28rem]">
				<SearchForm autoFocusRef={fieldRef} />
			</div>
		</details>
	);
}
