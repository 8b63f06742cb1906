import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import { db } from "~/lib/db.server";
import { escapeHtml } from "~/lib/escape-html";
import { mailboxKey } from "~/lib/mail.server";
import { formatPhone, normalisePhone } from "~/lib/phone";
import { typesetName } from "~/lib/typography.server";
import type { Database, PurchaseRequestStatus, User } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";

/**
 * One person's data, wherever it is (docs/decisions/0032-personal-data.md): the accounts named by
 * `userIds` with everything that hangs on them, and the guests' requests and consents (made signed out) with
 * one of `emails` (compared in lower case) or `phones` (compared by their digits). Who may ask for which
 * scope is the caller's business: the account's owner gets their account and, once its address is
 * confirmed, the guest requests with it; a guest's mailed link proves an address; an administrator names
 * an address or a phone.
 */
export interface PersonScope {
	userIds: number[];
	emails: string[];
	phones: string[];
}

/** What stands in for an erased e-mail, phone or name inside texts that keep their other words. */
export const ERASED = "[erased]";

export function digitsOf(phone: string): string {
	return phone.replace(/\D/g, "");
}

/** The column's digits only (what a phone field may hold besides them: spaces, brackets, dashes, a +). */
function phoneDigits(column: string) {
	return sql<string>`replace(replace(replace(replace(replace(${sql.ref(column)}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`;
}

/** The account's own scope: its rows, and the guest requests with its address once the address is proven. */
export function accountScope(user: Pick<User, "id" | "email" | "email_verified_at">): PersonScope {
	return { userIds: [user.id], emails: user.email_verified_at ? [user.email.toLowerCase()] : [], phones: [] };
}

/** A guest's scope, from an address their mailed link proved: the requests and consents given signed out. */
export function guestScope(email: string): PersonScope {
	return { userIds: [], emails: [email.trim().toLowerCase()], phones: [] };
}

/**
 * An administrator's search for a person who asked by phone or letter: accounts with that address (or
 * phone) and everything made signed out with it. Blank or too short a phone finds nothing.
 */
export async function findPersonScope(
	query: { email?: string; phone?: string },
	executor: Kysely<Database> = db,
): Promise<PersonScope> {
	const email = query.email?.trim().toLowerCase() ?? "";
	// Typed as a person reads it out ("8 916 123 45 67"): the stored form's digits (+7…).
	const phone = digitsOf(normalisePhone(query.phone ?? ""));
	if (!email && phone.length < 6) return { userIds: [], emails: [], phones: [] };
	const users = await executor
		.selectFrom("users")
		.select("id")
		.where((eb) =>
			eb.or([
				...(email ? [eb(sql`lower(email)`, "=", email)] : []),
				...(phone ? [eb(phoneDigits("phone"), "=", phone)] : []),
			]),
		)
		.execute();
	return {
		userIds: users.map((user) => user.id),
		emails: email ? [email] : [],
		phones: phone ? [phone] : [],
	};
}

function isEmpty(scope: PersonScope): boolean {
	return scope.userIds.length === 0 && scope.emails.length === 0 && scope.phones.length === 0;
}

/** Rows of a table with user_id, email and phone that belong to the scope (guests' rows by contact only). */
function belongsTo(scope: PersonScope) {
	return (eb: {
		or: (list: Expression<SqlBool>[]) => Expression<SqlBool>;
		and: (list: Expression<SqlBool>[]) => Expression<SqlBool>;
		// biome-ignore lint/suspicious/noExplicitAny: the expression builder of either table
		(...args: any[]): Expression<SqlBool>;
	}) => {
		const byContact = [
			...(scope.emails.length > 0 ? [eb(sql`lower(email)`, "in", scope.emails)] : []),
			...(scope.phones.length > 0 ? [eb(phoneDigits("phone"), "in", scope.phones)] : []),
		];
		return eb.or([
			...(scope.userIds.length > 0 ? [eb("user_id", "in", scope.userIds)] : []),
			...(byContact.length > 0 ? [eb.and([eb("user_id", "is", null), eb.or(byContact)])] : []),
		]);
	};
}

function requestsIn(executor: Kysely<Database>, scope: PersonScope) {
	return executor.selectFrom("purchase_requests").where(belongsTo(scope));
}

