import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "~/lib/csv";
import { exportRequests } from "~/models/purchase-requests.server";
import { requireAdmin } from "~/services/auth.server";
import { parseRequestsQuery } from "./admin.requests/requests-query.server";

const COLUMNS = [
	"id",
	"date",
	"status",
	"project",
	"price",
	"price shown",
	"kind",
	"email",
	"phone",
	"user",
	"note",
];

/**
 * /admin/requests/export.csv: the requests the list shows for the same ?status=&q=&sort=&dir= (every page),
 * for administrators only, recorded in the audit trail. Cells are escaped and formula-like ones
 * neutralised in app/lib/csv.ts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request);
	const query = parseRequestsQuery(new URL(request.url).searchParams);
	const rows = await exportRequests(
		{ status: query.status, query: query.q, sort: query.sort, direction: query.dir },
		admin,
	);
	const csv = toCsv([
		COLUMNS,
		...rows.map((row) => [
			row.id,
			row.created_at,
			row.status,
			row.project_name,
			row.project_price,
			row.price_shown ? "yes" : "no",
			row.kind,
			row.email,
			row.phone,
			row.username ?? "",
			row.note,
		]),
	]);
	const date = new Date().toISOString().slice(0, 10);
	return new Response(csv, {
		headers: {
			"Content-Type": "text/csv; charset=utf-8",
			"Content-Disposition": `attachment; filename="forma-requests-${date}.csv"`,
			"Cache-Control": "private, no-store",
		},
	});
}
