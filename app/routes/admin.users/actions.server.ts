import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import type { FormOutcome } from "~/lib/form-token.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import type { Actor } from "~/models/activity.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import {
	type AccessChangeError,
	changeUserAccess,
	createUser,
	EmailTakenError,
	getUserById,
	UsernameTakenError,
} from "~/models/users.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";
import { changeSchema, createSchema, USERS_PATH } from "./user-schemas";

const noStore = { "Cache-Control": "no-store" };

/** The add-user form's one-time token (docs/decisions/0022): a repeated post adds nobody twice. */
export const USER_ADD_TOKEN_SCOPE = "user:add";

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

/** A row's change refused: the message, and for a conflict whose account and what changed since. */
interface ChangeRefused {
	intent: "change";
	ok: false;
	id: number | null;
	error: string;
	username?: string;
	conflict?: EditConflict;
}

/**
 * A row's small forms: block/activate and the role switch. Each carries the version of the account the
 * list showed: one changed since is left as it is, and the answer (409) says what changed (the list,
 * reloaded, shows it as it is now, with its new version: docs/decisions/0023).
 */
export async function changeAccess(formData: FormData, admin: Actor) {
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
	const version = parseVersion(formData.get(VERSION_FIELD));
	if (version === null) {
		return data(
			{ intent: "change" as const, ok: false as const, id, error: "conflicts.versionMissing" },
			{ status: 400, headers: noStore },
		);
	}
	const change =
		parsed.data.intent === "status" ? { status: parsed.data.status } : { role: parsed.data.role };
	let result: Awaited<ReturnType<typeof changeUserAccess>>;
	try {
		result = await changeUserAccess(id, change, admin, version);
	} catch (error) {
		if (!(error instanceof EditConflictError)) throw error;
		const [conflict, user] = await Promise.all([describeConflict("user", id, version), getUserById(id)]);
		if (!conflict || !user) result = { ok: false, error: "notFound" };
		else {
			return data<ChangeRefused>(
				{ intent: "change", ok: false, id, error: "conflicts.user", username: user.username, conflict },
				{ status: 409, headers: noStore },
			);
		}
	}
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

/** The add-user form: the same rules as registration, plus a role; it counts once (its one-time token). */
export async function createFromForm(formData: FormData, admin: Actor) {
	const submission = parseWithZod(formData, { schema: createSchema });
	return postOnce(formData, USER_ADD_TOKEN_SCOPE, {
		refused: (refusal) =>
			data(
				{
					intent: "create" as const,
					result: submission.reply({ formErrors: [refusal.message] }),
					formToken: refusal.formToken,
				},
				{ status: refusal.httpStatus, headers: noStore },
			),
		write: async (claim) => {
			if (submission.status !== "success") {
				return data(
					{ intent: "create" as const, result: submission.reply() },
					{ status: 400, headers: noStore },
				);
			}
			const { email, username, phone, password, role } = submission.value;
			const outcome = (user: { username: string }): FormOutcome => ({
				redirect: USERS_PATH,
				toast: { type: "success", title: "admin:users.toast.created", values: { username: user.username } },
			});
			try {
				const user = await createUser({
					email,
					username,
					phone: phone ?? null,
					password,
					role,
					createdBy: admin,
					claim: claim(outcome),
				});
				return answerFormPost(outcome(user));
			} catch (error) {
				// Taken is decided by the insert's own transaction (and the unique index), so two admins adding
				// the same name at once both get an answer next to the field, never a crash.
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
		},
	});
}
