/**
 * What must hold when several instances share one database (issue #15, docs/decisions/0024): each
 * guarantee tried with two handles — two pools, as two instances would have — racing for real against the
 * test's database. The SQLite run tries those that mean something for one file (the schema the
 * migrations make, two migrators, job claims, the outbox); Postgres tries them all.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { database, db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { MailTransport, OutgoingMail } from "~/lib/mail.server";
import { createBackoff, createRateLimiter, databaseCounterStore } from "~/lib/rate-limit.server";
import { claimScheduledRun } from "~/models/scheduled-jobs.server";
import { deliverDueMail, queueMail } from "~/services/mail.server";
import { openSiteState } from "../../app/server/site-state";
import { openConfiguredDatabase, openDatabase, openPostgres } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { SETUP_LOCK, withAdvisoryLock } from "../../db/postgres";
import type { Database } from "../../db/schema";
import { migrations } from "../../migrations/index";
import { emptyPostgresDatabase, testDatabase } from "../support/test-database";
import { writeElsewhere } from "../support/write-elsewhere";

const postgres = testDatabase() === "postgres";
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A second handle on the test's own database: another instance's pool. */
function secondInstance(): Kysely<Database> {
	const handle = openConfiguredDatabase(getEnv());
	cleanups.push(() => handle.db.destroy());
	return handle.db;
}

/** Two handles on a new, empty database (Postgres: a new database in the test cluster; SQLite: a new file). */
async function emptyDatabaseTwice(): Promise<[Kysely<Database>, Kysely<Database>]> {
	if (!postgres) {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-instances-"));
		cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
		const file = path.join(dir, "forma.sqlite");
		const [a, b] = [openDatabase(file), openDatabase(file)];
		cleanups.push(
			() => a.db.destroy(),
			() => b.db.destroy(),
		);
		return [a.db, b.db];
	}
	const database = await emptyPostgresDatabase("empty");
	cleanups.push(() => database.drop());
	const [a, b] = [openPostgres(database.url), openPostgres(database.url)];
	cleanups.push(
		() => a.close(),
		() => b.close(),
	);
	return [a.db, b.db];
}

describe("migrations", () => {
	it.skipIf(postgres)(
		"make the same SQLite schema they made before Postgres support, up to 0011",
		async () => {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-schema-"));
			cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
			const { db: file, sqlite } = openDatabase(path.join(dir, "forma.sqlite"));
			cleanups.push(() => file.destroy());
			const upTo0011 = Object.fromEntries(
				Object.entries(migrations).filter(([name]) => name <= "0011-edit-versions"),
			);
			await migrateToLatest(file, upTo0011);
			const schema = sqlite
				.prepare(
					"select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' and name not like 'kysely_%' order by type, name",
				)
				.all();
			const recorded = JSON.parse(
				fs.readFileSync(path.join(import.meta.dirname, "../support/sqlite-schema-0011.json"), "utf8"),
			);
			expect(schema).toEqual(recorded);
		},
	);

	it.runIf(postgres)("two instances starting at once migrate an empty database exactly once", async () => {
		const [a, b] = await emptyDatabaseTwice();
		const [first, second] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
		const applied = [...(first.results ?? []), ...(second.results ?? [])];
		expect(applied.every((result) => result.status === "Success")).toBe(true);
		expect(applied.map((result) => result.migrationName).sort()).toEqual(Object.keys(migrations).sort());
		const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(a);
		expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
		// Both see a working schema: the first migration's settings row, and the content triggers.
		expect(await b.selectFrom("settings").select("id").execute()).toEqual([{ id: 1 }]);
	});
});

describe.runIf(postgres)("setup", () => {
	it("instances starting at once take turns to migrate and seed (an advisory lock)", async () => {
		if (database.kind !== "postgres") return;
		const url = database.url;
		const spans: Array<[number, number]> = [];
		const setup = () =>
			withAdvisoryLock(url, SETUP_LOCK, async () => {
				const start = performance.now();
				await new Promise((resolve) => setTimeout(resolve, 50));
				spans.push([start, performance.now()]);
			});
		await Promise.all([setup(), setup(), setup()]);
		const sorted = spans.sort((a, b) => a[0] - b[0]);
		expect(sorted).toHaveLength(3);
		for (let n = 1; n < sorted.length; n++)
			expect(sorted[n]?.[0]).toBeGreaterThanOrEqual(sorted[n - 1]?.[1] ?? 0);
	});
});

describe("the mail outbox", () => {
	it("two senders delivering at once never send one message twice", async () => {
		const count = 30;
		await db.transaction().execute(async (trx) => {
			for (let n = 0; n < count; n++) {
				await queueMail(trx, {
					kind: "purchase_confirmation",
					to: `buyer-${n}@example.com`,
					language: "en",
					subject: `Order ${n}`,
					body: { heading: `Order ${n}`, paragraphs: [`Order ${n}`] },
					origin: "http://localhost",
				});
			}
		});
		const delivered: string[] = [];
		const transport = (): MailTransport => ({
			async send(mail: OutgoingMail) {
				// A mail server takes a moment: the other sender runs meanwhile.
				await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
				delivered.push(mail.messageId);
			},
			close() {},
		});
		const sender = async (smtp: MailTransport) => {
			for (;;) {
				const round = await deliverDueMail(smtp, { batch: 7 });
				if (!round.more && round.sent === 0) return;
			}
		};
		await Promise.all([sender(transport()), sender(transport())]);
		expect(delivered).toHaveLength(count);
		expect(new Set(delivered).size).toBe(count);
		const { rows } = await sql<{
			n: number;
		}>`select count(*) as n from outbox where status <> 'sent'`.execute(db);
		expect(Number(rows[0]?.n)).toBe(0);
	});
});

