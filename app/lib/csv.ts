/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted when it holds a quote, comma or line break,
 * CRLF between rows, and a UTF-8 byte-order mark so Excel opens Cyrillic as Cyrillic.
 *
 * Cells that start with = + - @ (or a tab or carriage return) would run as formulas in Excel, LibreOffice
 * and Google Sheets ("CSV injection": a buyer types `=HYPERLINK(...)` as their e-mail); they get a leading
 * apostrophe, which spreadsheets show as text (OWASP's advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return "";
	let text = String(value);
	if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
	return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
