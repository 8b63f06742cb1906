import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { changeUserAccess, createUser } from "~/models/users.server";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users/route";
import { action as loginAction } from "~/routes/login/route";
import { getUser, startSession } from "~/services/auth.server";
import { withFormToken } from "../support/form-tokens";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { versionOf } from "../support/versions";

let counter = 0;
async function newUser(role: "user" | "admin", password = "correct-horse") {
	counter += 1;
	const name = `${role}-u${counter}`;
	const user = await createUser({
		email: `${name}@example.com`,
		phone: null,
		password,
		role,
		username: name,
	});
	const cookie = (await startSession(user.id)).split(";")[0] ?? "";
	return { user, cookie };
}

async function post(cookie: string, fields: Record<string, string>) {
	// The add form goes with the one-time token its page hands out; a row's small forms carry the
	// account's version as the list showed it (docs/decisions/0023): the stored one, unless given.
	const sent =
		fields.intent === "create"
			? await withFormToken("/admin/users", fields, cookie)
			: { version: await versionOf("users", fields.id ?? ""), ...fields };
	return settle(() =>
		usersAction({ request: formRequest("/admin/users", sent, { cookie }), params: {}, context: {} }),
	);
}

const userRow = (id: number) =>
	db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("admin users screen", () => {
	it("lists the real users and sends no-store", async () => {
		const admin = await newUser("admin");
		const other = await newUser("user");
		const result = (await usersLoader({
			request: getRequest("/admin/users", admin.cookie),
			params: {},
			context: {},
		})) as unknown as { data: { users: { id: number; username: string }[] }; init: ResponseInit };
		expect(result.data.users.map((user) => user.username)).toEqual(
			expect.arrayContaining([admin.user.username, other.user.username]),
		);
		expect(JSON.stringify(result.data)).not.toContain("argon2");
		expect(new Headers(result.init.headers).get("Cache-Control")).toBe("no-store");
	});

	it("refuses anonymous visitors and plain users without changing anything", async () => {
		const victim = await newUser("user");
		const plain = await newUser("user");
		const anonymous = await post("", { intent: "status", id: String(victim.user.id), status: "blocked" });
		expect((anonymous as Response).status).toBe(302);
		const asUser = await post(plain.cookie, {
			intent: "status",
			id: String(victim.user.id),
			status: "blocked",
		});
		expect((asUser as Response).headers.get("Location")).toBe("/account");
		expect((await userRow(victim.user.id)).status).toBe("active");
	});

	it("blocking ends the user's sessions at once and sign-in is refused; activating lets them back", async () => {
		const admin = await newUser("admin");
		const target = await newUser("user", "target-password");
		expect(await getUser(getRequest("/account", target.cookie))).not.toBeNull();

		const blocked = await post(admin.cookie, {
			intent: "status",
			id: String(target.user.id),
			status: "blocked",
		});
		expect(statusOf(blocked)).toBe(200);
		expect((await userRow(target.user.id)).status).toBe("blocked");
		expect(await getUser(getRequest("/account", target.cookie))).toBeNull();
		expect(
			await db.selectFrom("sessions").select("id").where("user_id", "=", target.user.id).execute(),
		).toHaveLength(0);

		const login = await settle(() =>
			loginAction({
				request: formRequest("/login", { username: target.user.username, password: "target-password" }),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(login)).toBe(403);
		expect(JSON.stringify(login)).toContain("login.errors.accountBlocked");

		// Without JavaScript the row form carries `redirect` and comes back with a toast.
		const activated = (await post(admin.cookie, {
			intent: "status",
			id: String(target.user.id),
			status: "active",
			redirect: "1",
		})) as Response;
		expect(activated.status).toBe(302);
		expect(activated.headers.get("Location")).toBe("/admin/users");
		expect(activated.headers.getSetCookie().join()).toContain("forma_toast=");
		const again = (await settle(() =>
			loginAction({
				request: formRequest("/login", { username: target.user.username, password: "target-password" }),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(again.status).toBe(302);
	});

	it("an admin cannot block or demote themselves", async () => {
		const admin = await newUser("admin");
		const selfBlock = await post(admin.cookie, {
			intent: "status",
			id: String(admin.user.id),
			status: "blocked",
		});
		expect(statusOf(selfBlock)).toBe(403);
		expect(JSON.stringify(selfBlock)).toContain("users.errors.selfBlock");
		const selfDemote = await post(admin.cookie, { intent: "role", id: String(admin.user.id), role: "user" });
		expect(statusOf(selfDemote)).toBe(403);
		expect(JSON.stringify(selfDemote)).toContain("users.errors.selfDemote");
		const row = await userRow(admin.user.id);
		expect(row).toMatchObject({ role: "admin", status: "active" });
		expect(await getUser(getRequest("/admin", admin.cookie))).not.toBeNull();
	});

	it("the last active administrator can be neither blocked nor demoted", async () => {
		// Leave exactly one active administrator.
		const last = await newUser("admin");
		await db
			.updateTable("users")
			.set({ status: "blocked" })
			.where("role", "=", "admin")
			.where("id", "!=", last.user.id)
			.execute();
		expect(await changeUserAccess(last.user.id, { status: "blocked" }, null)).toEqual({
			ok: false,
			error: "lastAdmin",
		});
		expect(await changeUserAccess(last.user.id, { role: "user" }, null)).toEqual({
			ok: false,
			error: "lastAdmin",
		});
		expect(await userRow(last.user.id)).toMatchObject({ role: "admin", status: "active" });
		// With a second active admin, the same change is allowed.
		const second = await newUser("admin");
		const demoted = await post(second.cookie, { intent: "role", id: String(last.user.id), role: "user" });
		expect(statusOf(demoted)).toBe(200);
		expect((await userRow(last.user.id)).role).toBe("user");
		// …and now `second` is the last one: demoting them (by anyone) is refused.
		expect((await changeUserAccess(second.user.id, { role: "user" }, last.user)).ok).toBe(false);
	});

	it("adds a user with a role, deriving the username as registration does", async () => {
		const admin = await newUser("admin");
		const created = (await post(admin.cookie, {
			intent: "create",
			email: "New.Editor@example.com",
			username: "",
			phone: "",
			password: "editor-password",
			role: "admin",
		})) as Response;
		expect(created.status).toBe(302);
		expect(created.headers.get("Location")).toBe("/admin/users");
		const row = await db
			.selectFrom("users")
			.selectAll()
			.where("email", "=", "New.Editor@example.com")
			.executeTakeFirstOrThrow();
		expect(row).toMatchObject({ username: "New.Editor", role: "admin", status: "active", phone: null });
		expect(row.password_hash).toMatch(/^\$argon2id\$/);

		const named = (await post(admin.cookie, {
			intent: "create",
			email: "ivan.p@example.com",
			username: "ivan_p",
			phone: "+7 916 765-43-21",
			password: "another-password",
			role: "user",
		})) as Response;
		expect(named.status).toBe(302);
		expect(
			await db.selectFrom("users").selectAll().where("username", "=", "ivan_p").executeTakeFirstOrThrow(),
		).toMatchObject({ email: "ivan.p@example.com", phone: "+79167654321", role: "user" });
	});

	it("refuses bad input with translated messages and saves nothing", async () => {
		const admin = await newUser("admin");
		const count = async () => (await db.selectFrom("users").select("id").execute()).length;
		const before = await count();
		const cases: [Record<string, string>, number, string][] = [
			[{ email: "not-an-email", password: "long-enough-pw", role: "user" }, 400, "validation.emailInvalid"],
			[{ email: "ok1@example.com", password: "short", role: "user" }, 400, "validation.passwordMin"],
			[
				{ email: "ok2@example.com", password: "long-enough-pw", role: "owner" },
				400,
				"admin:users.errors.role",
			],
			[
				{ email: "ok3@example.com", phone: "8916123456", password: "long-enough-pw", role: "user" },
				400,
				"validation.phoneFormat",
			],
			[
				{ email: "ok4@example.com", username: "Admin", password: "long-enough-pw", role: "user" },
				400,
				"validation.usernameNotAllowed",
			],
			[
				{ email: "admin@example.com", password: "long-enough-pw", role: "user" },
				400,
				"validation.usernameNotAllowed",
			],
			[
				{ email: "ok5@example.com", username: admin.user.username, password: "long-enough-pw", role: "user" },
				409,
				"admin:users.errors.usernameTaken",
			],
			[{ email: admin.user.email, password: "long-enough-pw", role: "user" }, 409, "validation.emailTaken"],
		];
		for (const [fields, status, message] of cases) {
			const result = await post(admin.cookie, { intent: "create", ...fields });
			expect(statusOf(result), JSON.stringify(fields)).toBe(status);
			expect(JSON.stringify(result)).toContain(message);
			// Values are kept so the form can show them again.
			expect(JSON.stringify(result)).toContain(fields.email ?? "");
		}
		expect(await count()).toBe(before);
	});

	it("look-alike usernames: Cyrillic аdmin, fullwidth ａｄｍｉｎ, Greek ΑDMIN and mixed scripts are refused next to the field", async () => {
		const admin = await newUser("admin");
		const count = async () => (await db.selectFrom("users").select("id").execute()).length;
		const before = await count();
		const cases: [string, string][] = [
			["\u0430dmin", "account:username.mixedScripts"],
			["ａｄｍｉｎ", "validation.usernameNotAllowed"],
			["\u0391DMIN", "account:username.chars"],
			["\u0430\u0501\u043c\u0456\u043f", "validation.usernameNotAllowed"],
			["p\u0430vel", "account:username.mixedScripts"],
			["adm\u0335in", "account:username.chars"],
		];
		for (const [username, message] of cases) {
			const result = await post(admin.cookie, {
				intent: "create",
				email: `look-alike-${before}-${username.length}@example.com`,
				username,
				password: "long-enough-pw",
				role: "admin",
			});
			expect(statusOf(result), username).toBe(400);
			expect(JSON.stringify(result), username).toContain(message);
			expect(JSON.stringify(result), username).toContain('"username":[');
		}
		expect(await count()).toBe(before);
	});

	it("stores usernames NFKC-normalised, one script each: Latin and Cyrillic names are both fine", async () => {
		const admin = await newUser("admin");
		const names: [string, string][] = [
			["Ｍａｒｉｎａ", "Marina"],
			["Марина", "Марина"],
		];
		for (const [username, stored] of names) {
			const created = await post(admin.cookie, {
				intent: "create",
				email: `nfkc-${stored.length}-${stored.charCodeAt(0)}@example.com`,
				username,
				password: "long-enough-pw",
				role: "user",
			});
			expect(statusOf(created), username).toBe(302);
			expect(
				await db.selectFrom("users").select("username").where("username", "=", stored).executeTakeFirst(),
			).toBeDefined();
		}
		// The fullwidth spelling of a taken name is the same name: a field error, not a second account.
		const again = await post(admin.cookie, {
			intent: "create",
			email: "nfkc-again@example.com",
			username: "ＭＡＲＩＮＡ",
			password: "long-enough-pw",
			role: "user",
		});
		expect(statusOf(again)).toBe(409);
		expect(JSON.stringify(again)).toContain("admin:users.errors.usernameTaken");
	});

	it("registration 500 via add user: x_y twice and a taken name are field errors, never a crash", async () => {
		const admin = await newUser("admin");
		const add = (email: string, username = "") =>
			post(admin.cookie, { intent: "create", email, username, password: "long-enough-pw", role: "user" });
		expect(statusOf(await add("x_y@example.com"))).toBe(302);
		expect(statusOf(await add("x_y@example.org"))).toBe(302);
		const taken = await add("x_y@example.net", "X_Y");
		expect(statusOf(taken)).toBe(409);
		expect(JSON.stringify(taken)).toContain("admin:users.errors.usernameTaken");
		const names = await db
			.selectFrom("users")
			.select("username")
			.where("email", "in", ["x_y@example.com", "x_y@example.org", "x_y@example.net"])
			.execute();
		expect(names.map((row) => row.username).sort()).toEqual(["x_y", "x_y2"]);
	});
});
