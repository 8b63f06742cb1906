import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { FormAlert } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { listUsers } from "~/models/users.server";
import { requireAdmin } from "~/services/auth.server";
import { changeAccess, createFromForm } from "./actions.server";
import { AddUserForm } from "./add-user-form";
import { UserRow } from "./user-row";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request);
	const [users, t] = await Promise.all([
		listUsers(),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{
			title: t("users.metaTitle"),
			adding: new URL(request.url).searchParams.has("add"),
			currentUserId: admin.id,
			users,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** intent=create is the add-user form; status and role are a row's small forms. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "create") return createFromForm(formData);
	return changeAccess(formData, admin.id);
}

export default function AdminUsers() {
	const { t } = useTranslation("admin");
	const { adding, users, currentUserId } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const changeError = actionData?.intent === "change" && !actionData.ok ? actionData.error : null;
	return (
		<div>
			<AdminPageHeader title={t("users.title")}>
				{adding ? null : (
					<Link to="?add" className="button-primary">
						{t("users.add")}
					</Link>
				)}
			</AdminPageHeader>
			{changeError ? (
				<div className="mt-6">
					<FormAlert title={t("users.errorTitle")} messages={[t(changeError)]} />
				</div>
			) : null}
			{adding ? <AddUserForm /> : null}
			<AdminTable
				caption={t("users.caption")}
				minWidth="min-w-[52rem]"
				columns={[
					t("users.id"),
					t("users.username"),
					t("users.email"),
					t("users.role"),
					t("users.status"),
					t("users.actions"),
				]}
			>
				{users.map((user) => (
					<UserRow key={user.id} user={user} self={user.id === currentUserId} />
				))}
			</AdminTable>
		</div>
	);
}
