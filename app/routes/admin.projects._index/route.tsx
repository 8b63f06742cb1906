import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteConflict } from "~/components/admin/edit-conflict-notice";
import { ListPager, ListSearch, ListSummary } from "~/components/admin/list-controls";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import { parseListQuery } from "~/lib/admin-list";
import { parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { ADMIN_PROJECT_SORTS, getProjectById, listProjectsForAdmin } from "~/models/projects.server";
import { requireAdmin } from "~/services/auth.server";
import { deleteProjectFromList, readRefreshedRow, refreshProjectRow, toListRow } from "./actions.server";
import { LIST, ProjectRow } from "./project-row";

export const meta: MetaFunction<typeof loader> = adminMeta;

/**
 * One page of the list, searched and sorted by the URL (?q=&sort=&dir=&page=, see app/lib/admin-list.ts);
 * ?delete=<id> is the confirm step (works without JavaScript, a dialog with it).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const params = new URL(request.url).searchParams;
	const query = parseListQuery(params, ADMIN_PROJECT_SORTS, { sort: "created", dir: "desc" });
	const deleteId = params.get("delete");
	// ?refreshed=<id>&since=<version>: a row's Refresh without JavaScript, which notes what changed under it.
	const refreshedId = params.get("refreshed");
	const [t, list, confirming, refreshed] = await Promise.all([
		i18nServer.getFixedT(await getLanguage(request), "admin"),
		listProjectsForAdmin({ query: query.q, sort: query.sort, direction: query.dir, page: query.page }),
		deleteId ? getProjectById(deleteId, { includeDrafts: true }) : undefined,
		refreshedId ? readRefreshedRow(refreshedId, parseVersion(params.get("since"))) : null,
	]);
	const projects = list.rows.map(toListRow);
	return data(
		{
			title: t("projects.metaTitle"),
			projects,
			query: { q: query.q, sort: query.sort, dir: query.dir },
			total: list.total,
			page: list.page,
			pageCount: list.pageCount,
			refreshed: refreshed ? { id: refreshed.row.id, changes: refreshed.changes } : null,
			// The delete link carries the version the list showed; the confirm step deletes only that one.
			confirm: confirming
				? {
						id: confirming.id,
						name: confirming.name,
						version: parseVersion(params.get(VERSION_FIELD)) ?? confirming.version,
					}
				: null,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const form = await readFormData(request);
	const intent = form.get("intent");
	const id = String(form.get("id") ?? "");
	if (intent === "delete") {
		const version = parseVersion(form.get(VERSION_FIELD));
		if (version === null) {
			return data(
				{ intent: "delete" as const, error: "conflicts.versionMissing" },
				{ status: 400, headers: { "Cache-Control": "no-store" } },
			);
		}
		return deleteProjectFromList(id, version, admin);
	}
	// Without JavaScript the row's form carries redirectTo and the answer is a page with a toast.
	if (intent === "refresh") {
		const redirectTo = form.get("redirectTo");
		return refreshProjectRow(
			id,
			parseVersion(form.get(VERSION_FIELD)),
			typeof redirectTo === "string" ? redirectTo : null,
		);
	}
	return data({ toast: null }, { status: 400 });
}

export type ProjectListRow = ReturnType<typeof useLoaderData<typeof loader>>["projects"][number];

export default function AdminProjects() {
	const { t } = useTranslation("admin");
	const { projects, confirm, query, total, page, pageCount, refreshed } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const deleteConflict = actionData && "deleteConflict" in actionData ? actionData.deleteConflict : null;
	const deleteError = actionData && "error" in actionData ? actionData.error : null;
	const navigation = useNavigation();
	const loading =
		navigation.state === "loading" && navigation.location.pathname === LIST && !navigation.formData;
	const deletingId =
		navigation.formData?.get("intent") === "delete" ? String(navigation.formData.get("id")) : null;
	return (
		<div>
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="font-display text-3xl font-semibold">{t("projects.title")}</h1>
				<div className="flex flex-wrap items-center gap-2">
					<Form method="get" action={LIST}>
						<button
							type="submit"
							className="h-11 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink"
						>
							{loading ? t("projects.refreshingList") : t("projects.refreshList")}
						</button>
					</Form>
					<Link to="/admin/projects/add" className="button-primary">
						{t("projects.add")}
					</Link>
				</div>
			</div>

			{deleteError ? (
				<div className="mt-6">
					<FormAlert title={t("projects.toast.deleteFailed")} messages={[t(deleteError)]} />
				</div>
			) : null}
			{deleteConflict ? (
				<DeleteConfirmation
					name="delete-project"
					id={deleteConflict.id}
					action={LIST}
					title={t("projects.confirm.title")}
					text={t("conflicts.deleteChanged", { name: deleteConflict.name })}
					confirmLabel={t("conflicts.deleteAnyway")}
					pendingLabel={t("projects.actions.deleting")}
					cancelLabel={t("projects.confirm.cancel")}
					version={deleteConflict.conflict.version}
				>
					<DeleteConflict entity="project" conflict={deleteConflict.conflict} />
				</DeleteConfirmation>
			) : confirm ? (
				<DeleteConfirmation
					name="delete-project"
					id={confirm.id}
					action={LIST}
					title={t("projects.confirm.title")}
					text={t("projects.confirm.text", { name: confirm.name, id: confirm.id })}
					confirmLabel={t("projects.confirm.yes")}
					pendingLabel={t("projects.actions.deleting")}
					cancelLabel={t("projects.confirm.cancel")}
					version={confirm.version}
				/>
			) : null}

			<div className="mt-6">
				<ListSearch
					id="project-search"
					label={t("projects.search")}
					placeholder={t("projects.searchPlaceholder")}
					query={query}
				/>
			</div>

			<p aria-live="polite" className="mt-4 min-h-5 text-sm text-muted">
				{loading ? t("projects.loading") : null}
			</p>

			{projects.length === 0 ? (
				<p className="mt-6 text-muted">{query.q ? t("list.noMatches") : t("projects.empty")}</p>
			) : (
				<>
					<ListSummary count={t("projects.count", { count: total })} page={page} pageCount={pageCount} />
					<AdminTable
						caption={t("projects.count", { count: total })}
						minWidth="md:min-w-[52rem]"
						className="mt-4"
						busy={loading}
						cards
						sorted={query}
						columns={[
							{ label: t("projects.columns.id"), sort: "id" },
							t("projects.columns.image"),
							{ label: t("projects.columns.name"), sort: "name" },
							{ label: t("projects.columns.designer"), sort: "designer" },
							{ label: t("projects.columns.category"), sort: "category" },
							{ label: t("projects.columns.price"), sort: "price" },
							t("projects.columns.actions"),
						]}
					>
						{projects.map((project) => (
							<ProjectRow
								key={project.id}
								project={project}
								deleting={deletingId === project.id}
								refreshedChanges={refreshed?.id === project.id ? refreshed.changes : undefined}
							/>
						))}
					</AdminTable>
					<ListPager page={page} pageCount={pageCount} />
				</>
			)}
		</div>
	);
}
