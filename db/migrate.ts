import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely";
import { migrations } from "../migrations/index";
import type { Database } from "./schema";

export class MigrationFailedError extends Error {
	override name = "MigrationFailedError";
}

/**
 * Applies every pending migration. Migrations are listed in migrations/index.ts rather than read from the
 * folder at run time, so the server bundle carries them (see docs/decisions/0002-migrations-are-bundled.md).
 */
export async function migrateToLatest(
	db: Kysely<Database>,
	list: Record<string, Migration> = migrations,
): Promise<MigrationResultSet> {
	const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
	const resultSet = await migrator.migrateToLatest();
	if (resultSet.error) {
		const failed = resultSet.results?.find((result) => result.status === "Error");
		const reason = resultSet.error instanceof Error ? resultSet.error.message : String(resultSet.error);
		throw new MigrationFailedError(
			`Database migration ${failed ? `"${failed.migrationName}" ` : ""}failed: ${reason}. ` +
				"The server will not start on a partly migrated database; fix the migration or restore a backup.",
			{ cause: resultSet.error },
		);
	}
	return resultSet;
}
