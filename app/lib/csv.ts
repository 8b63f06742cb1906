/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted when it holds a quote, comma, semicolon or line break,
 * CRLF between rows, and a UTF-8 byte-order mark so Excel opens Cyrillic as Cyrillic.
 *
 * A cell that starts with = + - @ would run as a formula in Excel, LibreOffice and Google Sheets ("CSV
 * injection": a buyer types `=HYPERLINK(...)` as their e-mail); it gets a leading apostrophe, which
 * spreadsheets show as text (OWASP's advice). Not only at the cell's start: a spreadsheet may split the
 * file on more than our commas (Excel in a Russian locale splits on semicolons, and reads a quote in
 * mid-field as a plain character; LibreOffice may split on tabs; a line break starts a row), so every part
 * that follows a comma, semicolon, tab or line break, spaces and quotes aside, is neutralised the same way
 * (`ok;=HYPERLINK(…)` is written `ok;'=HYPERLINK(…)`). A cell that starts with a tab or carriage return
 * gets the apostrophe too.
 */
const FORMULA_AFTER_SPLIT = /(^|[,;\t\r\n])([ "]*)(?=[=+\-@])/g;
const CONTROL_START = /^[\t\r]/;

function neutralise(text: string): string {
	const parts = text.replace(FORMULA_AFTER_SPLIT, "$1$2'");
	return CONTROL_START.test(parts) ? `'${parts}` : parts;
}

function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return "";
	const text = typeof value === "string" ? neutralise(value) : String(value);
	return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `separator`: "," by default; ";" for a Russian spreadsheet, where the comma is the decimal mark. */
export function toCsv(
	rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
	separator: "," | ";" = ",",
): string {
	return `\uFEFF${rows.map((row) => row.map(csvCell).join(separator)).join("\r\n")}\r\n`;
}
