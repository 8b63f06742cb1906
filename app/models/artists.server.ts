import { sql } from "kysely";
import { snapshotOf } from "~/lib/activity";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import { indexArtist } from "~/lib/search/documents.server";
import { foldForSearch } from "~db/connection";
import type { Artist } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";
import { countPublished, listBusiestArtistIds } from "./catalogue-counts.server";
import { changedAnything, EditConflictError, nextVersion } from "./edit-conflicts.server";
import { claimFormToken, settleFormToken } from "./form-submissions.server";

/** An artist with the number of their published works. */
export type ArtistWithWorkCount = Artist & { work_count: number };

export async function listArtists(): Promise<Artist[]> {
	return db.selectFrom("artists").selectAll().orderBy("sort_order").orderBy("name").execute();
}

/**
 * Every artist with their work count, in one query, counted by artist id like every list: published works
 * for the public pages, drafts too for the admin list.
 */
export async function listArtistsWithWorkCount(
	options: { includeDrafts?: boolean } = {},
): Promise<ArtistWithWorkCount[]> {
	return db
		.selectFrom("artists")
		.leftJoin("projects", (join) => {
			const works = join.onRef("projects.artist_id", "=", "artists.id");
			return options.includeDrafts ? works : works.on("projects.status", "=", "published");
		})
		.selectAll("artists")
		.select((eb) => eb.fn.count<number>("projects.id").as("work_count"))
		.groupBy("artists.id")
		.orderBy("artists.sort_order")
		.orderBy("artists.name")
		.execute();
}

/** Id and name of every artist, for the admin form's list. */
export async function listArtistOptions(): Promise<Array<{ id: string; name: string }>> {
	return db.selectFrom("artists").select(["id", "name"]).orderBy("name").execute();
}

/**
 * The shop's designer filter: the `limit` artists with the most published works, and the one chosen (if it
 * has any), by name. A filter of every artist would outgrow the page as the gallery grows; the others are
 * a click away on /artists.
 */
export async function listShopDesigners(
	limit: number,
	chosen?: string,
): Promise<Array<{ id: string; name: string }>> {
	const ids = await listBusiestArtistIds(limit);
	if (chosen && !ids.includes(chosen) && (await countPublished({ artistId: chosen })) > 0) ids.push(chosen);
	if (ids.length === 0) return [];
	return db.selectFrom("artists").select(["id", "name"]).where("id", "in", ids).orderBy("name").execute();
}

/** One page of artists in the gallery's order (/artists). */
export async function listArtistsPage(slice: { offset: number; limit: number }): Promise<Artist[]> {
	return db
		.selectFrom("artists")
		.selectAll()
		.orderBy("sort_order")
		.orderBy("name")
		.limit(slice.limit)
		.offset(slice.offset)
		.execute();
}

/** Artists by id, `limit` from the `offset`-th, with their portraits: a sitemap file's. */
export async function listArtistsForSitemap(slice: {
	offset: number;
	limit: number;
}): Promise<Array<{ id: string; image: string | null }>> {
	return db
		.selectFrom("artists")
		.select(["id", "image"])
		.orderBy("id")
		.limit(slice.limit)
		.offset(slice.offset)
		.execute();
}

export async function countArtists(): Promise<number> {
	const { n } = await db
		.selectFrom("artists")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(n);
}

