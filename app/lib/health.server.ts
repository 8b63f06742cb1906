import type { ImageStore } from "./image-store.server";

export interface HealthReport {
	ok: boolean;
	database: boolean;
	uploads: boolean;
}

/**
 * The database answers (`SELECT 1` on SQLite or Postgres: `databaseAnswers`) and the image store works:
 * a file can be written to and removed from the uploads folder, or the S3 bucket answers (ImageStore.check).
 */
export async function checkHealth(
	databaseAnswers: () => Promise<boolean>,
	images: ImageStore,
): Promise<HealthReport> {
	const [database, uploads] = await Promise.all([databaseAnswers().catch(() => false), images.check()]);
	return { ok: database && uploads, database, uploads };
}
