import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ConflictChanges } from "~/components/admin/edit-conflict-notice";
import { Price } from "~/components/price";
import type { ProjectCategory } from "~/lib/categories";
import { type EditConflict, VERSION_FIELD } from "~/lib/edit-conflict";
import { imageUrl, isVectorKey, type StoredImage, variantKey, variantWidths } from "~/lib/images";
import { cx } from "~/lib/site";
import { showToast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import type { action, ProjectListRow } from "./route";

export const LIST = "/admin/projects";

/** The smallest stored width variant: the table shows a 56 px thumbnail. */
function thumbnailUrl(image: StoredImage): string {
	if (isVectorKey(image.key) || !image.width) return imageUrl(image.key);
	const [smallest] = variantWidths(image.width);
	return imageUrl(smallest ? variantKey(image.key, smallest) : image.key);
}

export function ProjectRow({
	project: drawn,
	deleting,
	refreshedChanges,
}: {
	project: ProjectListRow;
	deleting: boolean;
	/** A Refresh without JavaScript came back for this row: what changed (null: nothing). */
	refreshedChanges?: EditConflict | null;
}) {
	const { t } = useTranslation("admin");
	const fetcher = useFetcher<typeof action>();
	const hydrated = useHydrated();
	const location = useLocation();
	const refreshing = fetcher.state !== "idle";
	const busy = deleting || refreshing;
	// The row as its Refresh read it, unless the list has drawn a newer one since.
	const refreshed =
		fetcher.data && "refreshed" in fetcher.data && fetcher.data.refreshed ? fetcher.data.refreshed : null;
	const project = refreshed && refreshed.row.version >= drawn.version ? refreshed.row : drawn;
	const note = refreshed && project === refreshed.row ? { changes: refreshed.changes } : null;
	const shownNote = note ?? (refreshedChanges === undefined ? null : { changes: refreshedChanges });

	useEffect(() => {
		if (fetcher.state === "submitting") {
			showToast({ type: "info", title: "admin:projects.toast.refreshing", values: { name: drawn.name } });
		}
		if (fetcher.state === "idle" && fetcher.data && "toast" in fetcher.data && fetcher.data.toast)
			showToast(fetcher.data.toast);
	}, [fetcher.state, fetcher.data, drawn.name]);

	return (
		<tr
			className={cx("border-b border-line align-middle", busy && "opacity-50")}
			aria-busy={busy || undefined}
			data-testid="project-row"
		>
			{/* The whole id: it is the piece's address, and ids made from names differ after the first letters. */}
			<td className="max-w-48 py-3 pr-4 font-mono text-xs break-all" data-label={t("projects.columns.id")}>
				{project.id}
			</td>
			<td className="py-3 pr-4" data-label={t("projects.columns.image")}>
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
			<td className="py-3 pr-4 font-semibold" data-label={t("projects.columns.name")}>
				<Link to={`/project/${encodeURIComponent(project.id)}`} className="hover:underline">
					{project.name}
				</Link>
				<ProjectBadges project={project} />
			</td>
			<td className="py-3 pr-4" data-label={t("projects.columns.designer")}>
				{project.designer}
			</td>
			<td className="py-3 pr-4" data-label={t("projects.columns.category")}>
				<CategoryName category={project.category} />
			</td>
			<td className="py-3 pr-4 whitespace-nowrap" data-label={t("projects.columns.price")}>
				<Price value={project.price} />
			</td>
			<td className="py-3" data-label={t("projects.columns.actions")}>
				<div className="flex flex-wrap items-center gap-2">
					<fetcher.Form method="post" action={LIST}>
						<input type="hidden" name="intent" value="refresh" />
						<input type="hidden" name="id" value={project.id} />
						{/* The version the list drew: the answer says what changed since. */}
						<input type="hidden" name={VERSION_FIELD} value={drawn.version} />
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
						to={`${LIST}?${new URLSearchParams({ delete: project.id, version: String(project.version) })}`}
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
				{shownNote ? (
					<div role="status" className="mt-2 max-w-sm text-xs" data-testid="refresh-note">
						{shownNote.changes ? (
							<>
								<p className="font-semibold">{t("projects.refreshNote.changed")}</p>
								<ConflictChanges entity="project" conflict={shownNote.changes} />
							</>
						) : (
							<p className="text-muted">{t("projects.refreshNote.unchanged")}</p>
						)}
					</div>
				) : null}
			</td>
		</tr>
	);
}

function CategoryName({ category }: { category: ProjectCategory }) {
	const { t } = useTranslation();
	return <>{t(`categories.${category}`)}</>;
}

/** Draft, featured (★), reserved or sold, beside the name: what sets the piece apart (available is the norm). */
function ProjectBadges({ project }: { project: ProjectListRow }) {
	const { t } = useTranslation("admin");
	const badge = "rounded-full border px-2 py-0.5 text-xs font-semibold";
	return (
		<span className="mt-1 flex flex-wrap items-center gap-1.5 font-normal">
			{project.status === "draft" ? (
				<span className={cx(badge, "border-ink bg-ink text-paper")}>{t("projects.badges.draft")}</span>
			) : null}
			{project.featured ? (
				<span className={cx(badge, "border-line")} title={t("projects.badges.featured")}>
					<span aria-hidden="true">★</span>
					<span className="sr-only">{t("projects.badges.featured")}</span>
				</span>
			) : null}
			{project.availability === "available" ? null : (
				<span className={cx(badge, "border-accent text-accent")}>
					{t(`projects.availability.${project.availability}`)}
				</span>
			)}
		</span>
	);
}