describe("scheduled jobs", () => {
	it("of instances claiming a job's run at once, exactly one runs it; none again until the interval has passed", async () => {
		const other = secondInstance();
		const hour = 60 * 60 * 1000;
		const at = new Date("2030-01-01T00:00:00.000Z");
		const claimAll = (now: Date) =>
			Promise.all(
				Array.from({ length: 10 }, (_, n) =>
					claimScheduledRun("test-job", hour, now, n % 2 === 0 ? db : other),
				),
			);
		expect((await claimAll(at)).filter(Boolean)).toHaveLength(1);
		expect((await claimAll(new Date(at.getTime() + hour / 2))).filter(Boolean)).toHaveLength(0);
		expect((await claimAll(new Date(at.getTime() + hour))).filter(Boolean)).toHaveLength(1);
	});
});

describe.runIf(postgres)("rate limits across instances", () => {
	it("a window counted through two pools at once lets exactly its limit through", async () => {
		const name = `test-window-${Date.now()}`;
		const a = createRateLimiter({ name, limit: 10, windowMs: 60_000, store: databaseCounterStore(db) });
		const b = createRateLimiter({
			name,
			limit: 10,
			windowMs: 60_000,
			store: databaseCounterStore(secondInstance()),
		});
		const hits = await Promise.all(
			Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? a : b).hit("address")),
		);
		expect(hits.filter((hit) => hit.allowed)).toHaveLength(10);
		expect(await a.isLimited("address")).toBe(true);
		expect(await b.retryAfterSeconds("address")).toBeGreaterThan(0);
	});

	it("wrong passwords split across two instances: after the free ones, the next is refused on either", async () => {
		const name = `test-login-${Date.now()}`;
		const options = {
			name,
			freeFailures: 5,
			baseDelayMs: 60_000,
			maxDelayMs: 60_000,
			forgetAfterMs: 3_600_000,
		};
		const a = createBackoff({ ...options, store: databaseCounterStore(db) });
		const b = createBackoff({ ...options, store: databaseCounterStore(secondInstance()) });
		const attempts = await Promise.all(
			Array.from({ length: 5 }, (_, n) => (n % 2 === 0 ? a : b).begin("pair")),
		);
		expect(attempts.every((attempt) => attempt.allowed)).toBe(true);
		expect(await a.begin("pair")).toMatchObject({ allowed: false });
		expect(await b.begin("pair")).toMatchObject({ allowed: false });
	});
});

describe("another instance's change", () => {
	it("reaches this one's page-cache version and maintenance mode within a second", async () => {
		const site = await openSiteState(getEnv());
		cleanups.push(() => site.close());
		await site.caughtUp();
		const version = site.contentVersion();
		expect(site.maintenanceMode()).toBe(false);
		const started = Date.now();
		if (postgres) {
			// Straight through another pool, without waiting for this process to hear of it.
			await sql`update settings set maintenance_mode = 1 where id = 1`.execute(secondInstance());
			while (site.maintenanceMode() === false && Date.now() - started < 1000)
				await new Promise((resolve) => setTimeout(resolve, 5));
		} else {
			await writeElsewhere("update settings set maintenance_mode = 1 where id = 1");
		}
		expect(site.maintenanceMode()).toBe(true);
		expect(site.contentVersion()).not.toBe(version);
		expect(Date.now() - started).toBeLessThan(1000);
	});

	it.runIf(postgres)("is heard again after the listening connection is cut", async () => {
		if (database.kind !== "postgres") return;
		const changes = database.changes();
		await changes.caughtUp();
		const admin = new pg.Client({ connectionString: database.url });
		await admin.connect();
		const { rows } = await admin.query(
			"select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'forma-listen'",
		);
		expect(rows).toHaveLength(1);
		await admin.end();
		const before = changes.token();
		// While cut off nothing can be heard, so every look is a change; once back, it hears again.
		expect(changes.token()).not.toBe(before);
		const deadline = Date.now() + 5000;
		let heard = false;
		while (!heard && Date.now() < deadline) {
			await changes.caughtUp();
			const settled = changes.token();
			await sql`update settings set shop_description = ${String(Date.now())} where id = 1`.execute(
				secondInstance(),
			);
			await changes.caughtUp();
			// Heard, and listening again (while cut off every look is a new token).
			const now = changes.token();
			heard = now !== settled && changes.token() === now;
			if (!heard) await new Promise((resolve) => setTimeout(resolve, 100));
		}
		expect(heard).toBe(true);
	});
});
