import type { Kysely } from "kysely";
import {
	type ActivityAction,
	type ActivityEntity,
	diffSnapshots,
	type FieldChange,
	parseChanges,
	type Snapshot,
} from "~/lib/activity";
import { type Paged, pageWindow } from "~/lib/admin-list";
import { db } from "~/lib/db.server";
import type { Database, User } from "~db/schema";

/** Who made a change: the signed-in administrator (requireAdmin's user). */
export type Actor = Pick<User, "id" | "username">;

/**
 * A change of a sale that no administrator made (issue #37): the buyer answering an offer, or the site
 * itself (the scheduled job ending a hold or an offer). Its row has no actor id and the name "@buyer" or
 * "@site", which no account can have ("@" is not allowed in usernames); /admin/activity says it in words.
 */
export type NonStaffActor = "buyer" | "site";

/** The table each kind of thing lives in. */
export const ACTIVITY_TABLES = {
	project: "projects",
	artist: "artists",
	slide: "hero_slides",
	user: "users",
	settings: "settings",
	request: "purchase_requests",
	mail: "outbox",
	synonym: "search_synonyms",
	consent_text: "consent_texts",
	personal_data: "personal_data_links",
} as const satisfies Record<ActivityEntity, keyof Database>;

/**
 * Every column the trail leaves out, and why (AUDITED_FIELDS in app/lib/activity.ts lists what it keeps).
 * A column in neither list fails tests/integration/audit-trail.test.ts, so a new one (an edit-conflict
 * `version`, say) is a deliberate line here or there, never a secret let through by accident.
 */
export const UNAUDITED_COLUMNS = {
	projects: {
		artist_id: "recorded as the artist's name (artist)",
		image_width: "follows the image",
		image_height: "follows the image",
		created_at: "bookkeeping: the row's own time says when",
		updated_at: "bookkeeping: the row's own time says when",
		version: "bookkeeping: the row's entity_version",
	},
	artists: {
		id: "the row's entity_id; never changes",
		image_width: "follows the image",
		image_height: "follows the image",
		version: "bookkeeping: the row's entity_version",
	},
	hero_slides: {
		id: "the row's entity_id",
		image_width: "follows the image",
		image_height: "follows the image",
		created_at: "bookkeeping",
		updated_at: "bookkeeping",
		version: "bookkeeping: the row's entity_version",
	},
	users: {
		id: "the row's entity_id",
		password_hash: "a secret: never recorded",
		email_verified_at: "set by the owner's link, not by administrators",
		language: "set by the owner's own visits",
		confirm_before_sign_in: "set by registration, not by administrators",
		created_at: "bookkeeping",
		updated_at: "bookkeeping",
		version: "bookkeeping: the row's entity_version",
	},
	settings: {
		id: "there is one row",
		updated_at: "bookkeeping",
		version: "bookkeeping: the row's entity_version",
	},
	purchase_requests: {
		id: "the row's entity_id",
		project_id: "the buyer's, never changed by administrators",
		project_name: "the row's label",
		project_price: "the buyer's, never changed by administrators",
		email: "the buyer's, never changed by administrators",
		phone: "the buyer's, never changed by administrators",
		user_id: "the buyer's, never changed by administrators",
		price_shown: "the buyer's, never changed by administrators",
		kind: "the buyer's, never changed by administrators",
		language: "the buyer's, never changed by administrators",
		created_at: "bookkeeping",
		updated_at: "bookkeeping",
		anonymised_at: "set by erasure or retention (recorded as personal_data), not by an edit",
		closed_at: "bookkeeping: the closing row's own time says when",
		available_notice_at: "set by the scheduled job when a hold ends, not by administrators",
		first_reply_at: "set by the conversation (the gallery's first message), not by an edit",
		unread_by_staff: "a counter kept by the conversation, not by an edit",
	},
	outbox: {
		id: "the row's entity_id",
		message_id: "the sender's, fixed when queued",
		kind: "the sender's, fixed when queued",
		to_address: "part of the row's label",
		language: "the sender's, fixed when queued",
		from_name: "the sender's, fixed when queued",
		subject: "part of the row's label",
		text_body: "the message itself: never copied into the trail",
		html_body: "the message itself: never copied into the trail",
		reference: "the sender's, fixed when queued",
		attempts: "bookkeeping of the sender",
		next_attempt_at: "bookkeeping of the sender",
		last_error: "bookkeeping of the sender",
		sent_at: "bookkeeping of the sender",
		created_at: "bookkeeping",
		recipient_key: "follows to_address",
		email_token_id: "the sender's, fixed when queued",
		reply_to: "the sender's, fixed when queued",
		request_link_id: "the sender's, fixed when queued",
	},
	search_synonyms: {
		id: "the row's entity_id",
		created_at: "bookkeeping",
		updated_at: "bookkeeping",
		version: "bookkeeping: the row's entity_version",
	},
	consent_texts: {
		id: "each version is a row of its own: the purpose is the entity_id",
		purpose: "the row's entity_id and label",
		version: "the row's entity_version",
		created_at: "bookkeeping: the row's own time says when",
		created_by: "the row's actor",
	},
	personal_data_links: {
		id: "not recorded: the trail counts what was exported or erased, never whose",
		email: "the person: never recorded",
		token_hash: "a secret's hash: never recorded",
		nonce: "a secret's seed: never recorded",
		expires_at: "the link's own",
		used_at: "the link's own",
		created_at: "the link's own",
	},
} satisfies Record<(typeof ACTIVITY_TABLES)[ActivityEntity], Record<string, string>>;

