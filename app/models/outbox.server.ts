import { type Kysely, sql } from "kysely";
import { type Paged, pageWindow } from "~/lib/admin-list";
import { database, db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { mailboxKey, newMessageId } from "~/lib/mail.server";
import type { Database, OutboxMessage, OutboxStatus, PurchaseRequest } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";

/** What a message is about; the admin's list shows it, rate limits count by it. */
export type MailKind =
	| "purchase_notification"
	| "purchase_confirmation"
	| "request_status"
	| "verify_email"
	| "password_reset"
	| "registration_attempt"
	/** A guest's one-time link to export or erase the data kept for their address. */
	| "personal_data_link"
	/** The gallery's requests past its hourly burst of notifications, gathered in one message. */
	| "purchase_digest"
	/** A gallery message in a request's conversation, to its buyer (issue #37). */
	| "thread_message"
	/** The gallery's notice of buyers' messages, one or several gathered within minutes (issue #37). */
	| "thread_notice"
	/** The sender of a reply by e-mail hears which files were not kept (issue #37). */
	| "inbound_refused_files"
	/** A personal offer to a buyer (issue #37). */
	| "sale_offer"
	/** A buyer's open offer overtaken by another buyer's acceptance. */
	| "sale_offer_lost"
	/** A piece a buyer asked about is available again (a hold ended without a sale). */
	| "sale_available"
	/** The manager's reminder a day before a hold ends. */
	| "sale_hold_reminder";

export interface NewMail {
	kind: MailKind;
	to: string;
	language: Language;
	fromName: string;
	fromAddress: string;
	subject: string;
	text: string;
	html: string;
	/** What caused it, e.g. "purchase_request:12". */
	reference?: string | null;
	/** Not to be sent before then (a digest waits for its hour); now when not given. */
	notBefore?: Date;
	/** The one-time link it carries: the sender puts its secret where the bodies hold LINK_SECRET_PLACEHOLDER. */
	linkTokenId?: number | null;
	/**
	 * The request link it carries (app/models/request-links.server.ts): the sender puts its token where the
	 * bodies and `replyTo` hold LINK_SECRET_PLACEHOLDER.
	 */
	requestLinkId?: number | null;
	/** A Reply-To address, which may hold LINK_SECRET_PLACEHOLDER (a reply address with the link's token). */
	replyTo?: string | null;
}

/**
 * Writes a message to the outbox with `executor`: pass the transaction that writes its cause, so the two
 * land together or not at all.
 */
export async function insertMail(executor: Kysely<Database>, mail: NewMail): Promise<OutboxMessage> {
	return executor
		.insertInto("outbox")
		.values({
			message_id: newMessageId(mail.fromAddress),
			kind: mail.kind,
			to_address: mail.to,
			recipient_key: mailboxKey(mail.to),
			language: mail.language,
			from_name: mail.fromName,
			subject: mail.subject,
			text_body: mail.text,
			html_body: mail.html,
			reference: mail.reference ?? null,
			email_token_id: mail.linkTokenId ?? null,
			request_link_id: mail.requestLinkId ?? null,
			reply_to: mail.replyTo ?? null,
			...(mail.notBefore ? { next_attempt_at: mail.notBefore.toISOString() } : {}),
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

/** Pending messages whose time has come, oldest first. */
export async function listDueMail(now: Date, limit: number): Promise<OutboxMessage[]> {
	return db
		.selectFrom("outbox")
		.selectAll()
		.where("status", "=", "pending")
		.where("next_attempt_at", "<=", now.toISOString())
		.orderBy("id")
		.limit(limit)
		.execute();
}

/**
 * Takes a message for one attempt: counts it and moves its next attempt to `retryAt` first, so a sender
 * that dies mid-send (kill -9) leaves it due again later rather than lost. False when someone else took it.
 */
export async function claimMail(message: OutboxMessage, retryAt: Date): Promise<boolean> {
	const result = await db
		.updateTable("outbox")
		.set({ attempts: message.attempts + 1, next_attempt_at: retryAt.toISOString() })
		.where("id", "=", message.id)
		.where("status", "=", "pending")
		.where("attempts", "=", message.attempts)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}

export async function markMailSent(id: number): Promise<void> {
	await db
		.updateTable("outbox")
		.set({ status: "sent", sent_at: new Date().toISOString(), last_error: null })
		.where("id", "=", id)
		.execute();
}

/** A failed attempt: `retry` keeps it pending (its claim already set when), otherwise it has failed for good. */
export async function markMailAttemptFailed(id: number, error: string, retry: boolean): Promise<void> {
	await db
		.updateTable("outbox")
		.set({ last_error: error.slice(0, 1000), ...(retry ? {} : { status: "failed" as const }) })
		.where("id", "=", id)
		.execute();
}

/** The server could not be reached: the attempt is given back and the message is due again at once. */
export async function releaseMail(message: OutboxMessage, error: string): Promise<void> {
	await db
		.updateTable("outbox")
		.set({
			attempts: message.attempts,
			next_attempt_at: message.next_attempt_at,
			last_error: error.slice(0, 1000),
		})
		.where("id", "=", message.id)
		.where("status", "=", "pending")
		.execute();
}

/** The admin's mail screen, newest first, one page at a time. */
export async function listMail(
	options: { status?: OutboxStatus; page?: number } = {},
): Promise<
	Paged<
		Omit<
			OutboxMessage,
			"text_body" | "html_body" | "recipient_key" | "email_token_id" | "reply_to" | "request_link_id"
		>
	>
> {
	let query = db.selectFrom("outbox");
	if (options.status) query = query.where("status", "=", options.status);
	const { total } = await query
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const window = pageWindow(Number(total), options.page ?? 1);
	const rows = await query
		.select([
			"id",
			"message_id",
			"kind",
			"to_address",
			"language",
			"from_name",
			"subject",
			"reference",
			"status",
			"attempts",
			"next_attempt_at",
			"last_error",
			"sent_at",
			"created_at",
		])
		.orderBy("id", "desc")
		.limit(window.limit)
		.offset(window.offset)
		.execute();
	return { rows, total: Number(total), page: window.page, pageCount: window.pageCount };
}

/**
 * The admin's "Send again": a failed message goes back in the queue, due now, its attempts counted afresh,
 * recorded in the audit trail as `actor`'s in the same transaction. False when it had not failed.
 */
export async function requeueFailedMail(id: number, actor: Actor): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const message = await trx
			.updateTable("outbox")
			.set({ status: "pending", attempts: 0, next_attempt_at: new Date().toISOString() })
			.where("id", "=", id)
			.where("status", "=", "failed")
			.returning(["id", "subject", "to_address"])
			.executeTakeFirst();
		if (!message) return false;
		await recordActivity(trx, actor, {
			entity: "mail",
			entityId: message.id,
			label: `${message.subject} → ${message.to_address}`,
			action: "requeued",
			before: { status: "failed" },
			after: { status: "pending" },
		});
		return true;
	});
}

export async function getMail(id: number): Promise<OutboxMessage | undefined> {
	return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * How many messages of a kind went (or wait to go) to a mailbox since a moment: the address's letter case
 * and +tag make no other mailbox (mailboxKey). Called in a transaction, it holds the mailbox's lock from
 * then on, so the count stays true until the caller has written (or not) its message.
 */
export async function countMailTo(
	executor: Kysely<Database>,
	filter: { to: string; kinds: MailKind[]; since: Date },
): Promise<number> {
	await lockMailbox(executor, filter.to);
	const row = await executor
		.selectFrom("outbox")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("recipient_key", "=", mailboxKey(filter.to))
		.where("kind", "in", filter.kinds)
		.where("created_at", ">=", filter.since.toISOString())
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/**
 * Holds, until the transaction ends, the lock under which mail to the mailbox of `to` is counted and
 * gathered, so that writers on several instances at once neither pass a cap together nor write a digest
 * over one another. SQLite's transactions hold the one write lock from their start (db/connection.ts).
 * Outside a transaction it holds nothing (Postgres lets go at the statement's end).
 */
async function lockMailbox(trx: Kysely<Database>, to: string): Promise<void> {
	if (database.kind !== "postgres") return;
	await sql`select pg_advisory_xact_lock(hashtext(${`mailbox:${mailboxKey(to)}`}))`.execute(trx);
}

/**
 * A message of `kind` to the mailbox of `to` that still waits for its time (a digest gathering what comes
 * in until then): untouched by the sender so far, so it can be written again.
 */
export async function findWaitingMail(
	executor: Kysely<Database>,
	filter: { to: string; kind: MailKind; now?: Date },
): Promise<OutboxMessage | undefined> {
	return executor
		.selectFrom("outbox")
		.selectAll()
		.where("recipient_key", "=", mailboxKey(filter.to))
		.where("kind", "=", filter.kind)
		.where("status", "=", "pending")
		.where("attempts", "=", 0)
		.where("next_attempt_at", ">", (filter.now ?? new Date()).toISOString())
		.orderBy("id", "desc")
		.executeTakeFirst();
}

/**
 * Writes a waiting message again (a digest with one more request): only while the sender has not taken
 * it and its time has not come, so what is sent is always the newest version. False when it is too late.
 */
export async function rewriteWaitingMail(
	executor: Kysely<Database>,
	id: number,
	content: { subject: string; text: string; html: string; reference?: string },
	now = new Date(),
): Promise<boolean> {
	const result = await executor
		.updateTable("outbox")
		.set({
			subject: content.subject,
			text_body: content.text,
			html_body: content.html,
			...(content.reference ? { reference: content.reference } : {}),
		})
		.where("id", "=", id)
		.where("status", "=", "pending")
		.where("attempts", "=", 0)
		.where("next_attempt_at", ">", now.toISOString())
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}

export async function countMailByStatus(): Promise<Record<OutboxStatus, number>> {
	const rows = await db
		.selectFrom("outbox")
		.select(["status", (eb) => eb.fn.countAll<number>().as("n")])
		.groupBy("status")
		.execute();
	const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
	for (const row of rows) counts[row.status] = Number(row.n);
	return counts;
}

/** Whether the buyer of `request` was sent (or will be sent) its confirmation. */
export async function hasMailAbout(
	executor: Kysely<Database>,
	request: Pick<PurchaseRequest, "id">,
): Promise<boolean> {
	const row = await executor
		.selectFrom("outbox")
		.select("id")
		.where("kind", "=", "purchase_confirmation")
		.where("reference", "=", `purchase_request:${request.id}`)
		.executeTakeFirst();
	return row !== undefined;
}

/**
 * The mail sent for one request, oldest first (its timeline): what names it in `reference`
 * ("purchase_request:<id>"), or carries one of its links (a message of the conversation).
 */
export async function listMailAboutRequest(
	requestId: number,
): Promise<Array<Pick<OutboxMessage, "id" | "kind" | "to_address" | "subject" | "status" | "created_at">>> {
	return db
		.selectFrom("outbox")
		.select(["id", "kind", "to_address", "subject", "status", "created_at"])
		.where((eb) =>
			eb.or([
				eb("reference", "=", `purchase_request:${requestId}`),
				eb(
					"request_link_id",
					"in",
					eb.selectFrom("request_links").select("request_links.id").where("request_id", "=", requestId),
				),
			]),
		)
		.orderBy("id")
		.execute();
}
