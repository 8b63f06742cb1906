/**
 * Runs before the server starts (npm start, npm run dev, the container): applies migrations, then seeds an
 * empty database. Any failure stops here with a clear message, so the server never serves a half-ready
 * database.
 */
import { getEnv } from "~/lib/env.server";
import { imageStoreFromEnv } from "~/lib/image-store.server";
import { syncSearchIndex } from "~/lib/search/documents.server";
import { type DatabaseHandle, openConfiguredDatabase } from "~db/connection";
import { migrateToLatest } from "~db/migrate";
import { SETUP_LOCK, withAdvisoryLock } from "~db/postgres";
import { seedDatabase } from "~db/seed/seed";

async function main(): Promise<void> {
	const handle = openConfiguredDatabase(getEnv());
	// Instances starting at once on one Postgres database take turns: the first migrates and seeds, the
	// others find it done (the migrator locks too, but two seeds of an empty catalogue would collide).
	if (handle.kind === "postgres") await withAdvisoryLock(handle.url, SETUP_LOCK, () => prepare(handle));
	else await prepare(handle);
	await bootstrapAdmin();
	await adoptAdminEmail();
	const { closeDatabase } = await import("~/lib/db.server");
	await closeDatabase();
}

/** Migrates, seeds an empty database, and brings the search index up to date. */
async function prepare({ db }: DatabaseHandle): Promise<void> {
	const env = getEnv();
	try {
		const { results } = await migrateToLatest(db);
		for (const result of results ?? []) console.log(`migration ${result.migrationName}: ${result.status}`);
		const started = performance.now();
		const images = imageStoreFromEnv(env);
		const seed = await seedDatabase(db, images).finally(() => images.close());
		console.log(
			seed.seeded
				? `seeded the catalogue in ${Math.round(performance.now() - started)} ms`
				: `seed skipped: ${seed.reason}`,
		);
		const indexing = performance.now();
		const search = await syncSearchIndex(db);
		if (search === "rebuilt")
			console.log(`built the search index in ${Math.round(performance.now() - indexing)} ms`);
	} finally {
		await db.destroy();
	}
}

/** ADMIN_EMAIL also becomes the address for the gallery's notifications while the settings name none. */
async function adoptAdminEmail(): Promise<void> {
	const email = getEnv().ADMIN_EMAIL;
	if (!email) return;
	const settings = await import("~/models/settings.server");
	if (await settings.adoptAdminEmail(email)) console.log(`notifications about new requests go to ${email}`);
}

/** Development convenience: a known administrator when none is configured (only under NODE_ENV=development). */
export const DEVELOPMENT_ADMIN = { username: "curator", password: "forma-curator-2026" };

/**
 * One rule for `npm start`, `npm run dev` and containers: an administrator comes from ADMIN_USERNAME and
 * ADMIN_PASSWORD, and the development default only when NODE_ENV=development is really set (`npm run dev`
 * sets it). The environment's own default ("development" when unset) does not count: `npm start` runs this
 * step without NODE_ENV and then serves as production, which once created curator/forma-curator-2026 on
 * production sites.
 */
async function bootstrapAdmin(): Promise<void> {
	const env = getEnv();
	const configured = env.ADMIN_USERNAME && env.ADMIN_PASSWORD;
	const development = process.env.NODE_ENV === "development";
	// Imported only now: the model opens the app's connection, which requires the migrations above.
	const { countAdmins, ensureAdmin } = await import("~/models/users.server");
	if (!configured && !development) {
		if ((await countAdmins()) === 0) {
			console.log(
				"\nNo administrator yet. Create the first one with\n" +
					"  ADMIN_USERNAME=anna ADMIN_PASSWORD='a-long-password' npm start\n" +
					"or\n" +
					"  npm run user:create -- --admin --username anna --email anna@example.com --password 'a-long-password'\n",
			);
		}
		return;
	}
	const admin = configured
		? { username: env.ADMIN_USERNAME ?? "", password: env.ADMIN_PASSWORD ?? "", email: env.ADMIN_EMAIL }
		: DEVELOPMENT_ADMIN;
	const created = await ensureAdmin(admin);
	if (created)
		console.log(
			`created administrator "${created}"${configured ? "" : " (development default, see docs/accounts.md)"}`,
		);
}

main().catch((error: unknown) => {
	console.error(`\nFORMA cannot start.\n${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
