/**
 * The audit trail's vocabulary, shared by the models that write it and the screen that reads it
 * (/admin/activity). docs/decisions/0021-audit-trail.md has the design.
 */

export const ACTIVITY_ENTITIES = [
	"project",
	"artist",
	"slide",
	"user",
	"settings",
	"request",
	"mail",
	"synonym",
	/** A consent text (/admin/consents): each save is a new version; the row's id is the purpose. */
	"consent_text",
	/** A person's data exported or erased by an administrator (/admin/personal-data): counts, never who. */
	"personal_data",
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

export const ACTIVITY_ACTIONS = [
	"created",
	"updated",
	"deleted",
	"moved",
	"status_changed",
	"role_changed",
	/** The requests list downloaded as CSV (every buyer's e-mail and phone): its filter and row count. */
	"exported",
	/** A failed message sent again from /admin/mail. */
	"requeued",
	/** A person's data erased (accounts removed, requests anonymised): /admin/personal-data. */
	"erased",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export function isActivityEntity(value: unknown): value is ActivityEntity {
	return typeof value === "string" && (ACTIVITY_ENTITIES as readonly string[]).includes(value);
}

/** A recorded value: what the column held (flags as booleans), or a gallery's image keys in their order. */
export type ActivityValue = string | number | boolean | null | string[];

export interface FieldChange {
	field: string;
	before: ActivityValue;
	after: ActivityValue;
}

/** The recorded fields of one thing at one moment. */
export type Snapshot = Record<string, ActivityValue>;

/** How a recorded value reads on the screen (the translated word of a status, "Yes" for a flag …). */
export type FieldKind =
	| "text"
	| "longText"
	| "number"
	| "price"
	| "flag"
	| "image"
	| "gallery"
	| "category"
	| "projectStatus"
	| "availability"
	| "role"
	| "userStatus"
	| "requestStatus"
	| "mailStatus";

/**
 * What the trail records of each kind of thing, in the order the screen lists it. A whitelist: a column
 * that is not here (a password hash, a token, bookkeeping such as updated_at or a future `version`) never
 * reaches a row; app/models/activity.server.ts names every column left out and why, and
 * tests/integration/audit-trail.test.ts fails when a table gains a column that is in neither list.
 * `artist` (the artist's name), `gallery` (the gallery's image keys, in order) and `gallery_alt` (its alt
 * texts, numbered) are worked out, not columns.
 */
export const AUDITED_FIELDS = {
	project: {
		id: "text",
		name: "text",
		artist: "text",
		category: "category",
		price: "price",
		status: "projectStatus",
		availability: "availability",
		collection: "text",
		featured: "flag",
		featured_order: "number",
		link: "text",
		description_en: "longText",
		description_ru: "longText",
		dimensions: "text",
		materials_en: "text",
		materials_ru: "text",
		year: "number",
		edition_size: "number",
		image: "image",
		gallery: "gallery",
		gallery_alt: "longText",
	},
	artist: {
		name: "text",
		city_en: "text",
		city_ru: "text",
		website: "text",
		sort_order: "number",
		description_en: "longText",
		description_ru: "longText",
		image: "image",
	},
	slide: {
		title_en: "text",
		title_ru: "text",
		subtitle_en: "text",
		subtitle_ru: "text",
		category: "category",
		is_active: "flag",
		sort_order: "number",
		image_url: "image",
	},
	user: { username: "text", email: "text", phone: "text", role: "role", status: "userStatus" },
	settings: {
		shop_name: "text",
		shop_description: "longText",
		maintenance_mode: "flag",
		allow_registration: "flag",
		email_notifications: "flag",
		admin_email: "text",
		buyer_status_emails: "flag",
		audio_url: "text",
		shop_name_en: "text",
		retention_months: "number",
		seller_legal_name: "text",
		seller_inn: "text",
		seller_ogrn: "text",
		seller_legal_address: "text",
		privacy_email: "text",
		sales_email: "text",
	},
	/**
	 * `hold_until` (the calendar day, Moscow time) and `offer` ("№ id: price, day, status") are worked out from
	 * the request's hold and offers (app/services/sale.server.ts); `outcome` is how it was closed.
	 */
	request: { status: "requestStatus", note: "longText", outcome: "text", hold_until: "text", offer: "text" },
	mail: { status: "mailStatus" },
	/** A search synonym group (/admin/search): its words or phrases, one a line. */
	synonym: { phrases: "longText" },
	consent_text: { body_en: "longText", body_ru: "longText" },
	/** How much was exported or erased; the person is never named in the trail (they asked to be forgotten). */
	personal_data: { accounts: "number", requests: "number", consents: "number", favourites: "number" },
} as const satisfies Record<ActivityEntity, Record<string, FieldKind>>;

export function fieldKind(entity: ActivityEntity, field: string): FieldKind {
	const fields: Record<string, FieldKind> = AUDITED_FIELDS[entity];
	return fields[field] ?? "text";
}

function toValue(value: unknown): ActivityValue {
	if (value === undefined || value === null) return null;
	if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
	if (Array.isArray(value)) return value.map(String);
	return String(value);
}

/** The recorded fields of `row` (a table row, plus any worked-out fields): only those AUDITED_FIELDS names. */
export function snapshotOf(entity: ActivityEntity, row: object): Snapshot {
	const values = row as Record<string, unknown>;
	const snapshot: Snapshot = {};
	for (const [field, kind] of Object.entries(AUDITED_FIELDS[entity])) {
		if (!(field in values)) continue;
		snapshot[field] = kind === "flag" ? Boolean(values[field]) : toValue(values[field]);
	}
	return snapshot;
}

function isEmpty(value: ActivityValue): boolean {
	return value === null || value === "" || value === false || (Array.isArray(value) && value.length === 0);
}

function same(a: ActivityValue, b: ActivityValue): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields that differ between two snapshots, in the recorded order. A new thing (no `before`) lists
 * what it was given, a deleted one (no `after`) what it had: empty values are left out of both.
 */
export function diffSnapshots(before: Snapshot | null, after: Snapshot | null): FieldChange[] {
	const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
	const changes: FieldChange[] = [];
	for (const field of fields) {
		const old = before ? (before[field] ?? null) : null;
		const now = after ? (after[field] ?? null) : null;
		if (!before && isEmpty(now)) continue;
		if (!after && isEmpty(old)) continue;
		if (before && after && same(old, now)) continue;
		changes.push({ field, before: old, after: now });
	}
	return changes;
}

function isValue(value: unknown): value is ActivityValue {
	return (
		value === null ||
		["string", "number", "boolean"].includes(typeof value) ||
		(Array.isArray(value) && value.every((item) => typeof item === "string"))
	);
}

/** A row's `changes` column read back; anything unreadable is left out rather than breaking the screen. */
export function parseChanges(json: string): FieldChange[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(json);
	} catch {
		return [];
	}
	if (!Array.isArray(parsed)) return [];
	return parsed.flatMap((item: unknown) => {
		if (typeof item !== "object" || item === null) return [];
		const { field, before, after } = item as Record<string, unknown>;
		if (typeof field !== "string" || !isValue(before ?? null) || !isValue(after ?? null)) return [];
		return [{ field, before: (before ?? null) as ActivityValue, after: (after ?? null) as ActivityValue }];
	});
}

/** How much of a long text the screen shows, and how much around a change. */
const EXCERPT_LIMIT = 120;
const EXCERPT_CONTEXT = 40;

/** `text` cut to about `limit` characters at a word boundary, with "…" where it was cut. */
export function shorten(text: string, limit = EXCERPT_LIMIT): string {
	const chars = Array.from(text);
	if (chars.length <= limit) return text;
	const head = chars.slice(0, limit).join("");
	const space = head.lastIndexOf(" ");
	return `${(space > limit / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/**
 * Two versions of a long text as the screen shows them: short ones whole; long ones around the part that
 * changed (a word edited in a long description shows with its neighbours, not the first lines twice).
 */
export function changedExcerpts(before: string, after: string, limit = EXCERPT_LIMIT): [string, string] {
	const a = Array.from(before);
	const b = Array.from(after);
	if (a.length <= limit && b.length <= limit) return [before, after];
	const shortest = Math.min(a.length, b.length);
	let start = 0;
	while (start < shortest && a[start] === b[start]) start += 1;
	let end = 0;
	while (end < shortest - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
	const excerpt = (chars: string[]): string => {
		let from = Math.max(0, start - EXCERPT_CONTEXT);
		// Start at a word: after the first space of the context, if there is one.
		if (from > 0) {
			const space = chars.slice(from, start).indexOf(" ");
			if (space >= 0) from += space + 1;
		}
		let to = Math.min(chars.length, Math.max(chars.length - end, start) + EXCERPT_CONTEXT);
		if (to - from > limit) to = from + limit;
		if (to < chars.length) {
			const space = chars.slice(from, to).lastIndexOf(" ");
			if (space > (to - from) / 2) to = from + space;
		}
		const middle = chars.slice(from, to).join("").trim();
		return `${from > 0 ? "…" : ""}${middle}${to < chars.length ? "…" : ""}`;
	};
	return [excerpt(a), excerpt(b)];
}

/** A gallery's change in numbers: how many pictures before and after, added, removed, and whether the order changed. */
export function galleryChange(before: ActivityValue, after: ActivityValue) {
	const old = Array.isArray(before) ? before : [];
	const now = Array.isArray(after) ? after : [];
	const added = now.filter((key) => !old.includes(key)).length;
	const removed = old.filter((key) => !now.includes(key)).length;
	const kept = now.filter((key) => old.includes(key));
	const reordered = kept.join("\n") !== old.filter((key) => now.includes(key)).join("\n");
	return { before: old.length, after: now.length, added, removed, reordered };
}

/** What happened to an image field: a picture where there was none, none where there was one, or another. */
export function imageChange(before: ActivityValue, after: ActivityValue): "added" | "removed" | "replaced" {
	if (!before) return "added";
	if (!after) return "removed";
	return "replaced";
}
