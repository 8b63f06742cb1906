/**
 * Online backups and restores of the database and the uploads (docs/operations.md, "Backups").
 *
 * A backup is a folder: `forma.sqlite` (SQLite's online backup API, a consistent snapshot taken while the
 * site serves and writes) or, on Postgres, `forma.dump` (pg_dump's custom format, db/postgres-backup.ts),
 * `uploads/` (every stored image, from the uploads folder or the S3 bucket) and `manifest.json` (when, row
 * counts, files). Images are copied before and after the database snapshot: an image is written
 * (atomically) before any row points to it, so every image the snapshot references is stored by the second
 * pass.
 */
import fs from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
	copyMissingImages,
	getImageStore,
	type ImageStore,
	type StorageEnv,
} from "../app/lib/image-store.server";
import { createDiskImageStore } from "../app/lib/image-store-disk.server";
import { dumpPostgres, POSTGRES_DUMP_FILE, restorePostgres } from "./postgres-backup";

export const BACKUP_DATABASE_FILE = "forma.sqlite";
const BACKUP_UPLOADS_DIR = "uploads";
const BACKUP_MANIFEST_FILE = "manifest.json";

/** Tables whose row counts a restore is checked against. */
const COUNTED_TABLES = [
	"projects",
	"project_images",
	"hero_slides",
	"artists",
	"users",
	"purchase_requests",
	"favourites",
	"settings",
	"audit_log",
	// Personal data (migration 0018): the consent record must survive a restore like the requests it backs.
	"consent_texts",
	"consents",
	"personal_data_links",
] as const;

export interface BackupManifest {
	createdAt: string;
	/** Which database the backup holds; absent in backups made before Postgres (SQLite). */
	database?: "sqlite" | "postgres";
	rowCounts: Record<string, number>;
	uploadFiles: number;
}

interface DataPaths {
	databasePath: string;
	/** DATABASE_URL: the database is Postgres, dumped with pg_dump instead of the file at databasePath. */
	databaseUrl?: string | undefined;
	uploadsDir: string;
	/** Where the images are when not in `uploadsDir`: an S3 bucket (docs/decisions/0025). */
	images?: ImageStore | undefined;
}

const imagesOf = ({ uploadsDir, images }: DataPaths): ImageStore =>
	images ?? createDiskImageStore(uploadsDir);

async function countFiles(dir: string): Promise<number> {
	let count = 0;
	for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
		if (entry.isFile()) count += 1;
	}
	return count;
}

export function countRows(sqlite: SQLite.Database): Record<string, number> {
	return Object.fromEntries(
		COUNTED_TABLES.map((table) => [
			table,
			sqlite.prepare(`select count(*) from ${table}`).pluck().get() as number,
		]),
	);
}

/** Takes a backup into `target`, which must not exist yet or be empty. */
export async function backupTo(target: string, paths: DataPaths): Promise<BackupManifest> {
	const { databasePath } = paths;
	await fs.mkdir(target, { recursive: true });
	if ((await fs.readdir(target)).length > 0) throw new Error(`${target} is not empty`);
	const uploadsTarget = path.join(target, BACKUP_UPLOADS_DIR);
	const images = imagesOf(paths);
	const copies = createDiskImageStore(uploadsTarget, { fsync: false });
	await copyMissingImages(images, copies);

	if (paths.databaseUrl) {
		const rowCounts = await dumpPostgres(
			paths.databaseUrl,
			path.join(target, POSTGRES_DUMP_FILE),
			COUNTED_TABLES,
		);
		await copyMissingImages(images, copies);
		return writeManifest(target, { database: "postgres", rowCounts, uploadsTarget });
	}

	const databaseTarget = path.join(target, BACKUP_DATABASE_FILE);
	const source = new SQLite(databasePath, { fileMustExist: true });
	try {
		source.pragma("busy_timeout = 5000");
		// All pages in one step: one read transaction, so writers elsewhere never force it to start over.
		await source.backup(databaseTarget, { progress: () => 1_000_000_000 });
	} finally {
		source.close();
	}
	await copyMissingImages(images, copies);

	const snapshot = new SQLite(databaseTarget);
	let rowCounts: Record<string, number>;
	try {
		const integrity = snapshot.pragma("integrity_check", { simple: true });
		if (integrity !== "ok") throw new Error(`the backup failed its integrity check: ${String(integrity)}`);
		// A self-contained file: no -wal beside it.
		snapshot.pragma("journal_mode = DELETE");
		rowCounts = countRows(snapshot);
	} finally {
		snapshot.close();
	}
	return writeManifest(target, { database: "sqlite", rowCounts, uploadsTarget });
}

async function writeManifest(
	target: string,
	{
		database,
		rowCounts,
		uploadsTarget,
	}: { database: "sqlite" | "postgres"; rowCounts: Record<string, number>; uploadsTarget: string },
): Promise<BackupManifest> {
	await fs.mkdir(uploadsTarget, { recursive: true });
	const manifest: BackupManifest = {
		createdAt: new Date().toISOString(),
		database,
		rowCounts,
		uploadFiles: await countFiles(uploadsTarget),
	};
	await fs.writeFile(path.join(target, BACKUP_MANIFEST_FILE), `${JSON.stringify(manifest, null, "\t")}\n`);
	return manifest;
}

