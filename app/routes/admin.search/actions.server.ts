import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import type { FormOutcome } from "~/lib/form-token.server";
import { SEARCH_ADMIN_PATH, synonymSchema } from "~/lib/search-synonyms";
import { redirectWithToast } from "~/lib/toast.server";
import type { Actor } from "~/models/activity.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { deleteSearchMiss } from "~/models/search.server";
import {
	createSynonym,
	deleteSynonym,
	getSynonym,
	synonymLabel,
	updateSynonym,
} from "~/models/search-synonyms.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";

/** The add form's one-time token (docs/decisions/0022): a repeated post adds no second group. */
export const SYNONYM_ADD_TOKEN_SCOPE = "synonym:add";

const noStore = { "Cache-Control": "no-store" };

const deleteSchema = z.object({
	intent: z.literal("delete"),
	id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * The confirmed delete, of the version the list showed: a group changed since is not deleted, the page
 * asks again (409) showing what changed, with a button that carries the version now (docs/decisions/0023).
 */
export async function removeSynonym(formData: FormData, actor: Actor) {
	const parsed = deleteSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "delete" as const, error: "admin:search.errors.invalid" },
			{ status: 400, headers: noStore },
		);
	}
	const version = parseVersion(formData.get(VERSION_FIELD));
	if (version === null) {
		return data(
			{ intent: "delete" as const, error: "admin:conflicts.versionMissing" },
			{ status: 400, headers: noStore },
		);
	}
	const id = parsed.data.id;
	try {
		const deleted = await deleteSynonym(id, actor, version);
		if (!deleted) {
			return data(
				{ intent: "delete" as const, error: "admin:search.errors.notFound" },
				{ status: 404, headers: noStore },
			);
		}
		return redirectWithToast(SEARCH_ADMIN_PATH, {
			type: "success",
			title: "admin:search.toast.deleted",
			values: { label: synonymLabel(deleted.phrases) },
		});
	} catch (error) {
		if (!(error instanceof EditConflictError)) throw error;
		const [conflict, synonym] = await Promise.all([describeConflict("synonym", id, version), getSynonym(id)]);
		if (!conflict || !synonym) {
			return data(
				{ intent: "delete" as const, error: "admin:search.errors.notFound" },
				{ status: 404, headers: noStore },
			);
		}
		return data(
			{ intent: "delete" as const, deleteConflict: { id, label: synonymLabel(synonym.phrases), conflict } },
			{ status: 409, headers: noStore },
		);
	}
}

/**
 * The add/edit form. An addition counts once: its token is checked first and used in the write's
 * transaction. An edit saves only at the version its form was opened at, else it comes back (409) with
 * what was typed and what changed since.
 */
export async function saveSynonym(formData: FormData, actor: Actor) {
	const submission = parseWithZod(formData, { schema: synonymSchema });
	type Reply = ReturnType<typeof submission.reply>;
	const fail = (result: Reply, status: number, formToken?: string, conflict?: EditConflict) =>
		data({ intent: "save" as const, result, formToken, conflict }, { status, headers: noStore });
	const version = parseVersion(formData.get(VERSION_FIELD));
	const scope = formData.get("intent") === "create" ? SYNONYM_ADD_TOKEN_SCOPE : null;
	return postOnce(formData, scope, {
		refused: (refusal) =>
			fail(submission.reply({ formErrors: [refusal.message] }), refusal.httpStatus, refusal.formToken),
		write: async (claim) => {
			if (submission.status !== "success") return fail(submission.reply(), 400);
			const { intent, id, phrases } = submission.value;
			if (intent === "update" && !id)
				return fail(submission.reply({ formErrors: ["admin:search.errors.notFound"] }), 404);
			if (intent === "update" && version === null)
				return fail(submission.reply({ formErrors: ["admin:conflicts.versionMissing"] }), 400);
			try {
				if (intent === "create") {
					const outcome = (): FormOutcome => ({
						redirect: SEARCH_ADMIN_PATH,
						toast: {
							type: "success",
							title: "admin:search.toast.created",
							values: { label: synonymLabel(phrases.join("\n")) },
						},
					});
					await createSynonym({ phrases, claim: claim(outcome) }, actor);
					return answerFormPost(outcome());
				}
				const saved = await updateSynonym(id ?? 0, phrases, actor, version ?? 0);
				if (!saved) return fail(submission.reply({ formErrors: ["admin:search.errors.notFound"] }), 404);
				return redirectWithToast(SEARCH_ADMIN_PATH, {
					type: "success",
					title: "admin:search.toast.updated",
					values: { label: synonymLabel(saved.phrases) },
				});
			} catch (error) {
				if (error instanceof EditConflictError && id && version !== null) {
					const conflict = await describeConflict("synonym", id, version);
					if (!conflict) return fail(submission.reply({ formErrors: ["admin:search.errors.notFound"] }), 404);
					return fail(submission.reply(), 409, undefined, conflict);
				}
				throw error;
			}
		},
	});
}

const dismissSchema = z.object({ intent: z.literal("dismiss"), query: z.string().min(1).max(200) });

/** Takes a query off the list of searches that found nothing (staff dealt with it). */
export async function dismissMiss(formData: FormData) {
	const parsed = dismissSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "dismiss" as const, error: "admin:search.errors.invalid" },
			{ status: 400, headers: noStore },
		);
	}
	await deleteSearchMiss(parsed.data.query);
	return redirectWithToast(SEARCH_ADMIN_PATH, {
		type: "success",
		title: "admin:search.toast.dismissed",
		values: { query: parsed.data.query },
	});
}
