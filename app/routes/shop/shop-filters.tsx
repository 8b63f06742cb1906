import { Form, Link, useSubmit } from "@remix-run/react";
import {
	type ChangeEvent,
	type FormEvent,
	type ReactNode,
	type RefObject,
	useEffect,
	useId,
	useRef,
} from "react";
import { ChevronDownIcon } from "~/components/icons";
import { SearchField } from "~/components/search/search-field";
import { PROJECT_CATEGORIES } from "~/lib/categories";
import { useTranslation } from "~/lib/translations";
import {
	defaultSortFor,
	FILTERS_DISCLOSURE_ID,
	MAX_QUERY_LENGTH,
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

/**
 * A plain GET form, so filtering works without JavaScript (Apply submits it). With JavaScript, a select
 * submits as soon as it changes, the scroll position stays put and empty fields stay out of the URL.
 */
export function ShopFilters({
	query,
	designers,
	sorts,
}: {
	query: ShopQuery;
	designers: Array<{ id: string; name: string }>;
	sorts: ShopOrder[];
}) {
	const { t } = useTranslation("shop");
	const submit = useSubmit();
	const textField = useUrlValue<HTMLInputElement>(query.q);
	const categoryField = useUrlValue<HTMLSelectElement>(query.category);
	const designerField = useUrlValue<HTMLSelectElement>(query.designer);
	const sortField = useUrlValue<HTMLSelectElement>(query.sort);

	function submitForm(form: HTMLFormElement) {
		const values = new FormData(form);
		const q = String(values.get("q") ?? "").trim();
		const chosen = sorts.find((value) => value === values.get("sort"));
		const next: ShopQuery = {
			q,
			category: String(values.get("category") ?? ""),
			designer: String(values.get("designer") ?? ""),
			// A new search starts with its best matches; the order chosen stays while the words do.
			sort: q !== query.q || !chosen ? defaultSortFor(q) : chosen,
		};
		submit(new URL(shopHref(next), window.location.origin).searchParams, {
			method: "get",
			action: "/shop",
			preventScrollReset: true,
		});
	}

	function onSelect(event: ChangeEvent<HTMLSelectElement>) {
		if (event.currentTarget.form) submitForm(event.currentTarget.form);
	}

	return (
		<Form
			method="get"
			action="/shop"
			role="search"
			aria-label={t("filters.label")}
			preventScrollReset
			onSubmit={(event: FormEvent<HTMLFormElement>) => {
				event.preventDefault();
				submitForm(event.currentTarget);
			}}
			className="grid gap-4 border-b border-line py-8 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] lg:items-end xl:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))_auto]"
		>
			<FilterField label={t("filters.search")} className="sm:col-span-2 lg:col-span-1">
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
				{PROJECT_CATEGORIES.map((value) => (
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
			<div className="flex items-center gap-5 sm:col-span-2 lg:col-span-4 xl:col-span-1">
				<button type="submit" className="button-primary h-12">
					{t("filters.apply")}
				</button>
				<Link
					to="/shop"
					preventScrollReset
					className="link-underline text-sm font-semibold text-muted hover:text-ink"
				>
					{t("filters.reset")}
				</Link>
			</div>
		</Form>
	);
}

/**
 * The filters on a phone: a native <details> after the results, closed until the visitor asks for it (opens
 * and closes without JavaScript). Its summary says how many filters are on, so a narrowed list never
 * looks like the whole catalogue.
 */
export function ShopFiltersDisclosure(props: Parameters<typeof ShopFilters>[0]) {
	const { t } = useTranslation("shop");
	const { query } = props;
	const active = [query.q, query.category, query.designer].filter(Boolean).length;
	return (
		<details id={FILTERS_DISCLOSURE_ID} className="group scroll-mt-24 border-t border-b border-line">
			<summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold [&::-webkit-details-marker]:hidden">
				<span className="flex items-baseline gap-3">
					{t("filters.toggle")}
					{active > 0 ? (
						<span className="text-sm font-medium text-muted">{t("filters.active", { count: active })}</span>
					) : null}
				</span>
				<ChevronDownIcon
					width={18}
					height={18}
					className="transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
				/>
			</summary>
			<ShopFilters {...props} />
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
