import { type Kysely, type Selectable, sql } from "kysely";
import { snapshotOf } from "~/lib/activity";
import { type ConsentPurposeName, isConsentPurpose } from "~/lib/consent";
import { db } from "~/lib/db.server";
import { uniqueViolation } from "~db/dialect";
import type { ConsentsTable, ConsentTextsTable, Database } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";

/**
 * Consent texts (one versioned document per purpose, migration 0018) and the consent record: who gave or
 * withdrew which version of which text, when, from where and how (docs/decisions/0031-consent-records.md).
 * The texts are never edited in place: a save is a new row with the next version, so every record points
 * at the words the person saw. The record is append-only and written by the caller's transaction, beside
 * what it consents to (a purchase request, a new account), so neither exists without the other.
 */

export type { ConsentPurposeName };
export type ConsentText = Selectable<ConsentTextsTable>;

/** The version in force: the newest one. */
export async function getCurrentConsentText(
	purpose: ConsentPurposeName,
	executor: Kysely<Database> = db,
): Promise<ConsentText | undefined> {
	return executor
		.selectFrom("consent_texts")
		.selectAll()
		.where("purpose", "=", purpose)
		.orderBy("version", "desc")
		.limit(1)
		.executeTakeFirst();
}

/** One version of a purpose's text, current or old; undefined when there is no such version. */
export async function getConsentText(
	purpose: ConsentPurposeName,
	version: number,
	executor: Kysely<Database> = db,
): Promise<ConsentText | undefined> {
	if (!Number.isSafeInteger(version) || version < 1) return undefined;
	return executor
		.selectFrom("consent_texts")
		.selectAll()
		.where("purpose", "=", purpose)
		.where("version", "=", version)
		.executeTakeFirst();
}

/** Every version of a purpose's text, newest first. */
export async function listConsentTexts(
	purpose: ConsentPurposeName,
	executor: Kysely<Database> = db,
): Promise<ConsentText[]> {
	return executor
		.selectFrom("consent_texts")
		.selectAll()
		.where("purpose", "=", purpose)
		.orderBy("version", "desc")
		.execute();
}

/** The text was saved again since the editor was opened (or two saves raced for one version). */
export class ConsentTextChangedError extends Error {}

/**
 * An administrator's new wording: a new row with the next version, in one transaction with its row in the
 * audit trail (the text before → after). `basedOn` is the version the editor showed: when another has been
 * saved since, nothing is written (ConsentTextChangedError). Two saves at once cannot both take the same
 * version: the unique (purpose, version) key refuses the second, the same error.
 */
export async function saveConsentText(input: {
	purpose: ConsentPurposeName;
	basedOn: number;
	bodyEn: string;
	bodyRu: string;
	actor: Actor;
}): Promise<ConsentText> {
	try {
		return await insertConsentText(input);
	} catch (error) {
		if (uniqueViolation(error) !== null)
			throw new ConsentTextChangedError("Another version was saved meanwhile");
		throw error;
	}
}

function insertConsentText(input: {
	purpose: ConsentPurposeName;
	basedOn: number;
	bodyEn: string;
	bodyRu: string;
	actor: Actor;
}): Promise<ConsentText> {
	return db.transaction().execute(async (trx) => {
		const current = await getCurrentConsentText(input.purpose, trx);
		if ((current?.version ?? 0) !== input.basedOn)
			throw new ConsentTextChangedError("Another version was saved meanwhile");
		const saved = await trx
			.insertInto("consent_texts")
			.values({
				purpose: input.purpose,
				version: (current?.version ?? 0) + 1,
				body_en: input.bodyEn,
				body_ru: input.bodyRu,
				created_at: new Date().toISOString(),
				created_by: input.actor.username,
			})
			.returningAll()
			.executeTakeFirstOrThrow();
		await recordActivity(trx, input.actor, {
			entity: "consent_text",
			entityId: input.purpose,
			label: input.purpose,
			action: current ? "updated" : "created",
			before: current ? snapshotOf("consent_text", current) : null,
			after: snapshotOf("consent_text", saved),
			version: saved.version,
		});
		return saved;
	});
}

/**
 * What a phone is found by: its digits, with the leading + kept ("+7 (916) 555-44-33" and "+79165554433"
 * are one number). Records and searches both go through it.
 */
export function phoneKey(phone: string | null | undefined): string {
	const trimmed = (phone ?? "").trim();
	const digits = trimmed.replace(/\D/g, "");
	if (!digits) return "";
	return trimmed.startsWith("+") ? `+${digits}` : digits;
}

