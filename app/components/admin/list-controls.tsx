import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pagination } from "~/components/ui/pagination";
import { MAX_SEARCH_LENGTH, withParams } from "~/lib/admin-list";
import { useTranslation } from "~/lib/translations";

/**
 * An admin table's search: a GET form, so it works without JavaScript. It keeps the sort (and any filter
 * passed as `children`, e.g. a status select) and starts again at page 1.
 */
export function ListSearch({
	id,
	label,
	placeholder,
	query,
	children,
}: {
	id: string;
	label: string;
	placeholder?: string;
	query: { q: string; sort: string; dir: string };
	children?: ReactNode;
}) {
	const { t } = useTranslation("admin");
	const location = useLocation();
	return (
		<Form
			method="get"
			action={location.pathname}
			role="search"
			aria-label={label}
			className="flex flex-wrap items-end gap-2"
		>
			<input type="hidden" name="sort" value={query.sort} />
			<input type="hidden" name="dir" value={query.dir} />
			<div className="flex min-w-0 flex-col gap-1">
				<label htmlFor={id} className="text-sm font-semibold">
					{label}
				</label>
				<input
					id={id}
					type="search"
					name="q"
					defaultValue={query.q}
					placeholder={placeholder}
					maxLength={MAX_SEARCH_LENGTH}
					className="h-10 w-64 max-w-full rounded-lg border border-line bg-card px-3"
				/>
			</div>
			{children}
			<button
				type="submit"
				className="h-10 rounded-lg border border-line px-4 text-sm font-semibold hover:border-ink"
			>
				{t("list.search")}
			</button>
		</Form>
	);
}

/** "12 users · Page 2 of 3", and the pager below a table; the pager keeps search, sort and filters. */
export function ListSummary({ count, page, pageCount }: { count: string; page: number; pageCount: number }) {
	const { t } = useTranslation();
	return (
		<p aria-live="polite" className="mt-6 flex flex-wrap items-baseline gap-x-3 text-sm">
			<span className="font-semibold">{count}</span>
			{pageCount > 1 ? (
				<span className="text-muted">{t("pagination.pageOf", { page, pageCount })}</span>
			) : null}
		</p>
	);
}

export function ListPager({ page, pageCount }: { page: number; pageCount: number }) {
	const location = useLocation();
	return (
		<Pagination
			className="mt-8"
			page={page}
			pageCount={pageCount}
			hrefFor={(number) => withParams(location, { page: number > 1 ? String(number) : null, delete: null })}
		/>
	);
}