function consentsIn(executor: Kysely<Database>, scope: PersonScope) {
	return executor.selectFrom("consents").where(belongsTo(scope));
}

export interface PersonalDataExport {
	exportedAt: string;
	accounts: Array<{
		username: string;
		email: string;
		phone: string | null;
		language: string;
		role: string;
		emailVerifiedAt: string | null;
		createdAt: string;
	}>;
	/** Each request as the buyer made it and where it stands; the gallery's internal note is never in it. */
	requests: Array<{
		id: number;
		piece: string;
		price: number | null;
		kind: string;
		status: PurchaseRequestStatus;
		email: string;
		phone: string;
		language: string;
		createdAt: string;
		updatedAt: string;
	}>;
	/**
	 * The conversation on each of those requests (issue #37), both sides, as the buyer's page shows it: the
	 * staff's internal notes are never in it.
	 */
	messages: Array<{
		requestId: number;
		from: "buyer" | "gallery";
		body: string;
		via: string;
		createdAt: string;
	}>;
	favourites: Array<{ piece: string; projectId: string; addedAt: string }>;
	consents: Array<{
		purpose: string;
		textVersion: number;
		action: string;
		method: string;
		email: string;
		phone: string;
		clientAddress: string;
		createdAt: string;
	}>;
}

/** Everything held about the scope's person, as they may take it away (JSON). */
export async function exportPersonalData(
	scope: PersonScope,
	executor: Kysely<Database> = db,
	now = new Date(),
): Promise<PersonalDataExport> {
	const empty: PersonalDataExport = {
		exportedAt: now.toISOString(),
		accounts: [],
		requests: [],
		messages: [],
		favourites: [],
		consents: [],
	};
	if (isEmpty(scope)) return empty;
	const [accounts, requests, favourites, consents] = await Promise.all([
		scope.userIds.length > 0
			? executor.selectFrom("users").selectAll().where("id", "in", scope.userIds).orderBy("id").execute()
			: [],
		requestsIn(executor, scope)
			// Not `note`: the gallery's internal note is not written for the buyer.
			.select([
				"id",
				"project_name",
				"project_price",
				"price_shown",
				"kind",
				"status",
				"email",
				"phone",
				"language",
				"created_at",
				"updated_at",
			])
			.where("anonymised_at", "is", null)
			.orderBy("id")
			.execute(),
		scope.userIds.length > 0
			? executor
					.selectFrom("favourites")
					.innerJoin("projects", "projects.id", "favourites.project_id")
					.select(["projects.name", "favourites.project_id", "favourites.created_at"])
					.where("favourites.user_id", "in", scope.userIds)
					.orderBy("favourites.created_at")
					.execute()
			: [],
		consentsIn(executor, scope).selectAll().orderBy("id").execute(),
	]);
	const messages =
		requests.length > 0
			? await executor
					.selectFrom("request_messages")
					.select(["request_id", "author", "body", "via", "created_at"])
					.where(
						"request_id",
						"in",
						requests.map((request) => request.id),
					)
					.orderBy("id")
					.execute()
			: [];
	return {
		...empty,
		accounts: accounts.map((user) => ({
			username: user.username,
			email: user.email,
			phone: user.phone,
			language: user.language,
			role: user.role,
			emailVerifiedAt: user.email_verified_at,
			createdAt: user.created_at,
		})),
		requests: requests.map((request) => ({
			id: request.id,
			piece: request.project_name,
			price: request.price_shown === 1 ? request.project_price : null,
			kind: request.kind,
			status: request.status,
			email: request.email,
			phone: request.phone,
			language: request.language,
			createdAt: request.created_at,
			updatedAt: request.updated_at,
		})),
		messages: messages.map((message) => ({
			requestId: message.request_id,
			from: message.author,
			body: message.body,
			via: message.via,
			createdAt: message.created_at,
		})),
		favourites: favourites.map((favourite) => ({
			piece: favourite.name,
			projectId: favourite.project_id,
			addedAt: favourite.created_at,
		})),
		consents: consents.map((consent) => ({
			purpose: consent.purpose,
			textVersion: consent.text_version,
			action: consent.action,
			method: consent.method,
			email: consent.email,
			phone: consent.phone,
			clientAddress: consent.client_address,
			createdAt: consent.created_at,
		})),
	};
}