export interface ConsentEvent {
	purpose: ConsentPurposeName;
	version: number;
	action: "given" | "withdrawn";
	method: ConsentsTable["method"];
	userId?: number | null;
	email?: string | null;
	phone?: string | null;
	/** The client's address as the server saw it (app/lib/rate-limit.server.ts clientAddress). */
	clientAddress: string;
	requestId?: number | null;
}

/** Appends a consent given or withdrawn, through the caller's transaction. */
export async function recordConsent(executor: Kysely<Database>, event: ConsentEvent): Promise<void> {
	await executor
		.insertInto("consents")
		.values({
			purpose: event.purpose,
			text_version: event.version,
			action: event.action,
			method: event.method,
			user_id: event.userId ?? null,
			email: (event.email ?? "").trim().toLowerCase(),
			phone: phoneKey(event.phone),
			client_address: event.clientAddress,
			request_id: event.requestId ?? null,
			created_at: new Date().toISOString(),
		})
		.execute();
}

export interface ConsentRecord {
	id: number;
	purpose: ConsentPurposeName;
	version: number;
	action: "given" | "withdrawn";
	method: ConsentsTable["method"];
	userId: number | null;
	email: string;
	phone: string;
	clientAddress: string;
	requestId: number | null;
	createdAt: string;
}

/** How many records a lookup lists: one person's history is short; a shared address is cut here. */
const LOOKUP_LIMIT = 200;

function toRecord(row: {
	id: number;
	purpose: string;
	text_version: number;
	action: "given" | "withdrawn";
	method: ConsentsTable["method"];
	user_id: number | null;
	email: string;
	phone: string;
	client_address: string;
	request_id: number | null;
	created_at: string;
}): ConsentRecord | [] {
	if (!isConsentPurpose(row.purpose)) return [];
	return {
		id: row.id,
		purpose: row.purpose,
		version: row.text_version,
		action: row.action,
		method: row.method,
		userId: row.user_id,
		email: row.email,
		phone: row.phone,
		clientAddress: row.client_address,
		requestId: row.request_id,
		createdAt: row.created_at,
	};
}

/**
 * A person's consents, newest first, found by what they gave: an e-mail (any case) or a phone (any
 * spacing). Also the consents of the account that uses that e-mail, whatever address the record holds.
 */
export async function findConsentsByContact(contact: string): Promise<ConsentRecord[]> {
	const query = contact.trim();
	if (!query) return [];
	if (query.includes("@")) {
		const email = query.toLowerCase();
		const rows = await db
			.selectFrom("consents")
			.selectAll()
			.where((eb) =>
				eb.or([
					eb("email", "=", email),
					eb(
						"user_id",
						"in",
						eb.selectFrom("users").select("id").where(sql`email`, "=", sql<string>`${email} collate nocase`),
					),
				]),
			)
			.orderBy("id", "desc")
			.limit(LOOKUP_LIMIT)
			.execute();
		return rows.flatMap(toRecord);
	}
	const phone = phoneKey(query);
	if (!phone) return [];
	const rows = await db
		.selectFrom("consents")
		.selectAll()
		.where("phone", "=", phone)
		.orderBy("id", "desc")
		.limit(LOOKUP_LIMIT)
		.execute();
	return rows.flatMap(toRecord);
}

/**
 * The consents an account holds: those given while signed in to it (or by its registration) and, once its
 * address is confirmed, those given with that address as a guest (as "My orders" counts requests:
 * listRequestsForUser). Newest first.
 */
export async function listConsentsOfUser(user: {
	id: number;
	email: string;
	email_verified_at: string | null;
}): Promise<ConsentRecord[]> {
	const email = user.email.trim().toLowerCase();
	const rows = await db
		.selectFrom("consents")
		.selectAll()
		.where((eb) =>
			user.email_verified_at
				? eb.or([eb("user_id", "=", user.id), eb("email", "=", email)])
				: eb("user_id", "=", user.id),
		)
		.orderBy("id", "desc")
		.limit(LOOKUP_LIMIT)
		.execute();
	return rows.flatMap(toRecord);
}

/**
 * Each purpose's standing for an account: the newest record of it (given or withdrawn). A purpose never
 * consented to is absent.
 */
export async function currentConsentsOfUser(user: {
	id: number;
	email: string;
	email_verified_at: string | null;
}): Promise<ConsentRecord[]> {
	const records = await listConsentsOfUser(user);
	const latest = new Map<ConsentPurposeName, ConsentRecord>();
	for (const record of records) if (!latest.has(record.purpose)) latest.set(record.purpose, record);
	return [...latest.values()];
}
