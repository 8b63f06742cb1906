import { type Kysely, sql } from "kysely";
import { databaseKind } from "~db/dialect";

/**
 * Makes the database refuse one kind of write to a table with `message`, as a full disk or a broken
 * table would, to prove that whatever else the transaction wrote goes too. A trigger, spelled for
 * SQLite or Postgres (the integration tests run on both); `when` is a condition on `new`. Returns the
 * function that lifts the refusal.
 */
export async function refuseWrites<DB>(
	db: Kysely<DB>,
	refusal: {
		name: string;
		table: string;
		event: "insert" | "update of name";
		message: string;
		when?: string;
	},
): Promise<() => Promise<void>> {
	const { name, table, event, message, when } = refusal;
	if (databaseKind(db) === "postgres") {
		await sql
			.raw(
				`create function ${name}() returns trigger language plpgsql as $$
				begin raise exception '${message}'; end $$`,
			)
			.execute(db);
		await sql
			.raw(
				`create trigger ${name} before ${event} on ${table} for each row
				${when ? `when (${when})` : ""} execute function ${name}()`,
			)
			.execute(db);
		return async () => {
			await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
			await sql.raw(`drop function ${name}()`).execute(db);
		};
	}
	await sql
		.raw(
			`create trigger ${name} before ${event} on ${table} ${when ? `when ${when}` : ""}
			begin select raise(abort, '${message}'); end`,
		)
		.execute(db);
	return async () => {
		await sql.raw(`drop trigger ${name}`).execute(db);
	};
}