/** How much an erasure touched: what the confirmation and the audit trail say (never who). */
export interface ErasureCounts {
	accounts: number;
	requests: number;
	consents: number;
	favourites: number;
}

/** What a person's data would be, counted: the admin screen's summary before export or erasure. */
export async function countPersonalData(
	scope: PersonScope,
	executor: Kysely<Database> = db,
): Promise<ErasureCounts> {
	const data = await exportPersonalData(scope, executor);
	return {
		accounts: data.accounts.length,
		requests: data.requests.length,
		consents: data.consents.length,
		favourites: data.favourites.length,
	};
}

export class AdminAccountErasureError extends Error {
	override name = "AdminAccountErasureError";
}

/**
 * The one erasure (the account page, a guest's link, an administrator, retention all call it), in the
 * caller's transaction: the scope's accounts go with their sessions, favourites and links; their requests
 * stay for the gallery's sales history with the e-mail, phone and note (we cannot tell whether a note names
 * the person, so every note goes) replaced and `anonymised_at` set; their consents keep purpose, version
 * and time but lose the account, e-mail, phone and client address. Every copy of the person's e-mail and
 * phone elsewhere (mail kept in the outbox, the audit trail, answers kept for repeated posts, rate-limit
 * counters, guests' links) is replaced or dropped, so no column of any table still names them. An
 * administrator's account is refused (demote it first: the trail and the last-admin rule hang on it).
 */
export async function anonymisePerson(
	trx: Kysely<Database>,
	scope: PersonScope,
	options: { now?: Date; actor?: Actor; requestIds?: number[] } = {},
): Promise<ErasureCounts> {
	const now = (options.now ?? new Date()).toISOString();
	const counts: ErasureCounts = { accounts: 0, requests: 0, consents: 0, favourites: 0 };
	const users =
		scope.userIds.length > 0
			? await trx.selectFrom("users").selectAll().where("id", "in", scope.userIds).execute()
			: [];
	if (users.some((user) => user.role === "admin")) throw new AdminAccountErasureError();
	let requestQuery = isEmpty(scope) ? null : requestsIn(trx, scope);
	if (options.requestIds) {
		requestQuery =
			options.requestIds.length > 0
				? trx.selectFrom("purchase_requests").where("id", "in", options.requestIds)
				: null;
	}
	const requests = requestQuery
		? await requestQuery.select(["id", "email", "phone", "note", "anonymised_at"]).execute()
		: [];
	const consents = options.requestIds
		? options.requestIds.length > 0
			? await trx.selectFrom("consents").selectAll().where("request_id", "in", options.requestIds).execute()
			: []
		: isEmpty(scope)
			? []
			: await consentsIn(trx, scope).selectAll().execute();

	// Every way the person's address and phone were written down, to find their copies by.
	const values = new Set<string>();
	for (const value of [
		...users.flatMap((user) => [user.email, user.phone ?? ""]),
		...requests.flatMap((request) => [request.email, request.phone]),
		...consents.flatMap((consent) => [consent.email, consent.phone]),
		...scope.emails,
	]) {
		if (value.trim().length >= 3) values.add(value);
	}
	const requestIds = requests.map((request) => request.id);
	if (requestIds.length > 0) {
		await trx
			.updateTable("purchase_requests")
			.set({
				email: "",
				phone: "",
				note: "",
				user_id: null,
				anonymised_at: sql<string>`coalesce(anonymised_at, ${now})`,
			})
			.where("id", "in", requestIds)
			.execute();
		counts.requests = requests.filter((request) => !request.anonymised_at).length;
		// The requests' conversations go with their contacts (issue #37): as with the note, we cannot tell
		// which words name the person, so every message (with its attachments' records) and every staff note
		// goes, and the private links stop working. The mails that carried the gallery's messages go too.
		const messageIds = trx.selectFrom("request_messages").select("id").where("request_id", "in", requestIds);
		await trx.deleteFrom("request_attachments").where("message_id", "in", messageIds).execute();
		await trx.deleteFrom("request_messages").where("request_id", "in", requestIds).execute();
		await trx.deleteFrom("request_notes").where("request_id", "in", requestIds).execute();
		await trx
			.updateTable("request_links")
			.set({ revoked_at: now })
			.where("request_id", "in", requestIds)
			.where("revoked_at", "is", null)
			.execute();
		await trx
			.deleteFrom("outbox")
			.where("kind", "=", "thread_message")
			.where(
				"reference",
				"in",
				requestIds.map((id) => `purchase_request:${id}`),
			)
			.execute();
	}
	const consentIds = consents.map((consent) => consent.id);
	if (consentIds.length > 0) {
		await trx
			.updateTable("consents")
			.set({ user_id: null, email: "", phone: "", client_address: "" })
			.where("id", "in", consentIds)
			.execute();
		counts.consents = consentIds.length;
	}
	const userIds = users.map((user) => user.id);
	if (userIds.length > 0) {
		const favourites = await trx.deleteFrom("favourites").where("user_id", "in", userIds).executeTakeFirst();
		counts.favourites = Number(favourites.numDeletedRows);
		await trx.deleteFrom("sessions").where("user_id", "in", userIds).execute();
		await trx.deleteFrom("email_tokens").where("user_id", "in", userIds).execute();
		await scrubUserActivity(trx, userIds);
		await trx.deleteFrom("users").where("id", "in", userIds).execute();
		counts.accounts = userIds.length;
	}
	// A value someone still uses (a request of theirs not erased, another account) keeps its copies: mail
	// about what is still open must reach them.
	const stillUsed = await stillInUse(trx, [...values]);
	const gone = [...values].filter((value) => !stillUsed.has(value.toLowerCase()));
	const emails = gone.filter((value) => value.includes("@"));
	if (emails.length > 0) {
		const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
		await trx
			.updateTable("personal_data_links")
			.set({ email: "", used_at: sql<string>`coalesce(used_at, ${now})` })
			.where(sql`lower(email)`, "in", lowered)
			.execute();
		// Mail still waiting for them is not sent: they asked us to forget them.
		await trx
			.deleteFrom("outbox")
			.where("status", "=", "pending")
			.where(sql`lower(to_address)`, "in", lowered)
			.execute();
		await trx
			.updateTable("outbox")
			.set({ recipient_key: "" })
			.where("recipient_key", "in", [...new Set(emails.map(mailboxKey))])
			.execute();
	}
	await scrubCopies(trx, gone);
	await recordActivity(trx, options.actor, {
		entity: "personal_data",
		entityId: "erasure",
		label: "",
		action: "erased",
		before: null,
		after: { ...counts },
	});
	return counts;
}

