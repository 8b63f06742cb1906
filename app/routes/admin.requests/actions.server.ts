import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import type { Actor } from "~/models/activity.server";
import { setRequestNote } from "~/models/purchase-requests.server";
import { changeRequestStatus } from "~/services/purchase-requests.server";
import { noteSchema, REQUESTS_PATH, statusSchema } from "./request-schemas";

const noStore = { "Cache-Control": "no-store" };

/**
 * The status select: a fetcher's answer with JavaScript, the list with a toast without it. The buyer may be
 * told by e-mail (the service decides); `origin` is the public site, for the link in that message.
 */
export async function changeStatus(formData: FormData, origin: string, actor: Actor) {
	const parsed = statusSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "status" as const, ok: false as const, error: "requests.notFound" },
			{ status: 400, headers: noStore },
		);
	}
	const change = await changeRequestStatus({ id: parsed.data.id, status: parsed.data.status, origin, actor });
	if (!change.found) {
		return data(
			{ intent: "status" as const, ok: false as const, error: "requests.notFound" },
			{ status: 404, headers: noStore },
		);
	}
	if (parsed.data.redirectTo !== undefined) {
		return redirectWithToast(safeRedirectPath(parsed.data.redirectTo, REQUESTS_PATH), {
			type: "success",
			title: "admin:requests.saved",
		});
	}
	return data({ intent: "status" as const, ok: true as const, error: null }, { headers: noStore });
}

/** The internal note: at most 2000 characters (a translated error next to the field and 400 otherwise). */
export async function saveNote(formData: FormData, actor: Actor) {
	const submission = parseWithZod(formData, { schema: noteSchema });
	const id = Number(formData.get("id")) || null;
	if (submission.status !== "success") {
		return data(
			{ intent: "note" as const, id, result: submission.reply() },
			{ status: 400, headers: noStore },
		);
	}
	const { note = "", redirectTo } = submission.value;
	if (!(await setRequestNote(submission.value.id, note, actor))) {
		return data(
			{ intent: "note" as const, id, result: submission.reply({ formErrors: ["admin:requests.notFound"] }) },
			{ status: 404, headers: noStore },
		);
	}
	if (redirectTo !== undefined) {
		return redirectWithToast(safeRedirectPath(redirectTo, REQUESTS_PATH), {
			type: "success",
			title: "admin:requests.noteSaved",
		});
	}
	return data({ intent: "note" as const, id, result: submission.reply() }, { headers: noStore });
}