export async function getArtistById(id: string): Promise<Artist | undefined> {
	return db.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------------
// Admin: create, update, delete. A portrait is stored before these run (slow, outside the transaction);
// each returns the image keys its change stopped using, for the caller to remove with deleteImageIfUnused
// once the transaction has committed.

/** What the artist form edits, apart from the id and the portrait. */
export interface ArtistFields {
	name: string;
	description_en: string;
	description_ru: string;
	city_en: string;
	city_ru: string;
	website: string | null;
	sort_order: number;
}

export interface ArtistImage {
	key: string;
	width: number;
	height: number;
}

export class ArtistIdTakenError extends Error {
	override name = "ArtistIdTakenError";
	constructor(readonly id: string) {
		super(`An artist with ID ${id} already exists`);
	}
}

export class ArtistNameTakenError extends Error {
	override name = "ArtistNameTakenError";
	constructor(readonly artistName: string) {
		super(`An artist named ${artistName} already exists`);
	}
}

type Executor = Pick<typeof db, "selectFrom">;

/** Names are unique ignoring case (Cyrillic too) and ё/е: "OWL" and "Owl" are one artist. */
async function nameTaken(executor: Executor, name: string, exceptId?: string): Promise<boolean> {
	let query = executor
		.selectFrom("artists")
		.select("id")
		.where(sql<string>`search_fold(name)`, "=", foldForSearch(name.trim()));
	if (exceptId) query = query.where("id", "!=", exceptId);
	return Boolean(await query.executeTakeFirst());
}

export async function artistIdExists(id: string): Promise<boolean> {
	return Boolean(await db.selectFrom("artists").select("id").where("id", "=", id).executeTakeFirst());
}

/** The first free id from `base`: base, base-2, base-3 … */
export async function freeArtistId(base: string): Promise<string> {
	const taken = new Set(
		(
			await db
				.selectFrom("artists")
				.select("id")
				.where((eb) => eb.or([eb("id", "=", base), eb("id", "like", `${base}-%`)]))
				.execute()
		).map((row) => row.id),
	);
	let candidate = base;
	for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
	return candidate;
}

/**
 * Adds an artist; throws ArtistIdTakenError / ArtistNameTakenError (checked in the same transaction).
 * `actor`, the administrator, is recorded in the audit trail with it.
 */
export async function createArtist(
	input: {
		id: string;
		fields: ArtistFields;
		image: ArtistImage | null;
		/** The add form's one-time token, used in the same transaction (a repeated post adds nothing). */
		claim?: FormClaim<Artist>;
	},
	actor?: Actor,
): Promise<Artist> {
	return db.transaction().execute(async (trx) => {
		await claimFormToken(trx, input.claim);
		if (await trx.selectFrom("artists").select("id").where("id", "=", input.id).executeTakeFirst()) {
			throw new ArtistIdTakenError(input.id);
		}
		if (await nameTaken(trx, input.fields.name)) throw new ArtistNameTakenError(input.fields.name);
		const artist = await trx
			.insertInto("artists")
			.values({
				id: input.id,
				...input.fields,
				image: input.image?.key ?? null,
				image_width: input.image?.width ?? null,
				image_height: input.image?.height ?? null,
			})
			.returningAll()
			.executeTakeFirstOrThrow();
		await indexArtist(trx, artist.id);
		await recordActivity(trx, actor, {
			entity: "artist",
			entityId: artist.id,
			label: artist.name,
			action: "created",
			before: null,
			after: snapshotOf("artist", artist),
			version: artist.version,
		});
		await settleFormToken(trx, input.claim, artist);
		return artist;
	});
}

/**
 * Saves an artist's fields; `image` is a new portrait, null to remove the current one, undefined to keep
 * it. The id never changes. Undefined when the artist does not exist; throws ArtistNameTakenError, and
 * EditConflictError when the artist is no longer at `version` (the one the form was opened at; scripts may
 * leave it out): then nothing is written. What changed is recorded in the audit trail as `actor`'s (a
 * save that changed nothing records nothing and keeps the version).
 */
export async function updateArtist(
	id: string,
	fields: ArtistFields,
	image: ArtistImage | null | undefined,
	actor?: Actor,
	version?: number,
): Promise<{ artist: Artist; releasedKeys: string[] } | undefined> {
	return db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirst();
		if (!before) return undefined;
		// Early, so a stale form is told what changed rather than a rule it may no longer break; the save's
		// own `where version = ?` below is what guarantees it.
		if (version !== undefined && before.version !== version) throw new EditConflictError();
		if (await nameTaken(trx, fields.name, id)) throw new ArtistNameTakenError(fields.name);
		let save = trx
			.updateTable("artists")
			.set({
				...fields,
				...(image === undefined
					? {}
					: {
							image: image?.key ?? null,
							image_width: image?.width ?? null,
							image_height: image?.height ?? null,
						}),
				version: nextVersion,
			})
			.where("id", "=", id);
		if (version !== undefined) save = save.where("version", "=", version);
		let artist = await save.returningAll().executeTakeFirst();
		if (!artist) throw new EditConflictError();
		if (!changedAnything(snapshotOf("artist", before), snapshotOf("artist", artist))) {
			artist = await trx
				.updateTable("artists")
				.set({ version: before.version })
				.where("id", "=", id)
				.returningAll()
				.executeTakeFirstOrThrow();
		}
		// A rename changes what every work of theirs is found by: reindexed in this transaction.
		if (artist.name !== before.name) await indexArtist(trx, artist.id);
		await recordActivity(trx, actor, {
			entity: "artist",
			entityId: artist.id,
			label: artist.name,
			action: "updated",
			before: snapshotOf("artist", before),
			after: snapshotOf("artist", artist),
			version: artist.version,
		});
		const releasedKeys = before.image && before.image !== artist.image ? [before.image] : [];
		return { artist, releasedKeys };
	});
}

export type ArtistDeletion =
	| { status: "deleted"; artist: Artist; releasedKeys: string[] }
	| { status: "has-works"; artist: Artist; works: number }
	| { status: "not-found" };

/**
 * Deletes an artist unless works (drafts included) still point to them: counted in the same transaction
 * as the delete, so a project added meanwhile cannot be orphaned (the foreign key is RESTRICT as well).
 * With `version` (the one the list was shown with) it deletes only that version: EditConflictError, and
 * nothing deleted, when the artist changed since.
 */
export async function deleteArtist(id: string, actor?: Actor, version?: number): Promise<ArtistDeletion> {
	return db.transaction().execute(async (trx) => {
		const artist = await trx.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirst();
		if (!artist) return { status: "not-found" as const };
		const { works } = await trx
			.selectFrom("projects")
			.select((eb) => eb.fn.countAll<number>().as("works"))
			.where("artist_id", "=", id)
			.executeTakeFirstOrThrow();
		if (Number(works) > 0) return { status: "has-works" as const, artist, works: Number(works) };
		let remove = trx.deleteFrom("artists").where("id", "=", id);
		if (version !== undefined) remove = remove.where("version", "=", version);
		const { numDeletedRows } = await remove.executeTakeFirst();
		if (Number(numDeletedRows) === 0) throw new EditConflictError();
		await recordActivity(trx, actor, {
			entity: "artist",
			entityId: artist.id,
			label: artist.name,
			action: "deleted",
			before: snapshotOf("artist", artist),
			after: null,
		});
		return { status: "deleted" as const, artist, releasedKeys: artist.image ? [artist.image] : [] };
	});
}
