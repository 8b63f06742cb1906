import type { LoaderFunctionArgs } from "@remix-run/node";
import { toXlsx } from "~/lib/xlsx.server";
import { EXPORT_WIDTHS, readRequestsExport } from "./admin.requests/export.server";

/**
 * /admin/requests/export.xlsx: the same rows as the CSV, as an Excel workbook. Text is text and nothing is
 * a formula (app/lib/xlsx.server.ts), so phones read "+79161234567" with no apostrophe and a buyer's
 * "=HYPERLINK(…)" stays words; the date column is real dates on the gallery's clock.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const { header, body, sheetName, fileName } = await readRequestsExport(request, "xlsx");
	const workbook = toXlsx(
		sheetName,
		[
			header,
			...body.map(({ created, cells }) => cells.map((cell, i) => (i === 1 ? { date: created } : cell))),
		],
		EXPORT_WIDTHS,
	);
	return new Response(new Uint8Array(workbook), {
		headers: {
			"Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
			"Content-Disposition": `attachment; filename="${fileName}.xlsx"`,
			"Cache-Control": "private, no-store",
		},
	});
}