export interface ActivityRecord {
	entity: ActivityEntity;
	entityId: string | number;
	/** What the thing is called now (after the change; before it, for a deletion). */
	label: string;
	action: ActivityAction;
	/** The thing's recorded fields before the change (null: it is new) and after it (null: it is gone). */
	before: Snapshot | null;
	after: Snapshot | null;
	/**
	 * The thing's version after the change (docs/decisions/0023), so an edit form opened at an older one
	 * can be shown what changed since. None for a change that makes no version (a deletion, a move).
	 */
	version?: number;
}

/**
 * Appends the row that describes a change, through `executor`: the transaction of the change itself, so
 * the change and its row commit together or not at all (a row that cannot be written fails the change).
 * An update that changed nothing the trail records writes no row. Without an actor (start-up, the CLI,
 * tests that set things up) nothing is written: the trail is about what administrators did.
 */
export async function recordActivity(
	executor: Kysely<Database>,
	actor: Actor | NonStaffActor | undefined,
	record: ActivityRecord,
): Promise<void> {
	if (!actor) return;
	const who = typeof actor === "string" ? { id: null, username: `@${actor}` } : actor;
	const changes = diffSnapshots(record.before, record.after);
	if (changes.length === 0 && record.before && record.after) return;
	await executor
		.insertInto("audit_log")
		.values({
			created_at: new Date().toISOString(),
			actor_id: who.id,
			actor_username: who.username,
			entity_kind: record.entity,
			entity_id: String(record.entityId),
			entity_label: record.label,
			action: record.action,
			changes: JSON.stringify(changes),
			entity_version: record.version ?? null,
		})
		.execute();
}

/**
 * A thing that moved to a new id (a project's custom id) takes its history along, in the move's
 * transaction: its page links to it by the new id, and a new thing given the old id starts afresh.
 */
export async function moveActivity(
	executor: Kysely<Database>,
	entity: ActivityEntity,
	fromId: string,
	toId: string,
): Promise<void> {
	await executor
		.updateTable("audit_log")
		.set({ entity_id: toId })
		.where("entity_kind", "=", entity)
		.where("entity_id", "=", fromId)
		.execute();
}

/**
 * Where a thing that moved to a new id is now: an edit page opened before a project's custom id changed
 * still posts to the old id. The move's own row records the id's before and after, and its history was
 * re-pointed to the id it has now. Null when the id never moved (or the thing is gone).
 */
export async function movedTo(entity: ActivityEntity, oldId: string): Promise<string | null> {
	const rows = await db
		.selectFrom("audit_log")
		.select(["entity_id", "changes"])
		.where("entity_kind", "=", entity)
		// A cheap filter on the stored JSON; the parse below decides (LIKE's _ and % match too much).
		.where("changes", "like", `%"field":"id","before":${JSON.stringify(oldId)}%`)
		.orderBy("id", "desc")
		.limit(20)
		.execute();
	const move = rows.find((row) =>
		parseChanges(row.changes).some((change) => change.field === "id" && change.before === oldId),
	);
	return move?.entity_id ?? null;
}

export interface ActivityEntry {
	id: number;
	createdAt: string;
	actorId: number | null;
	actorUsername: string;
	entity: ActivityEntity;
	entityId: string;
	label: string;
	action: ActivityAction;
	changes: FieldChange[];
}

export interface ActivityFilter {
	entity?: ActivityEntity;
	/** One thing's history (with `entity`). */
	entityId?: string;
	actorId?: number;
	/** 1-based; past the end gives the last page. */
	page?: number;
}

