import { Form, Link, useFetcher, useSubmit } from "@remix-run/react";
import {
	type ChangeEvent,
	type FormEvent,
	type ReactNode,
	type RefObject,
	useEffect,
	useId,
	useRef,
	useState,
} from "react";
import { ChevronDownIcon, CloseIcon } from "~/components/icons";
import { SearchField } from "~/components/search/search-field";
import { formatCount } from "~/lib/format";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { PriceRangeLabel } from "./shop-chips";
import {
	activeFilterCount,
	defaultSortFor,
	FILTERS_DISCLOSURE_ID,
	MAX_QUERY_LENGTH,
	PRICE_PRESETS,
	parsePrice,
	type ShopOrder,
	type ShopQuery,
	shopHref,
} from "./shop-href";

/**
 * Keeps an uncontrolled field in step with the URL after a navigation (Reset, Back), without touching what
 * the visitor chose or typed before the page hydrated.
 */
function useUrlValue<Field extends HTMLInputElement | HTMLSelectElement>(value: string) {
	const field = useRef<Field>(null);
	const shown = useRef(value);
	useEffect(() => {
		if (shown.current === value) return;
		shown.current = value;
		if (field.current) field.current.value = value;
	}, [value]);
	return field;
}

/** The same for a checkbox. */
function useUrlChecked(checked: boolean) {
	const field = useRef<HTMLInputElement>(null);
	const shown = useRef(checked);
	useEffect(() => {
		if (shown.current === checked) return;
		shown.current = checked;
		if (field.current) field.current.checked = checked;
	}, [checked]);
	return field;
}

export interface ShopFiltersProps {
	query: ShopQuery;
	designers: Array<{ id: string; name: string }>;
	sorts: ShopOrder[];
	/** The categories the filter offers: those with pieces (and the one chosen). */
	categories: readonly string[];
	/** How many pieces the list shown holds ("Show N results" on a phone). */
	total: number;
}

/**
 * A plain GET form, so filtering works without JavaScript (Apply submits it). With JavaScript, a select
 * or the "available only" box submits as soon as it changes, the scroll position stays put and empty
 * fields stay out of the URL. On a phone (`panel`) the form sits in the filters panel and its submit button
 * says how many pieces the list holds.
 */
