/**
 * `npm run restore -- <dir>`: restores a backup made by `npm run backup` into DATABASE_PATH and UPLOADS_DIR
 * (or the S3_BUCKET), which must be empty (stop the server first; it refuses to overwrite anything).
 */
import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { imageStoreFromEnv } from "~/lib/image-store.server";
import { restoreFrom } from "~db/backup";

const source = process.argv[2];
if (!source) {
	console.error("Usage: npm run restore -- <backup folder>");
	process.exit(2);
}
const env = getEnv();
const images = imageStoreFromEnv(env);
restoreFrom(path.resolve(source), {
	databasePath: env.DATABASE_PATH,
	databaseUrl: env.DATABASE_URL,
	uploadsDir: env.UPLOADS_DIR,
	images,
})
	.then((manifest) => {
		console.log(
			`Restored the backup of ${manifest.createdAt} into ${env.DATABASE_URL ? "DATABASE_URL" : env.DATABASE_PATH} and ${images.location}: ` +
				`${manifest.uploadFiles} files, rows ${JSON.stringify(manifest.rowCounts)}`,
		);
	})
	.catch((error: unknown) => {
		console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	})
	.finally(() => images.close());
