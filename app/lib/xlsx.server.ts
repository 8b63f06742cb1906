import zlib from "node:zlib";
import { escapeHtml } from "./escape-html";

/**
 * A one-sheet Excel workbook (Office Open XML, .xlsx), written by hand: the requests export for teams whose
 * spreadsheet reads a CSV in another separator, or shows the apostrophe that keeps a CSV cell from running
 * as a formula. Here text is a string cell (`inlineStr`) and nothing is a formula (a cell is one only with
 * an <f> element, which this never writes), so "+7 916 123-45-67" and "=HYPERLINK(…)" are shown exactly as
 * typed and nothing runs. Numbers are numbers; dates are real dates (Excel serial days) in a day.month.year
 * hours:minutes format, so the column sorts and filters as dates.
 */
export type XlsxCell = string | number | { date: Date } | null | undefined;

/** Moscow has no daylight saving since 2014: its clock is UTC+3, the gallery's (app/lib/format.ts). */
const GALLERY_OFFSET_MS = 3 * 60 * 60 * 1000;
/** Excel's day 0 is 30 December 1899 (its 1900 leap-year bug included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment as Excel's serial day, read on the gallery's clock (a workbook has no time zones). */
export function excelSerialDay(date: Date): number {
	return (date.getTime() + GALLERY_OFFSET_MS - EXCEL_EPOCH_MS) / DAY_MS;
}

function columnName(index: number): string {
	let name = "";
	for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
		name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
	return name;
}

/** XML 1.0 forbids most control characters; a buyer's text never needs them. */
function xmlText(text: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
	return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ""));
}

function cellXml(value: XlsxCell, ref: string, header: boolean): string {
	if (value === null || value === undefined || value === "") return "";
	const style = header ? ' s="1"' : "";
	if (typeof value === "number") return `<c r="${ref}"${style}><v>${value}</v></c>`;
	if (typeof value === "object") return `<c r="${ref}" s="2"><v>${excelSerialDay(value.date)}</v></c>`;
	return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

function sheetXml(rows: ReadonlyArray<ReadonlyArray<XlsxCell>>, widths: readonly number[]): string {
	const columns = widths.map(
		(width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`,
	);
	const body = rows
		.map(
			(row, r) =>
				`<row r="${r + 1}">${row.map((value, c) => cellXml(value, `${columnName(c)}${r + 1}`, r === 0)).join("")}</row>`,
		)
		.join("");
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${columns.join("")}</cols><sheetData>${body}</sheetData></worksheet>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function workbookFiles(sheetName: string, sheet: string): Array<[string, string]> {
	return [
		[
			"[Content_Types].xml",
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
		],
		[
			"_rels/.rels",
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
		],
		[
			"xl/workbook.xml",
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName.slice(0, 31).replace(/[[\]:*?/\\]/g, " "))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		],
		[
			"xl/_rels/workbook.xml.rels",
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
		],
		["xl/worksheets/sheet1.xml", sheet],
		["xl/styles.xml", STYLES],
	];
}

/** 1 January 1980, the first day a zip entry can carry: the files have no date worth keeping. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** A zip archive (deflated entries, no data descriptors), as the .xlsx container is. */
export function zip(files: ReadonlyArray<[string, string | Buffer]>): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const [name, content] of files) {
		const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
		const packed = zlib.deflateRawSync(data);
		const nameBytes = Buffer.from(name, "utf8");
		const crc = zlib.crc32(data);
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4); // version needed
		local.writeUInt16LE(0x0800, 6); // UTF-8 names
		local.writeUInt16LE(8, 8); // deflate
		local.writeUInt16LE(0, 10); // time: 00:00
		local.writeUInt16LE(DOS_DATE, 12);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(packed.length, 18);
		local.writeUInt32LE(data.length, 22);
		local.writeUInt16LE(nameBytes.length, 26);
		local.writeUInt16LE(0, 28);
		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt16LE(0x0800, 8);
		central.writeUInt16LE(8, 10);
		central.writeUInt16LE(0, 12);
		central.writeUInt16LE(DOS_DATE, 14);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(packed.length, 20);
		central.writeUInt32LE(data.length, 24);
		central.writeUInt16LE(nameBytes.length, 28);
		central.writeUInt32LE(offset, 42);
		locals.push(local, nameBytes, packed);
		centrals.push(central, nameBytes);
		offset += local.length + nameBytes.length + packed.length;
	}
	const directory = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(files.length, 8);
	end.writeUInt16LE(files.length, 10);
	end.writeUInt32LE(directory.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, directory, end]);
}

/** The workbook: the first row is the header (bold, frozen), `widths` the columns' widths in characters. */
export function toXlsx(
	sheetName: string,
	rows: ReadonlyArray<ReadonlyArray<XlsxCell>>,
	widths: readonly number[],
): Buffer {
	return zip(workbookFiles(sheetName, sheetXml(rows, widths)));
}
