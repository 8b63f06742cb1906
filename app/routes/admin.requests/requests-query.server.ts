import { parseListQuery } from "~/lib/admin-list";
import { isRequestStatus } from "~/lib/request-status";
import { REQUEST_SORTS } from "~/models/purchase-requests.server";

/** What the list and its CSV export read from the URL: ?status=&q=&sort=&dir=&page= (bad values: defaults). */
export function parseRequestsQuery(params: URLSearchParams) {
	const query = parseListQuery(params, REQUEST_SORTS, { sort: "date", dir: "desc" });
	const status = params.get("status");
	return { ...query, status: isRequestStatus(status) ? status : undefined };
}
