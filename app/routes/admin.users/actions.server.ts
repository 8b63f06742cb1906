import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import {
	type AccessChangeError,
	changeUserAccess,
	createUser,
	EmailTakenError,
	UsernameTakenError,
} from "~/models/users.server";
import { changeSchema, createSchema, USERS_PATH } from "./user-schemas";

const noStore = { "Cache-Control": "no-store" };

/** The users list the form was posted from, or the bare list for anything else. */
function backToList(value: FormDataEntryValue | null): string {
	const path = safeRedirectPath(value, USERS_PATH);
	return path === USERS_PATH || path.startsWith(`${USERS_PATH}?`) ? path : USERS_PATH;
}

const ERROR_STATUS: Record<AccessChangeError, number> = {
	notFound: 404,
	selfBlock: 403,
	selfDemote: 403,
	lastAdmin: 409,
};

/** A row's small forms: block/activate and the role switch. */
export async function changeAccess(formData: FormData, adminId: number) {
	const parsed = changeSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "change" as const, ok: false as const, id: null, error: "users.errors.invalid" },
			{
				status: 400,
				headers: noStore,
			},
		);
	}
	const { id } = parsed.data;
	const change =
		parsed.data.intent === "status" ? { status: parsed.data.status } : { role: parsed.data.role };
	const result = await changeUserAccess(id, change, adminId);
	if (!result.ok) {
		return data(
			{ intent: "change" as const, ok: false as const, id, error: `users.errors.${result.error}` },
			{ status: ERROR_STATUS[result.error], headers: noStore },
		);
	}
	const toast = {
		type: "success" as const,
		title: `admin:users.toast.${"status" in change ? change.status : change.role}`,
		values: { username: result.user.username },
	};
	// Without JavaScript the row's form posts normally and the page (its search, sort and page) comes back
	// with a toast.
	if (formData.has("redirect")) return redirectWithToast(backToList(formData.get("redirect")), toast);
	return data({ intent: "change" as const, ok: true as const, id, error: null, toast }, { headers: noStore });
}

/** The add-user form: the same rules as registration, plus a role. */
export async function createFromForm(formData: FormData) {
	const submission = parseWithZod(formData, { schema: createSchema });
	if (submission.status !== "success") {
		return data({ intent: "create" as const, result: submission.reply() }, { status: 400, headers: noStore });
	}
	const { email, username, phone, password, role } = submission.value;
	try {
		const user = await createUser({ email, username, phone: phone ?? null, password, role });
		return redirectWithToast(USERS_PATH, {
			type: "success",
			title: "admin:users.toast.created",
			values: { username: user.username },
		});
	} catch (error) {
		// Taken is decided by the insert's own transaction (and the unique index), so two admins adding the
		// same name at once both get an answer next to the field, never a crash.
		const field =
			error instanceof EmailTakenError
				? { email: ["validation.emailTaken"] }
				: error instanceof UsernameTakenError
					? { [username ? "username" : "email"]: ["admin:users.errors.usernameTaken"] }
					: null;
		if (!field) throw error;
		return data(
			{ intent: "create" as const, result: submission.reply({ fieldErrors: field }) },
			{ status: 409, headers: noStore },
		);
	}
}
