import { data } from "@remix-run/node";
import { logger } from "~/lib/logger.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteProject, getProjectById } from "~/models/projects.server";
import { deleteImageIfUnused } from "~/services/image-upload.server";

const LIST = "/admin/projects";

/** The confirmed delete (from ?delete=<id>): the answer is the list with a toast, whatever happened. */
export async function deleteProjectFromList(id: string) {
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
