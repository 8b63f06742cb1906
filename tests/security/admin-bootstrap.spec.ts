import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import SQLite from "better-sqlite3";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { BUILD_DIR, prepareSite, runSetup, type Site, securityPort, startSite } from "./site";

/**
 * Who becomes an administrator at start-up: only the operator (ADMIN_USERNAME/ADMIN_PASSWORD), or the
 * development default under an explicit NODE_ENV=development. Never an account someone else registered,
 * never the well-known development password on a site started with `npm start`.
 */

/** A fresh site's data directory with nobody in it yet (the template comes with the e2e administrator). */
function emptySite(port: number, env: Record<string, string | undefined>) {
	const prepared = prepareSite(port, env);
	if (fs.existsSync(prepared.databasePath)) {
		const sqlite = new SQLite(prepared.databasePath);
		try {
			sqlite.exec("delete from users");
		} finally {
			sqlite.close();
		}
	}
	return prepared;
}

function usersOf(databasePath: string): { username: string; role: string }[] {
	const sqlite = new SQLite(databasePath, { readonly: true });
	try {
		return sqlite.prepare("select username, role from users order by id").all() as {
			username: string;
			role: string;
		}[];
	} finally {
		sqlite.close();
	}
}

const NO_ADMIN_ENV = { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, ADMIN_EMAIL: undefined };

test.describe("a registered account named in ADMIN_USERNAME", () => {
	test.describe.configure({ mode: "serial" });
	let site: Site;

	test.beforeAll(async () => {
		site = await startSite(securityPort(13));
	});

	test.afterAll(async () => {
		await site?.stop();
	});

	async function register(email: string) {
		const response = await fetch(`${site.origin}/register`, {
			method: "POST",
			body: new URLSearchParams({
				email,
				...GIVEN_CONSENT,
				phone: "+79160000000",
				password: "attacker-chosen-password",
				formToken: await fetchFormToken(`${site.origin}/register`),
			}),
			redirect: "manual",
		});
		// Registration answers "check your e-mail" and signs nobody in; the account exists, unconfirmed.
		expect(response.status).toBe(200);
		expect(site.query("select email_verified_at from users where email = ?", email)).toEqual([
			{ email_verified_at: null },
		]);
	}

	test("the administrator start-up creates counts as confirmed: the operator chose its address", () => {
		const [curator] = site.query<{ verified: string | null }>(
			"select email_verified_at as verified from users where username = 'curator'",
		);
		expect(curator?.verified).toBeTruthy();
	});

	test("admin takeover: start-up refuses to promote a registered non-admin named in ADMIN_USERNAME, keeping its role", async () => {
		await register("boss@corp.example");
		// The site lost its administrator (say, removed by hand); the operator names the account they mean to create.
		site.query("update users set role = 'user' where username = 'curator'");
		const setup = runSetup({ ...site.env, ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "operator-password" });
		expect(setup.status, setup.output).not.toBe(0);
		expect(setup.output).toContain("FORMA cannot start");
		expect(setup.output).toContain(
			'ADMIN_USERNAME "boss" is an existing account that is not an administrator',
		);
		expect(site.query("select role from users where username = 'boss'")).toEqual([{ role: "user" }]);
		site.query("update users set role = 'admin' where username = 'curator'");
	});

	test("admin takeover: ADMIN_USERNAME is never matched against e-mail addresses", async () => {
		await register("ceo@corp.example");
		site.query("update users set role = 'user' where username = 'curator'");
		const setup = runSetup({
			...site.env,
			ADMIN_USERNAME: "ceo@corp.example",
			ADMIN_PASSWORD: "operator-password",
		});
		expect(setup.status, setup.output).not.toBe(0);
		expect(site.query("select username, role from users where email = 'ceo@corp.example'")).toEqual([
			{ username: "ceo", role: "user" },
		]);
		expect(site.query("select count(*) as n from users where role = 'admin'")).toEqual([{ n: 0 }]);
		site.query("update users set role = 'admin' where username = 'curator'");
	});
});

test("default administrator: npm start's set-up (no NODE_ENV) creates no curator/forma-curator-2026 and says how to create one", () => {
	const prepared = emptySite(securityPort(14), { NODE_ENV: undefined, ...NO_ADMIN_ENV });
	try {
		const setup = runSetup(prepared.env);
		expect(setup.status, setup.output).toBe(0);
		expect(usersOf(prepared.databasePath)).toEqual([]);
		expect(setup.output).toContain("No administrator yet");
		expect(setup.output).toContain("ADMIN_USERNAME=");
		expect(setup.output).toContain("npm run user:create -- --admin");
	} finally {
		fs.rmSync(prepared.dataDir, { recursive: true, force: true });
	}
});

test("default administrator: only an explicit NODE_ENV=development creates the development curator", () => {
	const prepared = emptySite(securityPort(14), { NODE_ENV: "development", ...NO_ADMIN_ENV });
	try {
		const setup = runSetup(prepared.env);
		expect(setup.status, setup.output).toBe(0);
		expect(usersOf(prepared.databasePath)).toEqual([{ username: "curator", role: "admin" }]);
	} finally {
		fs.rmSync(prepared.dataDir, { recursive: true, force: true });
	}
});

test("look-alike usernames: ADMIN_USERNAME=аdmin (Cyrillic а) or ａｄｍｉｎ (fullwidth) refuses to start", () => {
	for (const username of ["\u0430dmin", "ａｄｍｉｎ"]) {
		const prepared = emptySite(securityPort(14), { ADMIN_USERNAME: username });
		try {
			const setup = runSetup(prepared.env);
			expect(setup.status, setup.output).not.toBe(0);
			expect(setup.output).toContain("ADMIN_USERNAME");
			expect(usersOf(prepared.databasePath)).toEqual([]);
		} finally {
			fs.rmSync(prepared.dataDir, { recursive: true, force: true });
		}
	}
});

test("look-alike usernames and taken names: user:create refuses them with a message, never a crash", () => {
	const prepared = prepareSite(securityPort(14));
	try {
		expect(runSetup(prepared.env).status).toBe(0);
		const create = (...args: string[]) => {
			const result = spawnSync("node", [`${BUILD_DIR}/server/user-create.js`, ...args], {
				env: prepared.env,
				encoding: "utf8",
			});
			return { status: result.status, output: `${result.stdout}${result.stderr}` };
		};
		const base = ["--password", "a-long-password", "--admin"];
		const fullwidth = create("--username", "ａｄｍｉｎ", "--email", "a1@example.com", ...base);
		expect(fullwidth.status, fullwidth.output).toBe(2);
		expect(fullwidth.output).toContain("reserved");
		const cyrillic = create("--username", "\u0430dmin", "--email", "a2@example.com", ...base);
		expect(cyrillic.status, cyrillic.output).toBe(2);
		const taken = create("--username", "CURATOR", "--email", "a3@example.com", ...base);
		expect(taken.status, taken.output).toBe(1);
		expect(taken.output).toContain("already exists");
		const takenEmail = create("--username", "anna", "--email", "Curator@Forma.Gallery", ...base);
		expect(takenEmail.status, takenEmail.output).toBe(1);
		expect(takenEmail.output).toContain("already exists");
		const underscore = create("--username", "a_b", "--email", "a_b@example.com", ...base);
		expect(underscore.status, underscore.output).toBe(0);
		expect(usersOf(prepared.databasePath).map((user) => user.username)).toEqual(["curator", "a_b"]);
	} finally {
		fs.rmSync(prepared.dataDir, { recursive: true, force: true });
	}
});
