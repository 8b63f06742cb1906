import SQLite from "better-sqlite3";
import pg from "pg";
import { database } from "~/lib/db.server";

/**
 * Runs one statement through a connection of its own, as another process would (a CLI, a restore, another
 * instance on Postgres), with `?` placeholders. On Postgres it then waits until this process has heard of
 * the change (the notification arrives within milliseconds, not within the statement's own round trip);
 * SQLite's readers see it at their next read.
 */
export async function writeElsewhere(statement: string, parameters: unknown[] = []): Promise<void> {
	if (database.kind === "postgres") {
		const client = new pg.Client({ connectionString: database.url });
		await client.connect();
		try {
			let index = 0;
			await client.query(
				statement.replace(/\?/g, () => `$${++index}`),
				parameters,
			);
		} finally {
			await client.end();
		}
		await database.changes().caughtUp();
		return;
	}
	const other = new SQLite(process.env.DATABASE_PATH ?? "", { fileMustExist: true });
	try {
		other.prepare(statement).run(...parameters);
	} finally {
		other.close();
	}
}
