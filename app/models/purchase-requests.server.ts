import { type Kysely, sql } from "kysely";
import { type Paged, pageWindow, type SortDirection } from "~/lib/admin-list";
import { db } from "~/lib/db.server";
import { hasPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { CATALOGUE_PAGE_SIZE } from "~/lib/paging";
import { foldForSearch } from "~db/connection";
import { lockWithinTransaction } from "~db/dialect";
import type { Database, PurchaseRequest, PurchaseRequestKind, PurchaseRequestStatus, User } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";
import { ProjectNotFoundError, type ProjectRecord, selectProjects } from "./projects.server";

/** A sold piece cannot be bought; asking about similar work is still welcome. */
export class ProjectSoldError extends Error {
	override name = "ProjectSoldError";
}

/**
 * A reserved piece is kept for one buyer until a date (issue #37): no one else can ask to buy it, only to be
 * told when it becomes available ("wait") or about similar work.
 */
export class ProjectReservedError extends Error {
	override name = "ProjectReservedError";
}

/**
 * How long a request stays "the one already sent": an open request (new or in progress) for the same piece,
 * of the same kind, from the same e-mail address, made within this many days, is answered again instead of
 * stored twice (docs/decisions/0034-phones-and-repeats.md, "Repeats"). Past it, asking again is news.
 */
export const REPEAT_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Saves a purchase request with a snapshot of the project's name and price as they are now, read in the
 * same transaction as the insert (the client's idea of the price is never used): whether a price was
 * shown is decided from the stored price, and a purchase of a piece sold meanwhile is refused. Drafts
 * take no requests (they are unknown to the public). Pass a transaction to write more with it (its mail).
 *
 * A repeat is recognised and not stored twice (`repeated`: the open request it repeats): the same piece,
 * kind and address within REPEAT_WINDOW_DAYS, made by this visitor — the same account (`userId`) or one of
 * the requests this browser sent (`sentRequestIds`, from a signed cookie). Only then: anyone can type any
 * address, and telling a stranger "this address already asked about this piece" would let them probe who
 * wants what. The check and the insert run under one lock per piece and address (db/dialect.ts), so two
 * posts at once cannot both miss the other.
 */
export async function createPurchaseRequest(
	input: {
		projectId: string;
		email: string;
		phone: string;
		userId: number | null;
		kind?: PurchaseRequestKind;
		language?: Language;
		sentRequestIds?: readonly number[];
		now?: Date;
	},
	executor?: Kysely<Database>,
): Promise<{ request: PurchaseRequest; repeated: boolean }> {
	if (!executor) return db.transaction().execute((trx) => createPurchaseRequest(input, trx));
	const kind = input.kind ?? "purchase";
	const project = await executor
		.selectFrom("projects")
		.select(["id", "name", "price", "availability"])
		.where("id", "=", input.projectId)
		.where("status", "=", "published")
		.executeTakeFirst();
	if (!project) throw new ProjectNotFoundError(input.projectId);
	if (kind === "purchase" && project.availability === "sold") {
		throw new ProjectSoldError(`Project ${input.projectId} is sold`);
	}
	if (kind === "purchase" && project.availability === "reserved") {
		throw new ProjectReservedError(`Project ${input.projectId} is reserved`);
	}
	await lockWithinTransaction(executor, `purchase:${project.id}:${input.email.toLowerCase()}`);
	const open = await findOpenRequest(executor, { ...input, kind, now: input.now ?? new Date() });
	if (open) return { request: open, repeated: true };
	const request = await executor
		.insertInto("purchase_requests")
		.values({
			project_id: project.id,
			project_name: project.name,
			project_price: project.price,
			price_shown: hasPrice(project.price) ? 1 : 0,
			kind,
			email: input.email,
			phone: input.phone,
			user_id: input.userId,
			status: "new",
			language: input.language ?? "en",
		})
		.returningAll()
		.executeTakeFirstOrThrow();
	return { request, repeated: false };
}

/** This visitor's open request for the piece, of the kind, from the address (see createPurchaseRequest). */
async function findOpenRequest(
	executor: Kysely<Database>,
	input: {
		projectId: string;
		email: string;
		kind: PurchaseRequestKind;
		userId: number | null;
		sentRequestIds?: readonly number[];
		now: Date;
	},
): Promise<PurchaseRequest | undefined> {
	const sent = (input.sentRequestIds ?? []).filter(Number.isSafeInteger);
	if (input.userId === null && sent.length === 0) return undefined;
	return executor
		.selectFrom("purchase_requests")
		.selectAll()
		.where("project_id", "=", input.projectId)
		.where("kind", "=", input.kind)
		.where(sql`email`, "=", sql`${input.email} collate nocase`)
		.where("status", "in", ["new", "in_progress"])
		.where("created_at", ">=", new Date(input.now.getTime() - REPEAT_WINDOW_DAYS * DAY_MS).toISOString())
		.where((eb) =>
			eb.or([
				...(input.userId !== null ? [eb("user_id", "=", input.userId)] : []),
				...(sent.length > 0 ? [eb("id", "in", sent)] : []),
			]),
		)
		.orderBy("id", "desc")
		.executeTakeFirst();
}

/**
 * The requests from `since` on that got no notification of their own (the gallery digest's list): how many
 * there are, and the first `limit` of them in order.
 */
export async function listUnannouncedRequests(
	executor: Kysely<Database>,
	input: { since: number; limit: number },
): Promise<{ total: number; listed: PurchaseRequest[] }> {
	const unannounced = executor
		.selectFrom("purchase_requests")
		.where("purchase_requests.id", ">=", input.since)
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom("outbox")
						.select("outbox.id")
						.where("outbox.kind", "=", "purchase_notification")
						.where("outbox.reference", "=", sql<string>`${"purchase_request:"} || purchase_requests.id`),
				),
			),
		);
	const { total } = await unannounced
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const listed = await unannounced.selectAll().orderBy("purchase_requests.id").limit(input.limit).execute();
	return { total: Number(total), listed };
}

