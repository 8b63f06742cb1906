import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { showToast } from "~/components/ui/toaster";
import type { ProjectCategory } from "~/lib/categories";
import { readFormData } from "~/lib/form.server";
import { formatPrice } from "~/lib/format";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { imageUrl, isVectorKey, type StoredImage, variantKey, variantWidths } from "~/lib/images";
import { adminMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { useHydrated } from "~/lib/use-hydrated";
import { deleteProject, getProjectById, listProjectsForAdmin } from "~/models/projects.server";
import { requireAdmin } from "~/services/auth.server";
import { deleteImageIfUnused } from "~/services/image-upload.server";

const LIST = "/admin/projects";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const t = await i18nServer.getFixedT(await getLanguage(request), "admin");
	const headers = { "Cache-Control": "no-store" };
	try {
		const rows = await listProjectsForAdmin();
		const projects = rows.map((row) => ({
			id: row.id,
			name: row.name,
			designer: row.designer,
			category: row.category,
			price: row.price,
			image: row.image ? { key: row.image, width: row.image_width, height: row.image_height } : null,
		}));
		// ?delete=<id> is the confirm step: it works without JavaScript, and with it shows as a dialog.
		const deleteId = new URL(request.url).searchParams.get("delete");
		const confirming = projects.find((project) => project.id === deleteId);
		return data(
			{
				title: t("projects.metaTitle"),
				projects,
				confirm: confirming ? { id: confirming.id, name: confirming.name } : null,
				loadError: null,
			},
			{ headers },
		);
	} catch (error) {
		console.error("Loading the admin project list failed:", error);
		const reason = error instanceof Error ? error.message : String(error);
		return data(
			{ title: t("projects.metaTitle"), projects: [], confirm: null, loadError: reason },
			{ status: 500, headers },
		);
	}
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request);
	const form = await readFormData(request);
	const intent = form.get("intent");
	const id = String(form.get("id") ?? "");
	// Without JavaScript the form carries redirectTo and the answer is a page with a toast.
	const noScript = form.has("redirectTo");

	if (intent === "delete") {
		try {
			const deleted = await deleteProject(id);
			if (!deleted) {
				return redirectWithToast(LIST, {
					type: "error",
					title: "admin:projects.toast.deleteFailed",
					description: "admin:projects.errors.notFound",
					values: { id },
				});
			}
			await Promise.all(deleted.releasedKeys.map((key) => deleteImageIfUnused(key)));
			return redirectWithToast(LIST, {
				type: "success",
				title: "admin:projects.toast.deletedTitle",
				description: "admin:projects.toast.deleted",
				values: { name: deleted.project.name },
			});
		} catch (error) {
			console.error(`Deleting project ${id} failed:`, error);
			return redirectWithToast(LIST, { type: "error", title: "admin:projects.toast.deleteFailed" });
		}
	}

	if (intent === "refresh") {
		const project = await getProjectById(id);
		const toast: Toast = project
			? { type: "success" as const, title: "admin:projects.toast.refreshed", values: { name: project.name } }
			: {
					type: "error" as const,
					title: "admin:projects.toast.errorTitle",
					description: "admin:projects.toast.refreshFailed",
					values: { reason: `Project with ID ${id} not found` },
				};
		if (noScript) return redirectWithToast(LIST, toast);
		return data({ toast }, { status: project ? 200 : 404 });
	}
	return data({ toast: null }, { status: 400 });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["projects"][number];

/** The smallest stored width variant: the table shows a 56 px thumbnail. */
function thumbnailUrl(image: StoredImage): string {
	if (isVectorKey(image.key) || !image.width) return imageUrl(image.key);
	const [smallest] = variantWidths(image.width);
	return imageUrl(smallest ? variantKey(image.key, smallest) : image.key);
}

