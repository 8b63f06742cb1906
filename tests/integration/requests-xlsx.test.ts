import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { excelSerialDay } from "~/lib/xlsx.server";
import { listActivity } from "~/models/activity.server";
import { createUser } from "~/models/users.server";
import { loader as xlsxLoader } from "~/routes/admin.requests.export[.]xlsx";
import { startSession } from "~/services/auth.server";
import { getRequest, settle } from "../support/requests";

/**
 * The requests as an Excel workbook (issue #35): a Russian team's spreadsheet shows the CSV's phones with
 * the apostrophe that keeps "+7…" from running as a formula; in the workbook they are text as typed, and
 * nothing in it is a formula, whatever a buyer typed.
 */

async function signedIn(role: "user" | "admin", username: string) {
	const user = await createUser({
		email: `${username}@forma.example`,
		phone: null,
		password: "long-enough-pw",
		username,
		role,
	});
	return { user, cookie: (await startSession(user.id)).split(";")[0] ?? "" };
}

async function addRequest(values: { email: string; phone?: string; note?: string; createdAt?: string }) {
	await db
		.insertInto("purchase_requests")
		.values({
			project_id: null,
			project_name: "Arc Lounge Chair",
			project_price: 48000,
			email: values.email,
			phone: values.phone ?? "+79161234567",
			note: values.note ?? "",
			...(values.createdAt ? { created_at: values.createdAt } : {}),
		})
		.execute();
}

const download = (path: string, cookie?: string) =>
	settle(() =>
		xlsxLoader({ request: getRequest(path, cookie), params: {}, context: {} }),
	) as Promise<Response>;

/** The files of a zip archive as written by app/lib/xlsx.server.ts (sizes in the local headers). */
function unzip(archive: Buffer): Map<string, string> {
	const files = new Map<string, string>();
	let at = 0;
	while (archive.readUInt32LE(at) === 0x04034b50) {
		const method = archive.readUInt16LE(at + 8);
		const crc = archive.readUInt32LE(at + 14);
		const packedSize = archive.readUInt32LE(at + 18);
		const nameLength = archive.readUInt16LE(at + 26);
		const extraLength = archive.readUInt16LE(at + 28);
		const name = archive.subarray(at + 30, at + 30 + nameLength).toString("utf8");
		const start = at + 30 + nameLength + extraLength;
		const packed = archive.subarray(start, start + packedSize);
		const data = method === 8 ? zlib.inflateRawSync(packed) : packed;
		expect(zlib.crc32(data)).toBe(crc);
		files.set(name, data.toString("utf8"));
		at = start + packedSize;
	}
	return files;
}

/** The sheet's cells by reference: { A1: { type, style, text } }. */
function cells(sheet: string) {
	const found = new Map<string, { type: string | null; style: string | null; text: string }>();
	for (const match of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(.*?)<\/c>/g)) {
		const [, ref = "", attributes = "", inner = ""] = match;
		found.set(ref, {
			type: /t="(\w+)"/.exec(attributes)?.[1] ?? null,
			style: /s="(\d+)"/.exec(attributes)?.[1] ?? null,
			text:
				(/<t[^>]*>(.*?)<\/t>|<v>(.*?)<\/v>/.exec(inner) ?? []).slice(1).find((part) => part !== undefined) ??
				"",
		});
	}
	return found;
}

describe("requests as an Excel workbook", () => {
	it("is for administrators only", async () => {
		const { cookie } = await signedIn("user", "plainuser");
		for (const who of [undefined, cookie]) {
			const response = await download("/admin/requests/export.xlsx", who);
			expect(response.status).toBe(302);
		}
	});

	it("writes phones as text with no apostrophe, a buyer's formula as words, and real dates", async () => {
		const { cookie, user } = await signedIn("admin", "sheetkeeper");
		await addRequest({
			email: '=HYPERLINK("http://evil.example","click")',
			phone: "+7 916 123-45-67",
			note: "@SUM(A1:A9) <b>&",
			createdAt: "2026-03-01T18:05:00.000Z",
		});
		const response = await download("/admin/requests/export.xlsx?lng=ru", cookie);
		expect(response.status).toBe(200);
		expect(response.headers.get("Content-Type")).toBe(
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
		);
		expect(response.headers.get("Content-Disposition")).toMatch(
			/^attachment; filename="forma-requests-.*\.xlsx"$/,
		);
		const files = unzip(Buffer.from(await response.arrayBuffer()));
		expect([...files.keys()]).toEqual(
			expect.arrayContaining([
				"[Content_Types].xml",
				"xl/workbook.xml",
				"xl/worksheets/sheet1.xml",
				"xl/styles.xml",
			]),
		);
		const sheet = files.get("xl/worksheets/sheet1.xml") ?? "";
		// Nothing is a formula: a cell runs only with an <f> element.
		expect(sheet).not.toContain("<f>");
		const grid = cells(sheet);
		expect(grid.get("I1")?.text).toBe("Телефон");
		expect(grid.get("I2")).toEqual({ type: "inlineStr", style: null, text: "+7 916 123-45-67" });
		expect(grid.get("H2")?.text).toBe("=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)");
		expect(grid.get("K2")?.text).toBe("@SUM(A1:A9) &lt;b&gt;&amp;");
		expect(grid.get("C2")?.text).toBe("Новая");
		// 21:05 in Moscow on 1 March 2026, as Excel counts days, shown as a date and time (style 2).
		expect(grid.get("B2")?.style).toBe("2");
		expect(Number(grid.get("B2")?.text)).toBeCloseTo(excelSerialDay(new Date("2026-03-01T18:05:00Z")), 8);
		expect(excelSerialDay(new Date("2026-03-01T18:05:00Z"))).toBeCloseTo(46082 + (21 * 60 + 5) / 1440, 8);
		expect(files.get("xl/styles.xml")).toContain('formatCode="dd.mm.yyyy hh:mm"');

		const { rows } = await listActivity({ actorId: user.id });
		expect(rows[0]?.changes).toContainEqual({ field: "format", before: null, after: "xlsx" });
	});
});
