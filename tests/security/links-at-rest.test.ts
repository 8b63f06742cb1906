import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { loader as mailListLoader } from "~/routes/admin.mail._index/route";
import { loader as mailLoader } from "~/routes/admin.mail.$id/route";
import { loader as mailHtmlLoader } from "~/routes/admin.mail.$id_.html";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as registerAction } from "~/routes/register/route";
import { action as resetAction } from "~/routes/reset-password";
import { loader as verifyLoader } from "~/routes/verify-email";
import { startSession } from "~/services/auth.server";
import { backupTo } from "~db/backup";
import { openDatabase } from "~db/connection";
import { migrateToLatest } from "~db/migrate";
import { migrations } from "~migrations/index";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { linkIn } from "../support/smtp";
import { testDatabase } from "../support/test-database";

/**
 * A working reset link read from a copy of the database. Only the tokens' hashes were kept in
 * email_tokens, but the outbox kept every message as rendered, link included, and /admin/mail showed it:
 * whoever read a backup, a replica or the admin's mail screen could take over the account. No secret that
 * makes a working link may rest anywhere: not in any column of any table (all of them, so that a column
 * added later cannot escape), not in a backup, not on the admin's mail screen. The delivered message
 * carries a link that works, once.
 */
const { deliverTo } = smtpDeliveryForEachTest();

/**
 * Every column of every table that holds `secret` anywhere in any row, as "table.column": what a copy of
 * the database would give away. All tables and all their columns, so a column added later is covered.
 */
async function columnsHolding(secret: string): Promise<string[]> {
	// The app's own schema (Postgres's test harness keeps its copies of the seed in another one).
	const tables = (await db.introspection.getTables()).filter(
		(table) => !table.schema || table.schema === "public",
	);
	expect(tables.map((table) => table.name)).toEqual(
		expect.arrayContaining(["outbox", "email_tokens", "users"]),
	);
	const found = new Set<string>();
	for (const table of tables) {
		const rows = await db
			.selectFrom(table.name as "users")
			.selectAll()
			.execute();
		for (const row of rows as Array<Record<string, unknown>>) {
			for (const [column, value] of Object.entries(row)) {
				if (JSON.stringify(value ?? null).includes(secret)) found.add(`${table.name}.${column}`);
			}
		}
	}
	return [...found];
}

/** What an administrator sees of every message: the list, each message, and each message's HTML part. */
async function adminMailScreens(): Promise<string> {
	const admin = await createUser({
		email: "mail-reader@example.com",
		phone: null,
		password: "a-long-password",
		role: "admin",
		username: "mailreader",
		emailVerified: true,
	});
	const cookie = (await startSession(admin.id)).split(";")[0] ?? "";
	const seen = [
		JSON.stringify(
			await mailListLoader({ request: getRequest("/admin/mail", cookie), params: {}, context: {} }),
		),
	];
	for (const { id } of await db.selectFrom("outbox").select("id").execute()) {
		const params = { id: String(id) };
		seen.push(
			JSON.stringify(
				await mailLoader({ request: getRequest(`/admin/mail/${id}`, cookie), params, context: {} }),
			),
		);
		const html = (await mailHtmlLoader({
			request: getRequest(`/admin/mail/${id}/html`, cookie),
			params,
			context: {},
		})) as Response;
		seen.push(await html.text());
	}
	return seen.join("\n");
}