export function ShopFilters({
	query,
	designers,
	sorts,
	categories,
	total,
	panel = false,
	onSubmitted,
}: ShopFiltersProps & { panel?: boolean; onSubmitted?: () => void }) {
	const { t, i18n } = useTranslation("shop");
	const submit = useSubmit();
	const textField = useUrlValue<HTMLInputElement>(query.q);
	const categoryField = useUrlValue<HTMLSelectElement>(query.category);
	const designerField = useUrlValue<HTMLSelectElement>(query.designer);
	const sortField = useUrlValue<HTMLSelectElement>(query.sort);
	const minField = useUrlValue<HTMLInputElement>(query.min === null ? "" : String(query.min));
	const maxField = useUrlValue<HTMLInputElement>(query.max === null ? "" : String(query.max));
	const availableField = useUrlChecked(query.available);

	const liveTotal = useLiveTotal(total);

	/** The query the form's fields make now. */
	function formQuery(form: HTMLFormElement): ShopQuery {
		const values = new FormData(form);
		const q = String(values.get("q") ?? "").trim();
		const chosen = sorts.find((value) => value === values.get("sort"));
		return {
			q,
			category: String(values.get("category") ?? ""),
			designer: String(values.get("designer") ?? ""),
			// A new search starts with its best matches; the order chosen stays while the words do.
			sort: q !== query.q || !chosen ? defaultSortFor(q) : chosen,
			available: values.get("available") === "1",
			min: parsePrice(values.get("min")),
			max: parsePrice(values.get("max")),
			collection: query.collection && values.get("collection") === query.collection ? query.collection : "",
		};
	}

	function submitForm(form: HTMLFormElement) {
		submit(new URL(shopHref(formQuery(form)), window.location.origin).searchParams, {
			method: "get",
			action: "/shop",
			preventScrollReset: true,
		});
	}

	function onSelect(event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) {
		if (event.currentTarget.form) submitForm(event.currentTarget.form);
	}

	return (
		<Form
			method="get"
			action="/shop"
			role="search"
			aria-label={t("filters.label")}
			preventScrollReset
			// On a phone, "Show N results" counts what the fields say as they are typed into.
			onInput={panel ? (event) => liveTotal.recount(shopHref(formQuery(event.currentTarget))) : undefined}
			onSubmit={(event: FormEvent<HTMLFormElement>) => {
				event.preventDefault();
				submitForm(event.currentTarget);
				onSubmitted?.();
			}}
			className={cx(
				"grid gap-4",
				panel
					? "py-2"
					: "border-b border-line py-8 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] lg:items-end xl:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))_auto]",
			)}
		>
			<FilterField label={t("filters.search")} className={panel ? undefined : "sm:col-span-2 lg:col-span-1"}>
				{(id) => (
					<SearchField
						id={id}
						inputRef={textField}
						defaultValue={query.q}
						maxLength={MAX_QUERY_LENGTH}
						placeholder={t("filters.searchPlaceholder")}
						enterKeyHint="search"
						className="h-12 w-full rounded-full border border-line bg-card px-5 text-sm placeholder:text-muted focus:border-ink"
					/>
				)}
			</FilterField>
			<FilterSelect
				label={t("filters.category")}
				name="category"
				field={categoryField}
				defaultValue={query.category}
				onChange={onSelect}
			>
				<option value="">{t("filters.allCategories")}</option>
				{categories.map((value) => (
					<option key={value} value={value}>
						{t(`categories.${value}`, { ns: "common" })}
					</option>
				))}
			</FilterSelect>
			<FilterSelect
				label={t("filters.designer")}
				name="designer"
				field={designerField}
				defaultValue={query.designer}
				onChange={onSelect}
			>
				<option value="">{t("filters.allDesigners")}</option>
				{designers.map((artist) => (
					<option key={artist.id} value={artist.id}>
						{artist.name}
					</option>
				))}
			</FilterSelect>
			<FilterSelect
				label={t("filters.sort")}
				name="sort"
				field={sortField}
				defaultValue={query.sort}
				onChange={onSelect}
			>
				{sorts.map((value) => (
					<option key={value} value={value}>
						{t(`sorts.${value}`)}
					</option>
				))}
			</FilterSelect>
			{query.collection ? <input type="hidden" name="collection" value={query.collection} /> : null}
			{panel ? null : <FilterButtons />}
			<fieldset
				className={cx(
					"flex flex-wrap items-end gap-x-6 gap-y-4",
					!panel && "sm:col-span-2 lg:col-span-4 xl:col-span-5",
				)}
			>
				<legend className="sr-only">{t("filters.price")}</legend>
				<label className="flex min-h-12 cursor-pointer items-center gap-3 text-sm font-semibold">
					<input
						ref={availableField}
						type="checkbox"
						name="available"
						value="1"
						defaultChecked={query.available}
						onChange={onSelect}
						className="size-5 accent-[var(--color-ink,currentColor)]"
					/>
					{t("filters.available")}
				</label>
				<PriceField label={t("filters.priceFrom")} name="min" field={minField} value={query.min} />
				<PriceField label={t("filters.priceTo")} name="max" field={maxField} value={query.max} />
				<nav aria-label={t("filters.presets")} className="flex flex-wrap gap-2">
					{PRICE_PRESETS.map((preset) => {
						const current = query.min === preset.min && query.max === preset.max;
						return (
							<Link
								key={preset.id}
								to={shopHref({ ...query, min: preset.min, max: preset.max })}
								preventScrollReset
								aria-current={current ? "true" : undefined}
								className={cx(
									"inline-flex min-h-10 items-center rounded-full border px-4 text-sm whitespace-nowrap",
									current ? "border-ink bg-ink text-paper" : "border-line hover:border-ink",
								)}
							>
								<PriceRangeLabel min={preset.min} max={preset.max} />
							</Link>
						);
					})}
				</nav>
			</fieldset>
			{panel ? (
				<div className="sticky bottom-0 -mx-5 flex items-center gap-5 border-t border-line bg-paper px-5 py-4">
					<button type="submit" className="button-primary h-12 flex-1">
						{liveTotal.hydrated
							? t("filters.show", {
									count: liveTotal.value,
									number: formatCount(liveTotal.value, i18n.language),
								})
							: t("filters.showUncounted")}
					</button>
					<ResetLink />
				</div>
			) : null}
		</Form>
	);
}

/**
 * How many pieces the phone panel's fields would show. Without JavaScript nothing can count what is typed
 * before it is sent, so the button makes no promise ("Show results"); with it, the list's own count, then,
 * as a price or words are typed, the count of what they would find (the shop's loader, a moment after the
 * typing stops).
 */
function useLiveTotal(total: number) {
	const hydrated = useHydrated();
	const counter = useFetcher<{ paging?: { total?: number } }>();
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
	const [live, setLive] = useState<{ total: number; for: number } | null>(null);
	useEffect(() => () => clearTimeout(timer.current), []);
	const fetched = counter.state === "idle" ? counter.data?.paging?.total : undefined;
	useEffect(() => {
		if (typeof fetched === "number") setLive({ total: fetched, for: total });
	}, [fetched, total]);
	return {
		hydrated,
		// A count fetched for another list (a filter was applied since) is the old list's: use the list's own.
		value: live && live.for === total ? live.total : total,
		recount(href: string) {
			clearTimeout(timer.current);
			timer.current = setTimeout(() => counter.load(href), 300);
		},
	};
}

