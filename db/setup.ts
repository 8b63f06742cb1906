/**
 * Runs before the server starts (npm start, npm run dev, the container): applies migrations, then seeds an
 * empty database. Any failure stops here with a clear message, so the server never serves a half-ready
 * database.
 */
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "./connection";
import { migrateToLatest } from "./migrate";
import { seedDatabase } from "./seed";

async function main(): Promise<void> {
	const env = getEnv();
	const { db } = openDatabase(env.DATABASE_PATH);
	try {
		const { results } = await migrateToLatest(db);
		for (const result of results ?? []) console.log(`migration ${result.migrationName}: ${result.status}`);
		const started = performance.now();
		const seed = await seedDatabase(db, env.UPLOADS_DIR);
		console.log(
			seed.seeded
				? `seeded the catalogue in ${Math.round(performance.now() - started)} ms`
				: `seed skipped: ${seed.reason}`,
		);
	} finally {
		await db.destroy();
	}
}

main().catch((error: unknown) => {
	console.error(`\nFORMA cannot start.\n${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
