import { sql } from "kysely";
import { db } from "~/lib/db.server";

type VersionedTable = "projects" | "artists" | "hero_slides" | "users" | "settings";

/**
 * A record's stored version (docs/decisions/0023), as the page's edit or delete form carries it: tests that
 * post those forms send it the way a browser would. An unknown record gets "1", so a post about something
 * that does not exist still reaches the action's own "not found".
 */
export async function versionOf(table: VersionedTable, id: string | number = 1): Promise<string> {
	const { rows } = await sql<{
		version: number;
	}>`select version from ${sql.table(table)} where id = ${id}`.execute(db);
	return String(rows[0]?.version ?? 1);
}

/**
 * A posted edit or delete form, sent again with the version its page would have carried (the stored one
 * of the record its `id` names), for tests that build their bodies themselves. A form that already
 * carries one, or names no record, goes as it is.
 */
export async function withVersionIn(request: Request, table: VersionedTable): Promise<Request> {
	const form = await request.clone().formData();
	const id = form.get("id");
	if (form.has("version") || (table !== "settings" && (typeof id !== "string" || id === ""))) return request;
	form.set("version", await versionOf(table, table === "settings" ? 1 : String(id)));
	const headers = new Headers(request.headers);
	const multipart = /^multipart\//i.test(headers.get("Content-Type") ?? "");
	// A new body gets a new multipart boundary: the old Content-Type would not match it.
	if (multipart) headers.delete("Content-Type");
	const body = multipart
		? form
		: new URLSearchParams([...form].map(([name, value]) => [name, String(value)] as [string, string]));
	return new Request(request.url, { method: "POST", body, headers });
}
