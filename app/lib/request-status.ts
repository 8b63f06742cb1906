import type { PurchaseRequestStatus } from "~db/schema";

/** A purchase request's life: new → in progress → done, or cancelled. Shared by the server and the admin page. */
export const REQUEST_STATUSES = [
	"new",
	"in_progress",
	"done",
	"cancelled",
] as const satisfies readonly PurchaseRequestStatus[];

export function isRequestStatus(value: unknown): value is PurchaseRequestStatus {
	return typeof value === "string" && (REQUEST_STATUSES as readonly string[]).includes(value);
}
