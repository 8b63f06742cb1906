import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { seededSqliteTemplate } from "../support/seeded-template";
import { startSmtpServer } from "../support/smtp";
import { MAILBOX_DIR } from "./mailbox";
import { BUILD_DIR, serverEnv, stopLeftoverServers, TEMPLATE_DIR } from "./servers";

/**
 * Playwright's global setup, once per run:
 * - the seeded site every e2e server starts from (TEMPLATE_DIR): the seeded template vitest keeps between
 *   runs (tests/support/seeded-template.ts; seeded again only when migrations or the seed change), with the
 *   build's set-up step run on it once (the administrator, the notification address);
 * - a real SMTP server on a free port for the whole run (E2E_MAIL_PORT, which the workers inherit), writing
 *   what it receives to MAILBOX_DIR for the specs to read.
 * Its teardown stops the mail server and any e2e server a crashed worker left behind.
 */
export default async function globalSetup() {
	stopLeftoverServers();
	fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
	const mail = await startSmtpServer({ dir: MAILBOX_DIR });
	process.env.E2E_MAIL_PORT = String(mail.port);
	const seeded = await seededSqliteTemplate();
	const building = `${TEMPLATE_DIR}.building`;
	fs.rmSync(building, { recursive: true, force: true });
	fs.cpSync(seeded, building, { recursive: true });
	const setup = spawnSync("node", [`${BUILD_DIR}/server/setup.js`], {
		env: serverEnv(3000, building),
		encoding: "utf8",
	});
	if (setup.status !== 0)
		throw new Error(`set-up of the e2e template failed:\n${setup.stdout}${setup.stderr}`);
	// One file: each server copies the database alone.
	const sqlite = new SQLite(path.join(building, "forma.sqlite"));
	sqlite.pragma("wal_checkpoint(TRUNCATE)");
	sqlite.close();
	fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
	fs.renameSync(building, TEMPLATE_DIR);

	return async () => {
		await mail.stop();
		stopLeftoverServers();
	};
}
