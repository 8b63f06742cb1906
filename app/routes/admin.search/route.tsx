import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteConflict } from "~/components/admin/edit-conflict-notice";
import { ListPager, ListSummary } from "~/components/admin/list-controls";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import { parseListQuery } from "~/lib/admin-list";
import { parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { readFormData } from "~/lib/form.server";
import { issueFormToken } from "~/lib/form-token.server";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { joinSynonymPhrases, parseSynonymPhrases, SEARCH_ADMIN_PATH } from "~/lib/search-synonyms";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { listSearchMisses, SEARCH_MISS_SORTS } from "~/models/search.server";
import { listSynonyms, synonymLabel } from "~/models/search-synonyms.server";
import { requireAdmin } from "~/services/auth.server";
import { dismissMiss, removeSynonym, SYNONYM_ADD_TOKEN_SCOPE, saveSynonym } from "./actions.server";
import { SynonymForm } from "./synonym-form";

export const meta: MetaFunction<typeof loader> = adminMeta;

/**
 * The catalogue search's admin (issue #34): the synonym groups staff keep, and the searches visitors made
 * that found nothing, so that staff can add a synonym or a piece. `?new` (with `&phrases=` from a missed
 * search), `?edit=<id>` and `?delete=<id>` open the form or the confirm step, without JavaScript; the
 * misses sort and page by `?sort=&dir=&page=`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const params = new URL(request.url).searchParams;
	const list = parseListQuery(params, SEARCH_MISS_SORTS, { sort: "count", dir: "desc" });
	const [synonyms, misses, t] = await Promise.all([
		listSynonyms(),
		listSearchMisses({ sort: list.sort, direction: list.dir, page: list.page }),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	const rows = synonyms.map((synonym) => ({
		id: synonym.id,
		phrases: synonym.phrases,
		list: parseSynonymPhrases(synonym.phrases),
		label: synonymLabel(synonym.phrases),
		version: synonym.version,
	}));
	const editId = Number(params.get("edit") ?? Number.NaN);
	const deleteId = Number(params.get("delete") ?? Number.NaN);
	const editing = rows.find((row) => row.id === editId) ?? null;
	const found = rows.find((row) => row.id === deleteId);
	// The delete link carries the version the list showed; the confirm step deletes only that one.
	const deleting = found
		? { ...found, version: parseVersion(params.get(VERSION_FIELD)) ?? found.version }
		: null;
	return data(
		{
			title: t("search.metaTitle"),
			synonyms: rows,
			creating: params.has("new"),
			prefill: joinSynonymPhrases(parseSynonymPhrases(params.get("phrases") ?? "")),
			formToken: params.has("new") ? issueFormToken(SYNONYM_ADD_TOKEN_SCOPE) : null,
			editing,
			deleting,
			missing: (params.has("edit") && !editing) || (params.has("delete") && !deleting),
			misses: misses.rows.map((row) => ({ query: row.query, count: row.count, lastAt: row.last_at })),
			missTotal: misses.total,
			page: misses.page,
			pageCount: misses.pageCount,
			sorted: { sort: list.sort, dir: list.dir },
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** intent=create/update is the synonym form; intent=delete its confirmed delete; intent=dismiss a miss. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	switch (formData.get("intent")) {
		case "delete":
			return removeSynonym(formData, admin);
		case "dismiss":
			return dismissMiss(formData);
		default:
			return saveSynonym(formData, admin);
	}
}

export type SynonymRow = ReturnType<typeof useLoaderData<typeof loader>>["synonyms"][number];

const smallButton =
	"inline-flex h-9 items-center rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink";

export default function AdminSearch() {
	const { t } = useTranslation("admin");
	const { synonyms, creating, editing, deleting, missing, formToken, prefill } =
		useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const actionError = actionData && "error" in actionData ? actionData.error : null;
	const deleteConflict = actionData && "deleteConflict" in actionData ? actionData.deleteConflict : null;
	const formOpen = creating || editing !== null;
	return (
		<div>
			<AdminPageHeader title={t("search.title")}>
				{formOpen ? null : (
					<Link to="?new" className="button-primary">
						{t("search.synonyms.add")}
					</Link>
				)}
			</AdminPageHeader>
			<p className="mt-3 max-w-2xl text-muted">{t("search.intro")}</p>
			{missing || actionError ? (
				<div className="mt-6">
					<FormAlert
						title={t("search.errorTitle")}
						messages={[actionError ? t(actionError) : t("search.errors.notFound")]}
					/>
				</div>
			) : null}
			{deleteConflict ? (
				<DeleteConfirmation
					name="delete-synonym"
					id={deleteConflict.id}
					action={SEARCH_ADMIN_PATH}
					title={t("search.confirmTitle", { label: deleteConflict.label })}
					text={t("conflicts.deleteChanged", { name: deleteConflict.label })}
					confirmLabel={t("conflicts.deleteAnyway")}
					pendingLabel={t("search.deleting")}
					cancelLabel={t("search.form.cancel")}
					version={deleteConflict.conflict.version}
				>
					<DeleteConflict entity="synonym" conflict={deleteConflict.conflict} />
				</DeleteConfirmation>
			) : deleting ? (
				<DeleteConfirmation
					name="delete-synonym"
					id={deleting.id}
					version={deleting.version}
					action={SEARCH_ADMIN_PATH}
					title={t("search.confirmTitle", { label: deleting.label })}
					text={t("search.confirmText")}
					confirmLabel={t("search.confirmDelete")}
					pendingLabel={t("search.deleting")}
					cancelLabel={t("search.form.cancel")}
				/>
			) : null}
			{formOpen ? (
				<SynonymForm key={editing?.id ?? "new"} synonym={editing} prefill={prefill} formToken={formToken} />
			) : null}

			<section aria-labelledby="synonyms-title" className="mt-12">
				<h2 id="synonyms-title" className="font-display text-2xl font-semibold">
					{t("search.synonyms.title")}
				</h2>
				{synonyms.length === 0 ? (
					<p className="mt-4 text-muted">{t("search.synonyms.empty")}</p>
				) : (
					<AdminTable
						caption={t("search.synonyms.caption", { count: synonyms.length })}
						minWidth="md:min-w-[40rem]"
						className="mt-4"
						cards
						columns={[t("search.synonyms.columns.phrases"), t("search.synonyms.columns.actions")]}
					>
						{synonyms.map((synonym) => (
							<tr key={synonym.id} className="border-b border-line align-middle" data-testid="synonym-row">
								<td className="py-3 pr-4" data-label={t("search.synonyms.columns.phrases")}>
									<ul className="flex flex-wrap gap-1.5">
										{synonym.list.map((phrase) => (
											<li key={phrase} className="rounded-full bg-ink/5 px-3 py-1">
												{phrase}
											</li>
										))}
									</ul>
								</td>
								<td className="py-3" data-label={t("search.synonyms.columns.actions")}>
									<div className="flex flex-wrap items-center gap-2">
										<Link
											to={`?edit=${synonym.id}`}
											className={smallButton}
											aria-label={t("search.synonyms.editNamed", { label: synonym.label })}
										>
											{t("search.synonyms.edit")}
										</Link>
										<Link
											to={`?${new URLSearchParams({ delete: String(synonym.id), version: String(synonym.version) })}`}
											preventScrollReset
											className={smallButton}
											aria-label={t("search.synonyms.deleteNamed", { label: synonym.label })}
										>
											{t("search.synonyms.delete")}
										</Link>
									</div>
								</td>
							</tr>
						))}
					</AdminTable>
				)}
			</section>

			<SearchMisses />
		</div>
	);
}

/** The searches that found nothing, most asked first, each with a way to add synonyms for it. */
function SearchMisses() {
	const { t, i18n } = useTranslation("admin");
	const { misses, missTotal, page, pageCount, sorted } = useLoaderData<typeof loader>();
	return (
		<section aria-labelledby="misses-title" className="mt-14">
			<h2 id="misses-title" className="font-display text-2xl font-semibold">
				{t("search.misses.title")}
			</h2>
			<p className="mt-3 max-w-2xl text-sm text-muted">{t("search.misses.intro")}</p>
			{misses.length === 0 ? (
				<p className="mt-4 text-muted">{t("search.misses.empty")}</p>
			) : (
				<>
					<ListSummary
						count={t("search.misses.caption", { count: missTotal })}
						page={page}
						pageCount={pageCount}
					/>
					<AdminTable
						caption={t("search.misses.caption", { count: missTotal })}
						minWidth="md:min-w-[44rem]"
						className="mt-4"
						cards
						sorted={sorted}
						columns={[
							t("search.misses.columns.query"),
							{ label: t("search.misses.columns.count"), sort: "count", first: "desc" },
							{ label: t("search.misses.columns.last"), sort: "last", first: "desc" },
							t("search.misses.columns.actions"),
						]}
					>
						{misses.map((miss) => (
							<tr key={miss.query} className="border-b border-line align-middle" data-testid="miss-row">
								<th
									scope="row"
									className="py-3 pr-4 font-semibold"
									data-label={t("search.misses.columns.query")}
								>
									<Link to={`/shop?${new URLSearchParams({ q: miss.query })}`} className="hover:underline">
										{miss.query}
									</Link>
								</th>
								<td className="py-3 pr-4" data-label={t("search.misses.columns.count")}>
									{t("search.misses.count", { count: miss.count })}
								</td>
								<td className="py-3 pr-4 text-muted" data-label={t("search.misses.columns.last")}>
									<time dateTime={miss.lastAt}>
										{formatDate(miss.lastAt, i18n.language as Language, "dateTime")}
									</time>
								</td>
								<td className="py-3" data-label={t("search.misses.columns.actions")}>
									<div className="flex flex-wrap items-center gap-2">
										<Link
											to={`?${new URLSearchParams({ new: "", phrases: miss.query })}`}
											className={smallButton}
											aria-label={t("search.misses.addSynonymsFor", { query: miss.query })}
										>
											{t("search.misses.addSynonyms")}
										</Link>
										<Form method="post" action={SEARCH_ADMIN_PATH} preventScrollReset>
											<input type="hidden" name="intent" value="dismiss" />
											<input type="hidden" name="query" value={miss.query} />
											<button
												type="submit"
												className={smallButton}
												aria-label={t("search.misses.dismissFor", { query: miss.query })}
											>
												{t("search.misses.dismiss")}
											</button>
										</Form>
									</div>
								</td>
							</tr>
						))}
					</AdminTable>
					<ListPager page={page} pageCount={pageCount} />
				</>
			)}
		</section>
	);
}