async function stillInUse(trx: Kysely<Database>, values: string[]): Promise<Set<string>> {
	if (values.length === 0) return new Set();
	const lowered = [...new Set(values.map((value) => value.toLowerCase()))];
	const [requests, users] = await Promise.all([
		trx
			.selectFrom("purchase_requests")
			.select(["email", "phone"])
			.where("anonymised_at", "is", null)
			.where((eb) => eb.or([eb(sql`lower(email)`, "in", lowered), eb("phone", "in", values)]))
			.execute(),
		trx
			.selectFrom("users")
			.select(["email", "phone"])
			.where((eb) => eb.or([eb(sql`lower(email)`, "in", lowered), eb("phone", "in", values)]))
			.execute(),
	]);
	const used = new Set<string>();
	for (const row of [...requests, ...users]) {
		for (const value of [row.email, row.phone ?? ""]) {
			if (lowered.includes(value.toLowerCase())) used.add(value.toLowerCase());
		}
	}
	return used;
}

/** The forms a value takes in the texts we keep: as typed, typeset, as a phone is shown, in a URL, in HTML. */
function writtenForms(value: string): string[] {
	const shownPhone = formatPhone(value);
	const forms = [
		value,
		typesetName(value),
		shownPhone,
		typesetName(shownPhone),
		shownPhone.replace(/ /g, "\u00a0"),
		encodeURIComponent(value),
		new URLSearchParams({ q: value }).toString().slice(2),
	];
	return [...new Set([...forms, ...forms.map(escapeHtml)])].filter((form) => form.length >= 3);
}

