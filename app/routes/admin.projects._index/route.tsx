import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { listProjectsForAdmin } from "~/models/projects.server";
import { toStoredImage } from "~/models/stored-image.server";
import { requireAdmin } from "~/services/auth.server";
import { deleteProjectFromList, refreshProjectRow } from "./actions.server";
import { LIST, ProjectRow } from "./project-row";

export const meta: MetaFunction<typeof loader> = adminMeta;

/** The list; ?delete=<id> is the confirm step (works without JavaScript, a dialog with it). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const [t, rows] = await Promise.all([
		i18nServer.getFixedT(await getLanguage(request), "admin"),
		listProjectsForAdmin(),
	]);
	const projects = rows.map((row) => ({
		id: row.id,
		name: row.name,
		designer: row.designer,
		category: row.category,
		price: row.price,
		image: toStoredImage(row),
	}));
	const deleteId = new URL(request.url).searchParams.get("delete");
	const confirming = projects.find((project) => project.id === deleteId);
	return data(
		{
			title: t("projects.metaTitle"),
			projects,
			confirm: confirming ? { id: confirming.id, name: confirming.name } : null,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request);
	const form = await readFormData(request);
	const intent = form.get("intent");
	const id = String(form.get("id") ?? "");
	if (intent === "delete") return deleteProjectFromList(id);
	// Without JavaScript the row's form carries redirectTo and the answer is a page with a toast.
	if (intent === "refresh") return refreshProjectRow(id, form.has("redirectTo"));
	return data({ toast: null }, { status: 400 });
}

export type ProjectListRow = ReturnType<typeof useLoaderData<typeof loader>>["projects"][number];

export default function AdminProjects() {
	const { t } = useTranslation("admin");
	const { projects, confirm } = useLoaderData<typeof loader>();
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

			{confirm ? (
				<DeleteConfirmation
					name="delete-project"
					id={confirm.id}
					action={LIST}
					title={t("projects.confirm.title")}
					text={t("projects.confirm.text", { name: confirm.name, id: confirm.id })}
					confirmLabel={t("projects.confirm.yes")}
					pendingLabel={t("projects.actions.deleting")}
					cancelLabel={t("projects.confirm.cancel")}
				/>
			) : null}

			<p aria-live="polite" className="mt-4 min-h-5 text-sm text-muted">
				{loading ? t("projects.loading") : null}
			</p>

			{projects.length === 0 ? (
				<p className="mt-6 text-muted">{t("projects.empty")}</p>
			) : (
				<AdminTable
					caption={t("projects.count", { count: projects.length })}
					minWidth="min-w-[52rem]"
					className="mt-4"
					busy={loading}
					columns={[
						...(["id", "image", "name", "designer", "category", "price"] as const).map((column) =>
							t(`projects.columns.${column}`),
						),
						t("projects.columns.actions"),
					]}
				>
					{projects.map((project) => (
						<ProjectRow key={project.id} project={project} deleting={deletingId === project.id} />
					))}
				</AdminTable>
			)}
		</div>
	);
}
