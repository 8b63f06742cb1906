import { data } from "@remix-run/node";
import type { EditConflict } from "~/lib/edit-conflict";
import { logger } from "~/lib/logger.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Actor } from "~/models/activity.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { deleteProject, getProjectById } from "~/models/projects.server";
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

/** A row's Refresh: a toast for the row (fetcher), or the list with it (without JavaScript). */
export async function refreshProjectRow(id: string, noScript: boolean) {
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