/** Replaces every copy of the values in the texts kept beside the records; drops the throwaway ones. */
async function scrubCopies(trx: Kysely<Database>, values: string[]): Promise<void> {
	const forms = [...new Set(values.flatMap(writtenForms))];
	for (const form of forms) {
		const pattern = `%${form}%`;
		await trx
			.updateTable("outbox")
			.set({
				to_address: sql<string>`replace(to_address, ${form}, ${ERASED})`,
				subject: sql<string>`replace(subject, ${form}, ${ERASED})`,
				text_body: sql<string>`replace(text_body, ${form}, ${ERASED})`,
				html_body: sql<string>`replace(html_body, ${form}, ${ERASED})`,
			})
			.where((eb) =>
				eb.or([
					eb("to_address", "like", pattern),
					eb("subject", "like", pattern),
					eb("text_body", "like", pattern),
					eb("html_body", "like", pattern),
				]),
			)
			.execute();
		await trx
			.updateTable("audit_log")
			.set({
				changes: sql<string>`replace(changes, ${form}, ${ERASED})`,
				entity_label: sql<string>`replace(entity_label, ${form}, ${ERASED})`,
			})
			.where((eb) => eb.or([eb("changes", "like", pattern), eb("entity_label", "like", pattern)]))
			.execute();
		// Answers kept for repeated posts and rate-limit counters are throwaway: they go.
		await trx.deleteFrom("form_submissions").where("outcome", "like", pattern).execute();
		await trx.deleteFrom("rate_limits").where("key", "like", pattern).execute();
	}
}

/** The account's own rows in the trail lose its name, address and phone (the change itself stays). */
async function scrubUserActivity(trx: Kysely<Database>, userIds: number[]): Promise<void> {
	const rows = await trx
		.selectFrom("audit_log")
		.select(["id", "changes"])
		.where("entity_kind", "=", "user")
		.where(
			"entity_id",
			"in",
			userIds.map((id) => String(id)),
		)
		.execute();
	for (const row of rows) {
		let changes: Array<{ field: string; before: unknown; after: unknown }> = [];
		try {
			changes = JSON.parse(row.changes);
		} catch {
			changes = [];
		}
		const scrubbed = changes.map((change) =>
			["username", "email", "phone"].includes(change.field)
				? {
						...change,
						before: change.before === null ? null : ERASED,
						after: change.after === null ? null : ERASED,
					}
				: change,
		);
		await trx
			.updateTable("audit_log")
			.set({ changes: JSON.stringify(scrubbed), entity_label: ERASED })
			.where("id", "=", row.id)
			.execute();
	}
}

/**
 * Retention (the hourly purge, app/server/session-purge.ts): requests closed (done or cancelled) and not
 * changed for `months` are anonymised; consents of guests given before the cutoff whose address has no
 * request left un-anonymised are deleted (they back nothing any more), as are guests' data links past
 * their hour. Returns what it did.
 */
export async function applyRetention(
	months: number,
	now = new Date(),
	executor: Kysely<Database> = db,
): Promise<{ requests: number; consents: number; links: number }> {
	const cutoff = new Date(now);
	cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
	const cut = cutoff.toISOString();
	return executor.transaction().execute(async (trx) => {
		const expired = await trx
			.selectFrom("purchase_requests")
			.select("id")
			.where("status", "in", ["done", "cancelled"])
			.where("updated_at", "<", cut)
			.where("anonymised_at", "is", null)
			.orderBy("id")
			.limit(500)
			.execute();
		const requestIds = expired.map((row) => row.id);
		const counts =
			requestIds.length > 0
				? await anonymisePerson(trx, { userIds: [], emails: [], phones: [] }, { now, requestIds })
				: { requests: 0 };
		const consents = await trx
			.deleteFrom("consents")
			.where("user_id", "is", null)
			.where("created_at", "<", cut)
			.where(({ not, exists, selectFrom }) =>
				not(
					exists(
						selectFrom("purchase_requests")
							.select("purchase_requests.id")
							.where("purchase_requests.anonymised_at", "is", null)
							.where("consents.email", "!=", "")
							.where(sql`lower(purchase_requests.email)`, "=", sql`lower(consents.email)`),
					),
				),
			)
			.executeTakeFirst();
		const links = await trx
			.deleteFrom("personal_data_links")
			.where("expires_at", "<", new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString())
			.executeTakeFirst();
		return {
			requests: counts.requests,
			consents: Number(consents.numDeletedRows),
			links: Number(links.numDeletedRows),
		};
	});
}
