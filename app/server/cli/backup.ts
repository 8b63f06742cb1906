/**
 * `npm run backup -- <dir>`: a consistent backup of the running (or stopped) site's database and uploads
 * into <dir>, which must be new or empty. Safe while the server serves and writes. On Postgres it needs
 * pg_dump, and says so when it is missing (db/postgres-backup.ts).
 */
import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { imageStoreFromEnv } from "~/lib/image-store.server";
import { backupTo } from "~db/backup";

const target = process.argv[2];
if (!target) {
	console.error("Usage: npm run backup -- <backup folder>");
	process.exit(2);
}
const env = getEnv();
const images = imageStoreFromEnv(env);
const started = performance.now();
backupTo(path.resolve(target), {
	databasePath: env.DATABASE_PATH,
	databaseUrl: env.DATABASE_URL,
	uploadsDir: env.UPLOADS_DIR,
	images,
})
	.then((manifest) => {
		console.log(
			`Backup written to ${path.resolve(target)} in ${Math.round(performance.now() - started)} ms: ` +
				`${manifest.uploadFiles} files, rows ${JSON.stringify(manifest.rowCounts)}`,
		);
	})
	.catch((error: unknown) => {
		console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	})
	.finally(() => images.close());
