import { db } from "~/lib/db.server";
import { hasPrice } from "~/lib/format";
import type { PurchaseRequest, PurchaseRequestKind, PurchaseRequestStatus, User } from "~db/schema";

export class ProjectNotFoundError extends Error {
	override name = "ProjectNotFoundError";
}

/** A sold piece cannot be bought; asking about similar work is still welcome. */
export class ProjectSoldError extends Error {
	override name = "ProjectSoldError";
}

/**
 * Saves a purchase request with a snapshot of the project's name and price as they are now, read in the
 * same transaction as the insert (the client's idea of the price is never used): whether a price was
 * shown is decided from the stored price, and a purchase of a piece sold meanwhile is refused. Drafts
 * take no requests (they are unknown to the public).
 */
export async function createPurchaseRequest(input: {
	projectId: string;
	email: string;
	phone: string;
	userId: number | null;
	kind?: PurchaseRequestKind;
}): Promise<PurchaseRequest> {
	const kind = input.kind ?? "purchase";
	return db.transaction().execute(async (trx) => {
		const project = await trx
			.selectFrom("projects")
			.select(["id", "name", "price", "availability"])
			.where("id", "=", input.projectId)
			.where("status", "=", "published")
			.executeTakeFirst();
		if (!project) throw new ProjectNotFoundError(`Project ${input.projectId} not found`);
		if (kind === "purchase" && project.availability === "sold") {
			throw new ProjectSoldError(`Project ${input.projectId} is sold`);
		}
		return trx
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
			})
			.returningAll()
			.executeTakeFirstOrThrow();
	});
}

/**
 * "My orders": the requests made while signed in to this account, newest first. Requests made anonymously
 * with the account's e-mail are not shown: nobody has proven they own that address (anyone can type it
 * into the purchase form, or register with someone else's), so showing them would let strangers read and
 * plant orders. E-mail verification (a later issue) can bring them back.
 */
export async function listRequestsForUser(user: Pick<User, "id">): Promise<PurchaseRequest[]> {
	return db
		.selectFrom("purchase_requests")
		.selectAll()
		.where("user_id", "=", user.id)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.execute();
}

/** The admin's inbox, newest first, optionally one status only. */
export async function listRequests(status?: PurchaseRequestStatus): Promise<PurchaseRequest[]> {
	let query = db.selectFrom("purchase_requests").selectAll();
	if (status) query = query.where("status", "=", status);
	return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function countNewRequests(): Promise<number> {
	const row = await db
		.selectFrom("purchase_requests")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("status", "=", "new")
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/** Returns false when there is no such request. */
export async function setRequestStatus(id: number, status: PurchaseRequestStatus): Promise<boolean> {
	const result = await db
		.updateTable("purchase_requests")
		.set({ status, updated_at: new Date().toISOString() })
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}