function FilterButtons() {
	const { t } = useTranslation("shop");
	return (
		<div className="flex items-center gap-5 sm:col-span-2 lg:col-span-4 xl:col-span-1">
			<button type="submit" className="button-primary h-12">
				{t("filters.apply")}
			</button>
			<ResetLink />
		</div>
	);
}

function ResetLink() {
	const { t } = useTranslation("shop");
	return (
		<Link
			to="/shop"
			preventScrollReset
			className="link-underline text-sm font-semibold text-muted hover:text-ink"
		>
			{t("filters.reset")}
		</Link>
	);
}

/**
 * The filters on a phone: a control that stays at the bottom of the screen while the results scroll,
 * "Filters (n)", and opens the filters over the results (a native <details>: it opens without
 * JavaScript). "Show N results" applies them and, with JavaScript, closes the panel; without, the new
 * page opens with it closed. The panel's close link is the page itself, so it closes without JavaScript too.
 */
export function ShopFiltersDisclosure(props: ShopFiltersProps) {
	const { t } = useTranslation("shop");
	const { query } = props;
	const panel = useRef<HTMLDetailsElement>(null);
	const active = activeFilterCount(query);
	const close = () => {
		if (panel.current) panel.current.open = false;
	};
	return (
		<details
			ref={panel}
			id={FILTERS_DISCLOSURE_ID}
			className="group pointer-events-none sticky bottom-4 z-30 mb-4 md:hidden"
		>
			<summary className="pointer-events-auto mx-auto flex min-h-12 w-fit cursor-pointer list-none items-center gap-3 rounded-full bg-ink px-6 font-semibold text-paper shadow-lg [&::-webkit-details-marker]:hidden">
				{active > 0 ? t("filters.openCount", { count: active }) : t("filters.open")}
				<ChevronDownIcon width={16} height={16} className="rotate-180" aria-hidden="true" />
			</summary>
			<div
				role="dialog"
				aria-modal="false"
				aria-labelledby={`${FILTERS_DISCLOSURE_ID}-title`}
				className="pointer-events-auto fixed inset-x-0 top-20 bottom-0 z-40 overflow-y-auto bg-paper px-5 pt-5"
			>
				<div className="flex items-center justify-between gap-4 border-b border-line pb-4">
					<h2 id={`${FILTERS_DISCLOSURE_ID}-title`} className="font-display text-2xl font-medium">
						{active > 0 ? t("filters.openCount", { count: active }) : t("filters.open")}
					</h2>
					<Link
						to={shopHref(query)}
						preventScrollReset
						aria-label={t("filters.close")}
						onClick={(event) => {
							event.preventDefault();
							close();
						}}
						className="icon-button size-12 border border-line"
					>
						<CloseIcon width={18} height={18} />
					</Link>
				</div>
				<ShopFilters {...props} panel onSubmitted={close} />
			</div>
		</details>
	);
}

/** A filter's small uppercase label above its control (the shop's own look, not the form kit's). */
function FilterField({
	label,
	className,
	children,
}: {
	label: string;
	className?: string;
	children: (id: string) => ReactNode;
}) {
	const id = useId();
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-2 block text-xs font-semibold tracking-[0.14em] text-muted uppercase">
				{label}
			</label>
			{children(id)}
		</div>
	);
}

/** A price bound: digits (spaces allowed, "50 000"), the numeric keyboard on a phone. */
function PriceField({
	label,
	name,
	field,
	value,
}: {
	label: string;
	name: string;
	field: RefObject<HTMLInputElement>;
	value: number | null;
}) {
	const { t } = useTranslation("shop");
	return (
		<FilterField label={label} className="w-32">
			{(id) => (
				<input
					id={id}
					ref={field}
					name={name}
					type="text"
					inputMode="numeric"
					autoComplete="off"
					maxLength={15}
					defaultValue={value === null ? "" : String(value)}
					placeholder={t(name === "min" ? "filters.priceFromPlaceholder" : "filters.priceToPlaceholder")}
					className="h-12 w-full rounded-full border border-line bg-card px-5 text-sm tabular-nums placeholder:text-muted focus:border-ink"
				/>
			)}
		</FilterField>
	);
}

function FilterSelect({
	label,
	name,
	field,
	defaultValue,
	onChange,
	children,
}: {
	label: string;
	name: string;
	field: RefObject<HTMLSelectElement>;
	defaultValue: string;
	onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
	children: ReactNode;
}) {
	return (
		<FilterField label={label}>
			{(id) => (
				<div className="relative">
					<select
						id={id}
						ref={field}
						name={name}
						defaultValue={defaultValue}
						onChange={onChange}
						className="h-12 w-full cursor-pointer appearance-none truncate rounded-full border border-line bg-card pr-11 pl-5 text-sm focus:border-ink"
					>
						{children}
					</select>
					<ChevronDownIcon
						width={16}
						height={16}
						className="pointer-events-none absolute top-1/2 right-5 -translate-y-1/2 text-muted"
					/>
				</div>
			)}
		</FilterField>
	);
}
