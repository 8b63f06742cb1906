import type { ActivityAction, FieldChange } from "~/lib/activity";

/**
 * Edit conflicts (issue #18, docs/decisions/0023-edit-conflicts.md), the part the forms and the screens
 * share: every edit and delete form carries the version of the record it was shown with, and a save whose
 * version is no longer the stored one comes back with what changed since, instead of overwriting it.
 */

/** The hidden field every edit and delete form carries. */
export const VERSION_FIELD = "version";

/**
 * The version a form sent: a whole number from 1, written in digits. Anything else (missing, "abc", "1e3",
 * "-1") is null, which the actions answer with a 400 and a message: it is only ever compared on the server.
 */
export function parseVersion(value: FormDataEntryValue | null | undefined): number | null {
	if (typeof value !== "string" || !/^\d{1,15}$/.test(value.trim())) return null;
	const version = Number(value.trim());
	return Number.isSafeInteger(version) && version >= 1 ? version : null;
}

/** One recorded change made since the visitor's version: who, when and each field before → after. */
export interface ConflictChange {
	id: number;
	createdAt: string;
	actorUsername: string;
	action: ActivityAction;
	changes: FieldChange[];
}

/** What a refused save or delete answers with, beside the visitor's own input. */
export interface EditConflict {
	/** The stored version now: the form carries it from here on, so saving again (after merging) succeeds. */
	version: number;
	/** The audit trail's rows above the visitor's version, oldest first. */
	changes: ConflictChange[];
	/** Some versions in between have no row (a script or start-up changed the record): they are not listed. */
	unrecorded: boolean;
}
