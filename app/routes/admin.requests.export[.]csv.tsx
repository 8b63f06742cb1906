import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "~/lib/csv";
import { exportTime, readRequestsExport } from "./admin.requests/export.server";

/**
 * /admin/requests/export.csv: the requests the list shows (app/routes/admin.requests/export.server.ts), in
 * the admin's language. A Russian admin gets semicolons, which Excel in a Russian locale splits on (and a
 * comma is the decimal mark there), and dates as it reads them; an English one commas and ISO dates. Cells
 * are escaped and formula-like ones neutralised in app/lib/csv.ts; the .xlsx export shows phones without
 * the apostrophe that neutralising puts before their "+".
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const { language, header, body, fileName } = await readRequestsExport(request, "csv");
	const csv = toCsv(
		[
			header,
			...body.map(({ created, cells }) =>
				cells.map((cell, index) => (index === 1 ? exportTime(created.toISOString(), language) : cell)),
			),
		] as Array<Array<string | number | null | undefined>>,
		language === "ru" ? ";" : ",",
	);
	return new Response(csv, {
		headers: {
			"Content-Type": "text/csv; charset=utf-8",
			"Content-Disposition": `attachment; filename="${fileName}.csv"`,
			"Cache-Control": "private, no-store",
		},
	});
}
