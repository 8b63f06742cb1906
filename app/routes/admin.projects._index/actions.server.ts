import { data } from "@remix-run/node";
import type { EditConflict } from "~/lib/edit-conflict";
import { logger } from "~/lib/logger.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Actor } from "~/models/activity.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { deleteProject, getProjectById, type ProjectRecord } from "~/models/projects.server";
import { toStoredImage } from "~/models/stored-image.server";
import { deleteImageIfUnused } from "~/services/image-upload.server";

const LIST = "/admin/projects";

/** A delete asked again: the project changed since the list was shown (docs/decisions/0023). */
export interface DeleteConflictData {
	intent: "delete";
	deleteConflict: { id: string; name: string; conflict: EditConflict };
}

/**
 * The confirmed delete (from ?delete=<id>), of the version the list showed: the answer is the list with a
 * toast, whatever happened, except when the project changed since: then nothing is deleted and the page
 * asks again (409), showing what changed, with a button that carries the version now.
 */
export async function deleteProjectFromList(id: string, version: number, actor: Actor) {
	try {
		const deleted = await deleteProject(id, actor, version);
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
		if (error instanceof EditConflictError) {
			const [conflict, project] = await Promise.all([
				describeConflict("project", id, version),
				getProjectById(id, { includeDrafts: true }),
			]);
			if (conflict && project) {
				return data<DeleteConflictData>(
					{ intent: "delete", deleteConflict: { id, name: project.name, conflict } },
					{ status: 409, headers: { "Cache-Control": "no-store" } },
				);
			}
			// Gone meanwhile (someone else deleted it).
			return redirectWithToast(LIST, {
				type: "error",
				title: "admin:projects.toast.deleteFailed",
				description: "admin:projects.errors.notFound",
				values: { id },
			});
		}
		logger.error("deleting a project failed", error, { projectId: id });
		return redirectWithToast(LIST, { type: "error", title: "admin:projects.toast.deleteFailed" });
	}
}

/** A list row as the table draws it, from a project as the model reads it. */
export function toListRow(row: ProjectRecord) {
	return {
		id: row.id,
		name: row.name,
		designer: row.designer,
		category: row.category,
		price: row.price,
		status: row.status,
		availability: row.availability,
		featured: row.featured === 1,
		image: toStoredImage({ image: row.cover, image_width: row.cover_width, image_height: row.cover_height }),
		version: row.version,
	};
}

/** What a row's Refresh found: the row now, and what changed since the version the list drew. */
export interface RefreshedRow {
	row: ReturnType<typeof toListRow>;
	/** null: nothing changed since the list was drawn. */
	changes: EditConflict | null;
}

/** The row now, and the audit trail's changes since `version` (the one the list drew), if any. */
export async function readRefreshedRow(id: string, version: number | null): Promise<RefreshedRow | null> {
	const project = await getProjectById(id, { includeDrafts: true });
	if (!project) return null;
	const changed = version !== null && project.version !== version;
	const changes = changed ? ((await describeConflict("project", id, version)) ?? null) : null;
	return { row: toListRow(project), changes };
}

/**
 * A row's Refresh (the spec's, with its 'Refreshing project' / 'Project updated' toasts): it reads the row
 * again and says what changed since the list drew it (the version its form carries), or that nothing did.
 * With JavaScript the answer is the row itself; without, the list again, naming the row and that version
 * (?refreshed=<id>&since=<version>), so the same note shows under it.
 */
export async function refreshProjectRow(id: string, version: number | null, redirectTo: string | null) {
	const refreshed = await readRefreshedRow(id, version);
	if (!refreshed) {
		const toast: Toast = {
			type: "error",
			title: "admin:projects.toast.errorTitle",
			description: "admin:projects.toast.refreshFailed",
			values: { reason: `Project with ID ${id} not found` },
		};
		if (redirectTo !== null) return redirectWithToast(LIST, toast);
		return data({ toast, refreshed: null }, { status: 404 });
	}
	const toast: Toast = {
		type: "success",
		title: "admin:projects.toast.refreshed",
		description: refreshed.changes
			? "admin:projects.toast.refreshChanged"
			: "admin:projects.toast.refreshUnchanged",
		values: { name: refreshed.row.name },
	};
	if (redirectTo !== null) {
		const back = new URL(safeRedirectPath(redirectTo, LIST), "http://list");
		const path = back.pathname === LIST ? back : new URL(LIST, "http://list");
		path.searchParams.set("refreshed", id);
		if (version !== null) path.searchParams.set("since", String(version));
		return redirectWithToast(`${path.pathname}${path.search}`, toast);
	}
	return data({ toast, refreshed }, { headers: { "Cache-Control": "no-store" } });
}