/** The screen's page of rows, newest first, filtered by kind, thing and administrator. */
export async function listActivity(filter: ActivityFilter = {}): Promise<Paged<ActivityEntry>> {
	let query = db.selectFrom("audit_log");
	if (filter.entity) query = query.where("entity_kind", "=", filter.entity);
	if (filter.entity && filter.entityId !== undefined) query = query.where("entity_id", "=", filter.entityId);
	if (filter.actorId !== undefined) query = query.where("actor_id", "=", filter.actorId);
	const { total } = await query
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const window = pageWindow(Number(total), filter.page ?? 1);
	const rows = await query
		.selectAll()
		.orderBy("id", "desc")
		.limit(window.limit)
		.offset(window.offset)
		.execute();
	return {
		rows: rows.map((row) => ({
			id: row.id,
			createdAt: row.created_at,
			actorId: row.actor_id,
			actorUsername: row.actor_username,
			entity: row.entity_kind,
			entityId: row.entity_id,
			label: row.entity_label,
			action: row.action,
			changes: parseChanges(row.changes),
		})),
		total: Number(total),
		page: window.page,
		pageCount: window.pageCount,
	};
}

/** Everyone who has made a change, for the filter: by the username of their latest row. */
export async function listActivityActors(): Promise<Array<{ id: number; username: string }>> {
	const rows = await db
		.selectFrom("audit_log")
		.select(["actor_id", "actor_username"])
		.where("id", "in", (eb) =>
			eb
				.selectFrom("audit_log")
				.select((inner) => inner.fn.max("id").as("id"))
				.where("actor_id", "is not", null)
				.groupBy("actor_id"),
		)
		.orderBy("actor_username")
		.execute();
	return rows.flatMap((row) =>
		row.actor_id === null ? [] : [{ id: row.actor_id, username: row.actor_username }],
	);
}

/** The label of the newest row about one thing: the history's heading names it as it was last recorded. */
export async function latestActivityLabel(
	entity: ActivityEntity,
	entityId: string,
): Promise<string | undefined> {
	const row = await db
		.selectFrom("audit_log")
		.select("entity_label")
		.where("entity_kind", "=", entity)
		.where("entity_id", "=", entityId)
		.orderBy("id", "desc")
		.executeTakeFirst();
	return row?.entity_label;
}

/**
 * Which of the things the entries are about still exist, as "kind:id" keys, each with what the admin
 * screen finds it by (a user's name, a request's e-mail; the id for the others).
 */
export async function findExistingTargets(
	entries: ReadonlyArray<Pick<ActivityEntry, "entity" | "entityId">>,
): Promise<Map<string, string>> {
	const ids = (entity: ActivityEntity) => [
		...new Set(entries.filter((entry) => entry.entity === entity).map((entry) => entry.entityId)),
	];
	const numbers = (entity: ActivityEntity) =>
		ids(entity)
			.map(Number)
			.filter((id) => Number.isSafeInteger(id));
	const found = new Map<string, string>();
	const projectIds = ids("project");
	if (projectIds.length > 0) {
		for (const row of await db.selectFrom("projects").select("id").where("id", "in", projectIds).execute())
			found.set(`project:${row.id}`, row.id);
	}
	const artistIds = ids("artist");
	if (artistIds.length > 0) {
		for (const row of await db.selectFrom("artists").select("id").where("id", "in", artistIds).execute())
			found.set(`artist:${row.id}`, row.id);
	}
	const slideIds = numbers("slide");
	if (slideIds.length > 0) {
		for (const row of await db.selectFrom("hero_slides").select("id").where("id", "in", slideIds).execute())
			found.set(`slide:${row.id}`, String(row.id));
	}
	const userIds = numbers("user");
	if (userIds.length > 0) {
		const users = await db
			.selectFrom("users")
			.select(["id", "username"])
			.where("id", "in", userIds)
			.execute();
		for (const row of users) found.set(`user:${row.id}`, row.username);
	}
	const requestIds = numbers("request");
	if (requestIds.length > 0) {
		const requests = await db
			.selectFrom("purchase_requests")
			.select(["id", "email"])
			.where("id", "in", requestIds)
			.execute();
		for (const row of requests) found.set(`request:${row.id}`, row.email);
	}
	const mailIds = numbers("mail");
	if (mailIds.length > 0) {
		for (const row of await db.selectFrom("outbox").select("id").where("id", "in", mailIds).execute())
			found.set(`mail:${row.id}`, String(row.id));
	}
	const synonymIds = numbers("synonym");
	if (synonymIds.length > 0) {
		for (const row of await db
			.selectFrom("search_synonyms")
			.select("id")
			.where("id", "in", synonymIds)
			.execute())
			found.set(`synonym:${row.id}`, String(row.id));
	}
	if (entries.some((entry) => entry.entity === "settings")) found.set("settings:1", "1");
	// Consent texts are never deleted: every purpose the trail names is there.
	for (const purpose of ids("consent_text")) found.set(`consent_text:${purpose}`, purpose);
	return found;
}