async function exists(file: string): Promise<boolean> {
	return fs.access(file).then(
		() => true,
		() => false,
	);
}

/**
 * Restores a backup into an empty data directory: refuses to overwrite an existing database or uploads,
 * and refuses a backup that is incomplete or fails SQLite's integrity check.
 */
export async function restoreFrom(source: string, paths: DataPaths): Promise<BackupManifest> {
	const { databasePath } = paths;
	const images = imagesOf(paths);
	const manifest = JSON.parse(
		await fs.readFile(path.join(source, BACKUP_MANIFEST_FILE), "utf8"),
	) as BackupManifest;
	const postgres = manifest.database === "postgres";
	if (postgres !== Boolean(paths.databaseUrl)) {
		throw new Error(
			`the backup holds a ${postgres ? "Postgres" : "SQLite"} database; restore it where ` +
				(postgres ? "DATABASE_URL names an empty Postgres database" : "DATABASE_URL is unset (SQLite)"),
		);
	}
	if (paths.databaseUrl) {
		if ((await images.list("")).length > 0) {
			throw new Error(`${images.location} is not empty: restore only into an empty data directory`);
		}
		await restorePostgres(paths.databaseUrl, path.join(source, POSTGRES_DUMP_FILE), manifest.rowCounts);
		await copyMissingImages(createDiskImageStore(path.join(source, BACKUP_UPLOADS_DIR)), images);
		return manifest;
	}
	const backupDatabase = path.join(source, BACKUP_DATABASE_FILE);
	for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
		if (await exists(file)) throw new Error(`${file} exists: restore only into an empty data directory`);
	}
	if ((await images.list("")).length > 0) {
		throw new Error(`${images.location} is not empty: restore only into an empty data directory`);
	}
	const check = new SQLite(backupDatabase, { readonly: true, fileMustExist: true });
	try {
		const integrity = check.pragma("integrity_check", { simple: true });
		if (integrity !== "ok") throw new Error(`the backup database is damaged: ${String(integrity)}`);
	} finally {
		check.close();
	}

	await fs.mkdir(path.dirname(path.resolve(databasePath)), { recursive: true });
	const partial = `${databasePath}.restoring`;
	await fs.copyFile(backupDatabase, partial);
	await copyMissingImages(createDiskImageStore(path.join(source, BACKUP_UPLOADS_DIR)), images);
	// The database appears last and whole: a restore cut short leaves no database that looks ready.
	await fs.rename(partial, databasePath);
	return manifest;
}

/** Backups run every `BACKUP_INTERVAL_HOURS` into `BACKUP_DIR/forma-<time>/`, keeping the newest `BACKUP_KEEP`. */
export async function takeScheduledBackup(
	backupDir: string,
	keep: number,
	paths: DataPaths,
	now = new Date(),
): Promise<string> {
	const name = `forma-${now.toISOString().replace(/[:.]/g, "-")}`;
	const target = path.join(backupDir, name);
	await backupTo(target, paths);
	const backups = (await fs.readdir(backupDir)).filter((entry) => entry.startsWith("forma-")).sort();
	for (const old of backups.slice(0, Math.max(0, backups.length - keep))) {
		await fs.rm(path.join(backupDir, old), { recursive: true, force: true });
	}
	return target;
}

interface ScheduleEnv extends StorageEnv {
	DATABASE_PATH: string;
	DATABASE_URL?: string | undefined;
	BACKUP_DIR?: string | undefined;
	BACKUP_INTERVAL_HOURS: number;
	BACKUP_KEEP: number;
}

/** Runs `task` every `intervalMs`; returns the function that stops it. */
export type Schedule = (intervalMs: number, task: () => Promise<void>) => () => void;

/** One process's timer. Several instances pass one that elects who runs (app/server/scheduled-job.ts). */
const everyInterval: Schedule = (intervalMs, task) => {
	let running = false;
	const timer = setInterval(() => {
		if (running) return;
		running = true;
		void task().finally(() => {
			running = false;
		});
	}, intervalMs);
	timer.unref();
	return () => clearInterval(timer);
};

/** Starts the schedule when configured; returns a function that stops it. */
export function scheduleBackups(
	env: ScheduleEnv,
	log: (msg: string, fields: Record<string, unknown>) => void = () => undefined,
	schedule: Schedule = everyInterval,
): () => void {
	const { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: hours, BACKUP_KEEP: keep } = env;
	if (!backupDir || hours <= 0) return () => undefined;
	const paths = {
		databasePath: env.DATABASE_PATH,
		databaseUrl: env.DATABASE_URL,
		uploadsDir: env.UPLOADS_DIR,
		images: getImageStore(env),
	};
	return schedule(hours * 60 * 60 * 1000, () =>
		takeScheduledBackup(backupDir, keep, paths)
			.then((target) => log("backup taken", { target }))
			.catch((error: unknown) => log("backup failed", { error: String(error) })),
	);
}
