import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ListPager, ListSearch, ListSummary } from "~/components/admin/list-controls";
import { withParams } from "~/lib/admin-list";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { REQUEST_STATUSES } from "~/lib/request-status";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { isReplyOverdue } from "~/lib/working-time";
import { listRequests } from "~/models/purchase-requests.server";
import { requireAdmin } from "~/services/auth.server";
import { RequestRow } from "./request-row";
import { parseRequestsQuery } from "./requests-query.server";

export const handle = { i18n: ["admin", "account", "sale"] } satisfies I18nHandle;

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const query = parseRequestsQuery(new URL(request.url).searchParams);
	const [list, t] = await Promise.all([
		listRequests({
			status: query.status,
			query: query.q,
			sort: query.sort,
			direction: query.dir,
			page: query.page,
		}),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{
			title: t("requests.metaTitle"),
			query: { q: query.q, sort: query.sort, dir: query.dir, status: query.status ?? null },
			// An open request no one has answered within a working day is marked (issue #37).
			requests: list.rows.map((row) => ({
				...row,
				overdue:
					row.first_reply_at === null &&
					(row.status === "new" || row.status === "in_progress") &&
					isReplyOverdue(row.created_at),
			})),
			total: list.total,
			page: list.page,
			pageCount: list.pageCount,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export type RequestListRow = ReturnType<typeof useLoaderData<typeof loader>>["requests"][number];

export default function AdminRequests() {
	const { t } = useTranslation("admin");
	const { query, requests, total, page, pageCount } = useLoaderData<typeof loader>();
	const location = useLocation();
	const filtered = Boolean(query.status || query.q);
	return (
		<div>
			<AdminPageHeader title={t("requests.title")}>
				<Link
					reloadDocument
					to={withParams(
						{ pathname: "/admin/requests/export.xlsx", search: location.search },
						{ page: null },
					)}
					aria-describedby="requests-export-hint"
					className="inline-flex h-10 items-center rounded-lg border border-line px-4 text-sm font-semibold hover:border-ink"
				>
					{filtered ? t("requests.exportXlsxFiltered") : t("requests.exportXlsx")}
				</Link>
				<Link
					reloadDocument
					to={withParams({ pathname: "/admin/requests/export.csv", search: location.search }, { page: null })}
					aria-describedby="requests-export-hint"
					className="inline-flex h-10 items-center rounded-lg border border-line px-4 text-sm font-semibold hover:border-ink"
				>
					{filtered ? t("requests.exportFiltered") : t("requests.export")}
				</Link>
			</AdminPageHeader>
			<p id="requests-export-hint" className="mt-2 max-w-2xl text-xs text-muted">
				{t("requests.exportHint")}
			</p>
			<div className="mt-6">
				<ListSearch
					id="request-search"
					label={t("requests.search")}
					placeholder={t("requests.searchPlaceholder")}
					query={query}
				>
					<div className="flex flex-col gap-1">
						<label htmlFor="status-filter" className="text-sm font-semibold">
							{t("requests.filter")}
						</label>
						<select
							id="status-filter"
							name="status"
							defaultValue={query.status ?? ""}
							className="h-10 rounded-lg border border-line bg-card px-3"
						>
							<option value="">{t("requests.all")}</option>
							{REQUEST_STATUSES.map((option) => (
								<option key={option} value={option}>
									{t(`status.${option}`, { ns: "account" })}
								</option>
							))}
						</select>
					</div>
				</ListSearch>
			</div>
			{requests.length === 0 ? (
				<p className="mt-10 text-muted">{filtered ? t("requests.emptyFiltered") : t("requests.empty")}</p>
			) : (
				<>
					<ListSummary count={t("requests.count", { count: total })} page={page} pageCount={pageCount} />
					<AdminTable
						caption={t("requests.title")}
						minWidth="md:min-w-[52rem]"
						className="mt-4"
						cards
						sorted={query}
						columns={[
							"#",
							t("requests.project"),
							{ label: t("requests.price"), sort: "price" },
							t("requests.contact"),
							{ label: t("requests.date"), sort: "date", first: "desc" },
							{ label: t("requests.status"), sort: "status" },
							t("desk.list.firstReply", { ns: "sale" }),
						]}
					>
						{requests.map((item) => (
							<RequestRow key={item.id} request={item} />
						))}
					</AdminTable>
					<ListPager page={page} pageCount={pageCount} />
				</>
			)}
		</div>
	);
}
