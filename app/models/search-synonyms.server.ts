import { snapshotOf } from "~/lib/activity";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import { joinSynonymPhrases, parseSynonymPhrases } from "~/lib/search-synonyms";
import type { SearchSynonym } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";
import { changedAnything, EditConflictError, nextVersion } from "./edit-conflicts.server";
import { claimFormToken, settleFormToken } from "./form-submissions.server";

/**
 * The synonym groups staff keep for the catalogue search (/admin/search, issue #34): each change recorded
 * in the audit trail in its own transaction (docs/decisions/0021), each edit and delete made only at the
 * version its form was opened at (docs/decisions/0023). A change reaches the search at once (it reads the
 * groups with every query) and empties the page cache (the table's triggers, migration 0017).
 */

/** Every group, oldest first. */
export async function listSynonyms(): Promise<SearchSynonym[]> {
	return db.selectFrom("search_synonyms").selectAll().orderBy("id").execute();
}

/** The groups as the search reads them: each a list of phrases. */
export async function loadSynonymGroups(): Promise<string[][]> {
	const rows = await db.selectFrom("search_synonyms").select("phrases").execute();
	return rows.map((row) => parseSynonymPhrases(row.phrases));
}

export async function getSynonym(id: number): Promise<SearchSynonym | undefined> {
	return db.selectFrom("search_synonyms").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What a group is called in the audit trail and in messages: its first phrases. */
export function synonymLabel(phrases: string): string {
	const list = parseSynonymPhrases(phrases);
	const shown = list.slice(0, 3).join(", ");
	return list.length > 3 ? `${shown}…` : shown;
}

export async function createSynonym(
	input: { phrases: readonly string[]; claim?: FormClaim<SearchSynonym> },
	actor?: Actor,
): Promise<SearchSynonym> {
	return db.transaction().execute(async (trx) => {
		await claimFormToken(trx, input.claim);
		const now = new Date().toISOString();
		const synonym = await trx
			.insertInto("search_synonyms")
			.values({ phrases: joinSynonymPhrases(input.phrases), created_at: now, updated_at: now })
			.returningAll()
			.executeTakeFirstOrThrow();
		await recordActivity(trx, actor, {
			entity: "synonym",
			entityId: synonym.id,
			label: synonymLabel(synonym.phrases),
			action: "created",
			before: null,
			after: snapshotOf("synonym", synonym),
			version: synonym.version,
		});
		await settleFormToken(trx, input.claim, synonym);
		return synonym;
	});
}

/**
 * Saves a group's phrases, if it is still at `version`: else EditConflictError and nothing is written.
 * Undefined when the group does not exist. A save that changed nothing keeps the version.
 */
export async function updateSynonym(
	id: number,
	phrases: readonly string[],
	actor: Actor | undefined,
	version: number,
): Promise<SearchSynonym | undefined> {
	return db.transaction().execute(async (trx) => {
		const before = await trx
			.selectFrom("search_synonyms")
			.selectAll()
			.where("id", "=", id)
			.executeTakeFirst();
		if (!before) return undefined;
		let synonym = await trx
			.updateTable("search_synonyms")
			.set({
				phrases: joinSynonymPhrases(phrases),
				updated_at: new Date().toISOString(),
				version: nextVersion,
			})
			.where("id", "=", id)
			.where("version", "=", version)
			.returningAll()
			.executeTakeFirst();
		if (!synonym) throw new EditConflictError();
		if (!changedAnything(snapshotOf("synonym", before), snapshotOf("synonym", synonym))) {
			synonym = await trx
				.updateTable("search_synonyms")
				.set({ version: before.version, updated_at: before.updated_at })
				.where("id", "=", id)
				.returningAll()
				.executeTakeFirstOrThrow();
		}
		await recordActivity(trx, actor, {
			entity: "synonym",
			entityId: synonym.id,
			label: synonymLabel(synonym.phrases),
			action: "updated",
			before: snapshotOf("synonym", before),
			after: snapshotOf("synonym", synonym),
			version: synonym.version,
		});
		return synonym;
	});
}

/** Deletes a group at `version` (EditConflictError when it changed since); null when there is none. */
export async function deleteSynonym(
	id: number,
	actor: Actor | undefined,
	version: number,
): Promise<SearchSynonym | null> {
	return db.transaction().execute(async (trx) => {
		const synonym = await trx
			.selectFrom("search_synonyms")
			.selectAll()
			.where("id", "=", id)
			.executeTakeFirst();
		if (!synonym) return null;
		const { numDeletedRows } = await trx
			.deleteFrom("search_synonyms")
			.where("id", "=", id)
			.where("version", "=", version)
			.executeTakeFirst();
		if (Number(numDeletedRows) === 0) throw new EditConflictError();
		await recordActivity(trx, actor, {
			entity: "synonym",
			entityId: synonym.id,
			label: synonymLabel(synonym.phrases),
			action: "deleted",
			before: snapshotOf("synonym", synonym),
			after: null,
		});
		return synonym;
	});
}