/**
 * "My orders": the requests made while signed in to this account and, once the account's address is
 * confirmed (it followed the link we sent there), the requests made anonymously with that address
 * (ignoring case), newest first. Until then anonymous requests stay hidden: anyone can type an address
 * into the purchase form or register with someone else's, so showing them would let strangers read and
 * plant orders.
 */
export async function listRequestsForUser(
	user: Pick<User, "id" | "email" | "email_verified_at">,
	slice: { offset: number; limit: number } = { offset: 0, limit: CATALOGUE_PAGE_SIZE },
): Promise<Array<PurchaseRequest & { project: ProjectRecord | null }>> {
	const requests = await requestsOf(user)
		.selectAll()
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(slice.limit)
		.offset(slice.offset)
		.execute();
	// The piece as the public sees it now (its cover, its page); null once deleted or back in drafts.
	const ids = [...new Set(requests.flatMap((request) => (request.project_id ? [request.project_id] : [])))];
	const projects = ids.length > 0 ? await selectProjects().where("projects.id", "in", ids).execute() : [];
	const byId = new Map(projects.map((project) => [project.id, project]));
	return requests.map((request) => ({
		...request,
		project: request.project_id ? (byId.get(request.project_id) ?? null) : null,
	}));
}

/** How many requests "My orders" holds (see listRequestsForUser). */
export async function countRequestsForUser(
	user: Pick<User, "id" | "email" | "email_verified_at">,
): Promise<number> {
	const { n } = await requestsOf(user)
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(n);
}

function requestsOf(user: Pick<User, "id" | "email" | "email_verified_at">) {
	return db
		.selectFrom("purchase_requests")
		.where((eb) =>
			user.email_verified_at
				? eb.or([
						eb("user_id", "=", user.id),
						eb.and([eb("user_id", "is", null), eb(sql`email`, "=", sql`${user.email} collate nocase`)]),
					])
				: eb("user_id", "=", user.id),
		);
}

export const REQUEST_SORTS = ["date", "status", "price"] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/** The column each sort key orders by: a whitelist, so no client string ever reaches the SQL. */
const REQUEST_ORDER = {
	date: sql`purchase_requests.created_at`,
	// The workflow's order (new → in progress → done, cancelled last), not the alphabet's.
	status: sql`case purchase_requests.status when 'new' then 0 when 'in_progress' then 1 when 'done' then 2 else 3 end`,
	price: sql`purchase_requests.project_price`,
} satisfies Record<RequestSort, unknown>;

export interface RequestFilter {
	status?: PurchaseRequestStatus;
	/** Matched in the e-mail, the phone (digits, however typed) and the project's name, ignoring case. */
	query?: string;
	sort?: RequestSort;
	direction?: SortDirection;
}

