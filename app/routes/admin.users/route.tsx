import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { ListPager, ListSearch, ListSummary } from "~/components/admin/list-controls";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import { parseListQuery, withParams } from "~/lib/admin-list";
import { parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { readFormData } from "~/lib/form.server";
import { issueFormToken } from "~/lib/form-token.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { getUserById, listUsers, USER_SORTS } from "~/models/users.server";
import { requireAdmin } from "~/services/auth.server";
import { changeAccess, createFromForm, USER_ADD_TOKEN_SCOPE } from "./actions.server";
import { AddUserForm } from "./add-user-form";
import { UserRow } from "./user-row";
import { USERS_PATH } from "./user-schemas";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request);
	const params = new URL(request.url).searchParams;
	// ?q=&sort=&dir=&page= (app/lib/admin-list.ts): search, sort and pages are links, no JavaScript needed.
	// Newest first: the accounts an admin looks for are usually the ones that just signed up.
	const query = parseListQuery(params, USER_SORTS, { sort: "id", dir: "desc" });
	const promoteId = Number(params.get("promote"));
	const [list, t, promoting] = await Promise.all([
		listUsers({ query: query.q, sort: query.sort, direction: query.dir, page: query.page }),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
		Number.isSafeInteger(promoteId) && promoteId > 0 ? getUserById(promoteId) : undefined,
	]);
	return data(
		{
			title: t("users.metaTitle"),
			adding: params.has("add"),
			// The add form's one-time token (docs/decisions/0022).
			formToken: params.has("add") ? issueFormToken(USER_ADD_TOKEN_SCOPE) : null,
			currentUserId: admin.id,
			// ?promote=<id>&version=<v>: the confirm step of "Make administrator" (a dialog with JavaScript).
			promote:
				promoting && promoting.role === "user" && promoting.id !== admin.id
					? {
							id: promoting.id,
							username: promoting.username,
							email: promoting.email,
							version: parseVersion(params.get(VERSION_FIELD)) ?? promoting.version,
						}
					: null,
			users: list.rows,
			query: { q: query.q, sort: query.sort, dir: query.dir },
			total: list.total,
			page: list.page,
			pageCount: list.pageCount,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** intent=create is the add-user form; status and role are a row's small forms. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "create") return createFromForm(formData, admin);
	return changeAccess(formData, admin);
}

export default function AdminUsers() {
	const { t } = useTranslation("admin");
	const { adding, users, currentUserId, query, total, page, pageCount, formToken, promote } =
		useLoaderData<typeof loader>();
	const location = useLocation();
	// The list as it was (search, sort, page), without the confirm step: where Cancel and the answer go.
	const listPath = withParams(location, { promote: null, version: null });
	const actionData = useActionData<typeof action>();
	const changeError = actionData?.intent === "change" && !actionData.ok ? actionData.error : null;
	// Without JavaScript a row's form answers with the page: a conflict is told here, with what changed.
	const conflict =
		actionData?.intent === "change" && "conflict" in actionData && actionData.conflict
			? { username: actionData.username, conflict: actionData.conflict }
			: null;
	return (
		<div>
			<AdminPageHeader title={t("users.title")}>
				{adding ? null : (
					<Link to="?add" className="button-primary">
						{t("users.add")}
					</Link>
				)}
			</AdminPageHeader>
			{conflict ? (
				<div className="mt-6">
					<EditConflictNotice
						entity="user"
						conflict={conflict.conflict}
						message={t("conflicts.user", { username: conflict.username ?? "" })}
					/>
				</div>
			) : changeError ? (
				<div className="mt-6">
					<FormAlert title={t("users.errorTitle")} messages={[t(changeError)]} />
				</div>
			) : null}
			{adding ? <AddUserForm formToken={formToken} /> : null}
			{promote ? (
				<DeleteConfirmation
					name="promote-user"
					id={promote.id}
					action={USERS_PATH}
					cancelTo={listPath}
					intent="role"
					fields={{ role: "admin", redirect: listPath }}
					version={promote.version}
					title={t("users.promote.title", { username: promote.username })}
					text={t("users.promote.text", { username: promote.username, email: promote.email })}
					confirmLabel={t("users.promote.confirm", { username: promote.username })}
					pendingLabel={t("users.saving")}
					cancelLabel={t("users.cancel")}
				/>
			) : null}
			<div className="mt-6">
				<ListSearch
					id="user-search"
					label={t("users.search")}
					placeholder={t("users.searchPlaceholder")}
					query={query}
				/>
			</div>
			{users.length === 0 ? (
				<p className="mt-6 text-muted">{t("list.noMatches")}</p>
			) : (
				<>
					<ListSummary count={t("users.count", { count: total })} page={page} pageCount={pageCount} />
					<AdminTable
						caption={t("users.caption")}
						minWidth="md:min-w-[52rem]"
						className="mt-4"
						cards
						sorted={query}
						columns={[
							{ label: t("users.id"), sort: "id" },
							{ label: t("users.username"), sort: "username" },
							{ label: t("users.email"), sort: "email" },
							{ label: t("users.role"), sort: "role" },
							{ label: t("users.status"), sort: "status" },
							t("users.actions"),
						]}
					>
						{users.map((user) => (
							<UserRow key={user.id} user={user} self={user.id === currentUserId} />
						))}
					</AdminTable>
					<ListPager page={page} pageCount={pageCount} />
				</>
			)}
		</div>
	);
}
