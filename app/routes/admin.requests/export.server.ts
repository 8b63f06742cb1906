import { GALLERY_TIME_ZONE } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import type { XlsxCell } from "~/lib/xlsx.server";
import { exportRequests } from "~/models/purchase-requests.server";
import { requireAdmin } from "~/services/auth.server";
import { parseRequestsQuery } from "./requests-query.server";

/** The export's columns, in order, with their widths in a workbook (characters). */
const COLUMNS = [
	["id", 8],
	["date", 18],
	["status", 14],
	["piece", 32],
	["price", 12],
	["priceShown", 14],
	["kind", 18],
	["email", 30],
	["phone", 18],
	["account", 16],
	["note", 40],
] as const;

export const EXPORT_WIDTHS = COLUMNS.map(([, width]) => width);

const TIMES: Record<Language, Intl.DateTimeFormat> = {
	// 28.11.2026 21:37: what a Russian spreadsheet reads as a date and time.
	ru: new Intl.DateTimeFormat("ru-RU", {
		dateStyle: "short",
		timeStyle: "short",
		timeZone: GALLERY_TIME_ZONE,
	}),
	// 2026-11-28 21:37: what a spreadsheet in any English locale reads as one, day and month never swapped.
	en: new Intl.DateTimeFormat("sv-SE", {
		dateStyle: "short",
		timeStyle: "short",
		timeZone: GALLERY_TIME_ZONE,
	}),
};

/** A request's moment on the gallery's clock, as the admin's spreadsheet reads a date. */
export function exportTime(iso: string, language: Language): string {
	return TIMES[language].format(new Date(iso)).replace(",", "");
}

/**
 * The requests the list shows for the same ?status=&q=&sort=&dir= (every page), for administrators only,
 * recorded in the audit trail, in the admin's language: headers, statuses and kinds in words, times on
 * the gallery's clock. `date` is the moment itself (a workbook writes it as a date, a CSV as text).
 */
export async function readRequestsExport(request: Request, format: "csv" | "xlsx") {
	const admin = await requireAdmin(request);
	const language = await getLanguage(request);
	const query = parseRequestsQuery(new URL(request.url).searchParams);
	const [rows, t, account] = await Promise.all([
		exportRequests(
			{ status: query.status, query: query.q, sort: query.sort, direction: query.dir, format },
			admin,
		),
		i18nServer.getFixedT(language, "admin"),
		i18nServer.getFixedT(language, "account"),
	]);
	const header = COLUMNS.map(([key]) => t(`requests.exportColumns.${key}`));
	const body = rows.map((row) => ({
		created: new Date(row.created_at),
		cells: [
			row.id,
			null, // the date: the caller writes it its own way
			account(`status.${row.status}`),
			row.project_name,
			row.project_price,
			row.price_shown ? t("requests.exportYes") : t("requests.exportNo"),
			t(`requests.kinds.${row.kind === "similar" ? "similar" : row.price_shown ? "purchase" : "price"}`),
			row.email,
			row.phone,
			row.username ?? "",
			row.note,
		] as XlsxCell[],
	}));
	const date = new Intl.DateTimeFormat("sv-SE", { timeZone: GALLERY_TIME_ZONE }).format(new Date());
	return { language, header, body, sheetName: t("requests.title"), fileName: `forma-requests-${date}` };
}