function filteredRequests(filter: RequestFilter) {
	let query = db.selectFrom("purchase_requests");
	if (filter.status) query = query.where("purchase_requests.status", "=", filter.status);
	const text = filter.query?.trim();
	if (text) {
		const needle = foldForSearch(text);
		const digits = text.replace(/[\s()+-]/g, "");
		query = query.where((eb) =>
			eb.or([
				eb(
					sql<number>`instr(search_fold(purchase_requests.email || ' ' || purchase_requests.project_name || ' ' || purchase_requests.phone), ${needle})`,
					">",
					0,
				),
				...(/^\d{3,}$/.test(digits)
					? [eb(sql<number>`instr(purchase_requests.phone, ${digits})`, ">", 0)]
					: []),
			]),
		);
	}
	const sort = REQUEST_SORTS.includes(filter.sort as RequestSort) ? (filter.sort as RequestSort) : "date";
	const direction = filter.direction === "asc" ? sql`asc` : sql`desc`;
	return {
		query,
		order: sql`${REQUEST_ORDER[sort]} ${direction}, purchase_requests.created_at desc, purchase_requests.id desc`,
	};
}

/**
 * The admin's inbox, one page at a time: requests with unread buyer messages first (issue #37), then newest
 * first unless sorted otherwise, optionally filtered.
 */
export async function listRequests(
	filter: RequestFilter & { page?: number } = {},
): Promise<Paged<PurchaseRequest>> {
	const { query, order } = filteredRequests(filter);
	const { total } = await query
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const window = pageWindow(Number(total), filter.page ?? 1);
	const rows = await query
		.selectAll()
		.orderBy(sql`case when purchase_requests.unread_by_staff > 0 then 0 else 1 end`)
		.orderBy(order)
		.limit(window.limit)
		.offset(window.offset)
		.execute();
	return { rows, total: Number(total), page: window.page, pageCount: window.pageCount };
}

/**
 * Every request the filter matches, in its order, for the CSV export (with the buyer's username), taken by
 * `actor`. It is every buyer's e-mail and phone at once, so the audit trail records who took it, with the
 * filter and the number of rows; no export leaves without its row (the row is written first).
 */
export async function exportRequests(filter: RequestFilter & { format?: "csv" | "xlsx" }, actor: Actor) {
	const { query, order } = filteredRequests(filter);
	const rows = await query
		.leftJoin("users", "users.id", "purchase_requests.user_id")
		.selectAll("purchase_requests")
		.select("users.username")
		.orderBy(order)
		.execute();
	await recordActivity(db, actor, {
		entity: "request",
		entityId: "export",
		label: "",
		action: "exported",
		before: null,
		after: {
			status: filter.status ?? null,
			search: filter.query?.trim() || null,
			rows: rows.length,
			format: filter.format ?? "csv",
		},
	});
	return rows;
}

export async function countNewRequests(): Promise<number> {
	const row = await db
		.selectFrom("purchase_requests")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("status", "=", "new")
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/**
 * Moves a request to `status` (a request already there is left untouched) and returns it as it was
 * before, or undefined when there is no such request. Pass a transaction to write more with it (its mail).
 */
export async function setRequestStatus(
	id: number,
	status: PurchaseRequestStatus,
	executor: Kysely<Database> = db,
): Promise<PurchaseRequest | undefined> {
	const before = await executor
		.selectFrom("purchase_requests")
		.selectAll()
		.where("id", "=", id)
		.executeTakeFirst();
	if (before && before.status !== status) {
		await executor
			.updateTable("purchase_requests")
			.set({ status, updated_at: new Date().toISOString() })
			.where("id", "=", id)
			.execute();
	}
	return before;
}

export async function getRequestById(
	id: number,
	executor: Kysely<Database> = db,
): Promise<PurchaseRequest | undefined> {
	return executor.selectFrom("purchase_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The buyer's other requests: the same address (ignoring case), newest first, with no limit a real buyer
 * reaches. The request page groups them by piece (the same address asking about one piece is one case).
 * An anonymised request has no address left to match.
 */
export async function listOtherRequestsOf(
	request: Pick<PurchaseRequest, "id" | "email" | "anonymised_at">,
): Promise<PurchaseRequest[]> {
	if (request.anonymised_at) return [];
	return db
		.selectFrom("purchase_requests")
		.selectAll()
		.where(sql`email`, "=", sql`${request.email} collate nocase`)
		.where("id", "!=", request.id)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(100)
		.execute();
}