export default function AdminProjects() {
	const { t } = useTranslation("admin");
	const { projects, confirm, loadError } = useLoaderData<typeof loader>();
	const navigation = useNavigation();
	const hydrated = useHydrated();
	const loading =
		navigation.state === "loading" && navigation.location.pathname === LIST && !navigation.formData;
	const deletingId =
		navigation.formData?.get("intent") === "delete" ? String(navigation.formData.get("id")) : null;

	useEffect(() => {
		if (loadError)
			showToast({
				type: "error",
				title: "admin:projects.toast.errorTitle",
				description: "admin:projects.toast.loadFailed",
			});
	}, [loadError]);

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

			{confirm ? <DeleteConfirm id={confirm.id} name={confirm.name} hydrated={hydrated} /> : null}

			<p aria-live="polite" className="mt-4 min-h-5 text-sm text-muted">
				{loading ? t("projects.loading") : null}
			</p>

			{loadError ? (
				<div role="alert" className="mt-6 rounded-xl border border-accent/40 bg-accent/10 p-5">
					<p>{t("projects.loadFailed", { reason: loadError })}</p>
					<Link to={LIST} reloadDocument className="button-primary mt-4">
						{t("projects.tryAgain")}
					</Link>
				</div>
			) : projects.length === 0 ? (
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

function ProjectRow({ project, deleting }: { project: Row; deleting: boolean }) {
	const { t } = useTranslation("admin");
	const fetcher = useFetcher<typeof action>();
	const hydrated = useHydrated();
	const location = useLocation();
	const refreshing = fetcher.state !== "idle";
	const busy = deleting || refreshing;

	useEffect(() => {
		if (fetcher.state === "submitting") {
			showToast({ type: "info", title: "admin:projects.toast.refreshing", values: { name: project.name } });
		}
		if (fetcher.state === "idle" && fetcher.data?.toast) showToast(fetcher.data.toast);
	}, [fetcher.state, fetcher.data, project.name]);

	return (
		<tr
			className={cx("border-b border-line align-middle", busy && "opacity-50")}
			aria-busy={busy || undefined}
			data-testid="project-row"
		>
			<td className="py-3 pr-4 font-mono text-xs">
				<abbr title={t("projects.fullId", { id: project.id })} className="no-underline">
					{project.id.slice(0, 6)}
				</abbr>
			</td>
			<td className="py-3 pr-4">
				{project.image ? (
					<img
						src={thumbnailUrl(project.image)}
						alt={project.name}
						width={56}
						height={56}
						loading="lazy"
						className="size-14 rounded-md bg-ink/5 object-cover"
					/>
				) : (
					<span className="flex size-14 items-center justify-center rounded-md bg-ink/5 text-[10px] text-muted">
						{t("projects.noImage")}
					</span>
				)}
			</td>
			<td className="py-3 pr-4 font-semibold">
				<Link to={`/project/${encodeURIComponent(project.id)}`} className="hover:underline">
					{project.name}
				</Link>
			</td>
			<td className="py-3 pr-4">{project.designer}</td>
			<td className="py-3 pr-4">
				<CategoryName category={project.category} />
			</td>
			<td className="py-3 pr-4 whitespace-nowrap">{formatPrice(project.price)}</td>
			<td className="py-3">
				<div className="flex flex-wrap items-center gap-2">
					<fetcher.Form method="post" action={LIST}>
						<input type="hidden" name="intent" value="refresh" />
						<input type="hidden" name="id" value={project.id} />
						{hydrated ? null : (
							<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
						)}
						<button
							type="submit"
							disabled={busy}
							aria-label={
								refreshing
									? t("projects.refreshing", { name: project.name })
									: t("projects.refresh", { name: project.name })
							}
							className="h-9 rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:opacity-60"
						>
							{t("projects.actions.refresh")}
						</button>
					</fetcher.Form>
					<Link
						to={`/admin/projects/edit/${encodeURIComponent(project.id)}`}
						aria-label={t("projects.edit", { name: project.name })}
						className="inline-flex h-9 items-center rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink"
					>
						{t("projects.actions.edit")}
					</Link>
					<Link
						to={`${LIST}?${new URLSearchParams({ delete: project.id })}`}
						aria-label={
							deleting
								? t("projects.deleting", { name: project.name })
								: t("projects.delete", { name: project.name })
						}
						preventScrollReset
						className="inline-flex h-9 items-center rounded-lg border border-accent/50 px-3 text-xs font-semibold text-accent hover:border-accent"
					>
						{deleting ? t("projects.actions.deleting") : t("projects.actions.delete")}
					</Link>
				</div>
			</td>
		</tr>
	);
}

function CategoryName({ category }: { category: ProjectCategory }) {
	const { t } = useTranslation();
	return <>{t(`categories.${category}`)}</>;
}

/**
 * The confirm step. Server-rendered it is an open, non-modal dialog in the page (works without
 * JavaScript); once hydrated it becomes a modal one, and closing it returns to the list.
 */
function DeleteConfirm({ id, name, hydrated }: { id: string; name: string; hydrated: boolean }) {
	const { t } = useTranslation("admin");
	const dialog = useRef<HTMLDialogElement>(null);
	const navigation = useNavigation();
	const submitting = navigation.formData?.get("intent") === "delete";

	useEffect(() => {
		const element = dialog.current;
		if (!hydrated || !element || element.matches(":modal")) return;
		element.close();
		element.showModal();
	}, [hydrated]);

	return (
		<dialog
			ref={dialog}
			open
			aria-labelledby="delete-project-title"
			aria-describedby="delete-project-text"
			onCancel={(event) => {
				event.preventDefault();
				dialog.current?.querySelector<HTMLAnchorElement>("a[data-cancel]")?.click();
			}}
			className={cx(
				"w-[min(32rem,calc(100%-2.5rem))] rounded-xl border border-line bg-card p-6 text-ink shadow-xl backdrop:bg-black/40",
				!hydrated && "static my-6",
			)}
		>
			<h2 id="delete-project-title" className="font-display text-xl font-semibold">
				{t("projects.confirm.title")}
			</h2>
			<p id="delete-project-text" className="mt-3 text-sm text-muted">
				{t("projects.confirm.text", { name, id })}
			</p>
			<Form method="post" action={LIST} className="mt-6 flex flex-wrap justify-end gap-3">
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={id} />
				<Link
					to={LIST}
					data-cancel
					preventScrollReset
					className="inline-flex h-11 items-center rounded-full border border-line px-5 text-sm font-semibold hover:border-ink"
				>
					{t("projects.confirm.cancel")}
				</Link>
				<button
					type="submit"
					disabled={submitting}
					className="h-11 rounded-full bg-accent px-5 text-sm font-semibold text-accent-ink disabled:opacity-60"
				>
					{submitting ? t("projects.actions.deleting") : t("projects.confirm.yes")}
				</button>
			</Form>
		</dialog>
	);
}