/** The bytes of a backup's database file (SQLite: the whole file, free pages too), as Latin-1 text. */
async function backupBytes(): Promise<string | null> {
	if (testDatabase() === "postgres") return null;
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-links-backup-"));
	try {
		await backupTo(path.join(dir, "backup"), {
			databasePath: process.env.DATABASE_PATH ?? "",
			databaseUrl: process.env.DATABASE_URL,
			uploadsDir: process.env.UPLOADS_DIR ?? "",
		});
		return fs.readFileSync(path.join(dir, "backup", "forma.sqlite")).toString("latin1");
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function expectNowhereAtRest(secret: string) {
	expect(secret).toMatch(/^[\w-]{43}$/);
	expect(await columnsHolding(secret)).toEqual([]);
	expect((await adminMailScreens()).includes(secret), "shown on /admin/mail").toBe(false);
	const backup = await backupBytes();
	if (backup !== null) expect(backup.includes(secret), "in a backup").toBe(false);
}

describe("links at rest", () => {
	it.skipIf(testDatabase() === "postgres")(
		"links stored before the upgrade: migration 0014 uses them up and cuts them out of the outbox",
		async () => {
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-links-migration-"));
			const { db: old, sqlite } = openDatabase(path.join(dir, "old.sqlite"));
			try {
				const before = Object.fromEntries(
					Object.entries(migrations).filter(([name]) => name < "0014-link-secrets"),
				);
				await migrateToLatest(old, before);
				const secret = "A".repeat(43);
				const body = (kind: string) => `Follow http://localhost/${kind}?token=${secret}&lng=en`;
				sqlite.exec(`
					insert into users (username, email, password_hash) values ('olga', 'olga@example.com', 'x');
					insert into email_tokens (user_id, purpose, token_hash, email, expires_at)
						values (1, 'reset_password', 'hash', 'olga@example.com', '2999-01-01T00:00:00.000Z');
					insert into outbox (message_id, kind, to_address, language, from_name, subject, text_body, html_body, status)
						values ('<1@x>', 'password_reset', 'olga@example.com', 'en', 'FORMA', 'Reset', '${body("reset-password")}', '<a href="${body("reset-password")}">', 'sent'),
						       ('<2@x>', 'verify_email', 'olga@example.com', 'en', 'FORMA', 'Confirm', '${body("verify-email")}', '<a href="${body("verify-email")}">', 'pending');
				`);
				await migrateToLatest(old);
				const dump = JSON.stringify(sqlite.prepare("select * from outbox").all());
				expect(dump).not.toContain(secret);
				expect(sqlite.prepare("select count(*) as n from email_tokens where used_at is null").get()).toEqual({
					n: 0,
				});
				// The one still waiting would carry a dead link: it is failed, saying why.
				expect(sqlite.prepare("select status from outbox order by id").all()).toEqual([
					{ status: "sent" },
					{ status: "failed" },
				]);
			} finally {
				await old.destroy();
				fs.rmSync(dir, { recursive: true, force: true });
			}
		},
	);

	it("a working reset link read from a database copy: the secret is only in the message delivered, and works once", async () => {
		await createUser({
			email: "olga@example.com",
			phone: null,
			password: "olgas-old-password",
			username: "olga",
		});
		const asked = await settle(() =>
			forgotAction({
				request: formRequest(
					"/forgot-password",
					{ email: "olga@example.com" },
					{ headers: { "X-Forwarded-For": "192.0.2.61" } },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(asked)).toBe(200);
		const link = linkIn(await deliverTo("olga@example.com"), "http://localhost/reset-password?");
		const token = new URL(link).searchParams.get("token") ?? "";
		await expectNowhereAtRest(token);

		const reset = () =>
			settle(() =>
				resetAction({
					request: formRequest("/reset-password", {
						token,
						password: "olgas-new-password",
						confirm: "olgas-new-password",
					}),
					params: {},
					context: {},
				}),
			);
		expect(statusOf(await reset())).toBe(302);
		expect(statusOf(await reset())).toBe(410);
	});

	it("a working verification link read from a database copy: the same for the link a registration sends", async () => {
		const registered = await settle(async () =>
			registerAction({
				request: await countedFormRequest(
					"/register",
					{
						...GIVEN_CONSENT,
						email: "pavel@example.com",
						phone: "+79161234567",
						password: "pavels-password",
					},
					{ headers: { "X-Forwarded-For": "192.0.2.62" } },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(registered)).toBe(200);
		const link = linkIn(await deliverTo("pavel@example.com"), "http://localhost/verify-email?");
		const token = new URL(link).searchParams.get("token") ?? "";
		await expectNowhereAtRest(token);
		// The link is genuine: the page knows it (it is neither nonsense nor spent).
		const opened = await settle(() =>
			verifyLoader({
				request: getRequest(`/verify-email?${new URLSearchParams({ token })}`),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(opened)).toBe(200);
	});
});
