import fs from "node:fs";
import path from "node:path";
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser, setUserStatus } from "~/models/users.server";
import { action as loginAction } from "~/routes/login/route";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register/route";
import { getUser, startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { cookiesFrom, formRequest, getRequest, settle, statusOf } from "../support/requests";

async function signedInCookie(role: "user" | "admin", name: string): Promise<string> {
	const user = await createUser({
		email: `${name}@example.com`,
		phone: null,
		password: "correct-horse",
		role,
		username: name,
	});
	return (await startSession(user.id)).split(";")[0] ?? "";
}

describe("registration", () => {
	it("creates an unconfirmed user with a hashed password and answers 'check your e-mail', signing nobody in", async () => {
		const result = await registerAction({
			request: await countedFormRequest("/register?lng=ru", {
				email: "Maria.K@example.com",
				...GIVEN_CONSENT,
				phone: "+79161234567",
				password: "long-enough-pw",
			}),
			params: {},
			context: {},
		});
		// The same answer a taken address gets (tests/security/registration.spec.ts): no session, no redirect.
		expect(statusOf(result)).toBe(200);
		expect(result).not.toBeInstanceOf(Response);
		expect(JSON.stringify(result)).toContain('"sentTo":"Maria.K@example.com"');
		expect(JSON.stringify(result)).not.toMatch(/set-cookie/i);
		const row = await db
			.selectFrom("users")
			.selectAll()
			.where("email", "=", "Maria.K@example.com")
			.executeTakeFirstOrThrow();
		expect(row.username).toBe("Maria.K");
		expect(row.role).toBe("user");
		expect(row.email_verified_at).toBeNull();
		expect(row.language).toBe("ru");
		expect(row.password_hash).not.toContain("long-enough-pw");
		expect(row.password_hash).toMatch(/^\$argon2id\$/);
		expect(await db.selectFrom("sessions").select("id").where("user_id", "=", row.id).execute()).toEqual([]);
	});

	it("gives a taken username a numeric suffix, and a duplicate e-mail makes no account", async () => {
		await createUser({ email: "sam@one.example", phone: null, password: "whatever-123" });
		const second = await createUser({ email: "sam@two.example", phone: null, password: "whatever-123" });
		expect(second.username).toBe("sam2");
		const duplicate = await registerAction({
			request: await countedFormRequest("/register", {
				email: "SAM@one.example",
				...GIVEN_CONSENT,
				phone: "+79161234567",
				password: "whatever-123",
			}),
			params: {},
			context: {},
		});
		expect(statusOf(duplicate)).toBe(200);
		expect(await db.selectFrom("users").select("id").where("email", "like", "sam@%").execute()).toHaveLength(
			2,
		);
	});

	it("refuses the reserved name 'admin' and a malformed phone, saving nothing", async () => {
		const before = await db.selectFrom("users").select("id").execute();
		for (const fields of [
			{ ...GIVEN_CONSENT, email: "ADMIN@example.com", phone: "+79161234567", password: "long-enough-pw" },
			{ ...GIVEN_CONSENT, email: "ok@example.com", phone: "8916123456", password: "long-enough-pw" },
			{ ...GIVEN_CONSENT, email: "ok@example.com", phone: "+79161234567", password: "short" },
		]) {
			const result = await registerAction({
				request: await countedFormRequest("/register", fields),
				params: {},
				context: {},
			});
			expect(statusOf(result)).toBe(400);
		}
		expect(await db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
	});
});

describe("registration attacks", () => {
	const register = async (email: string, address: string) =>
		registerAction({
			request: await countedFormRequest(
				"/register",
				{ ...GIVEN_CONSENT, email, phone: "+79161234567", password: "long-enough-pw" },
				{ headers: { "X-Forwarded-For": address } },
			),
			params: {},
			context: {},
		});

	it("registration 500: a_b@example.com then a_b@example.org gives a_b2, not a UNIQUE crash", async () => {
		expect(statusOf(await register("a_b@example.com", "10.1.0.1"))).toBe(200);
		expect(statusOf(await register("a_b@example.org", "10.1.0.2"))).toBe(200);
		expect(statusOf(await register("a+b@example.com", "10.1.0.3"))).toBe(200);
		const names = await db
			.selectFrom("users")
			.select("username")
			.where("email", "in", ["a_b@example.com", "a_b@example.org", "a+b@example.com"])
			.orderBy("id")
			.execute();
		expect(names.map((row) => row.username)).toEqual(["a_b", "a_b2", "a-b"]);
	});

	it("registration flood: every complete attempt counts, taken addresses included, so the form cannot mail many inboxes", async () => {
		await createUser({ email: "probe-target@example.com", phone: null, password: "whatever-123" });
		for (let i = 0; i < 10; i++) {
			expect(statusOf(await register("probe-target@example.com", "10.1.1.1"))).toBe(200);
		}
		const limited = await register("fresh-address@example.com", "10.1.1.1");
		expect(statusOf(limited)).toBe(429);
		expect(JSON.stringify(limited)).toContain("register.errors.tooManyAttempts");
		expect(statusOf(await register("fresh-address@example.com", "10.1.1.2"))).toBe(200);
		// Ten attempts on a taken address, one message to its owner in the hour.
		const attempts = await db
			.selectFrom("outbox")
			.select("id")
			.where("kind", "=", "registration_attempt")
			.where("to_address", "=", "probe-target@example.com")
			.execute();
		expect(attempts).toHaveLength(1);
	});
});

describe("sign-in and sessions", () => {
	it("gives the same answer for an unknown user and a wrong password, and a new session id per sign-in", async () => {
		await createUser({
			email: "lena@example.com",
			phone: null,
			password: "right-password",
			username: "lena",
		});
		const wrong = await loginAction({
			request: formRequest("/login", { username: "lena", password: "nope-nope" }),
			params: {},
			context: {},
		});
		const unknown = await loginAction({
			request: formRequest("/login", { username: "nobody-here", password: "nope-nope" }),
			params: {},
			context: {},
		});
		expect(statusOf(wrong)).toBe(401);
		expect(statusOf(unknown)).toBe(401);
		expect(JSON.stringify(wrong)).toContain("login.errors.invalidCredentials");
		expect(JSON.stringify(unknown)).toContain("login.errors.invalidCredentials");

		const first = (await loginAction({
			request: formRequest("/login", { username: "LENA", password: "right-password" }),
			params: {},
			context: {},
		})) as Response;
		const second = (await loginAction({
			request: formRequest("/login", { username: "lena@example.com", password: "right-password" }),
			params: {},
			context: {},
		})) as Response;
		expect(first.status).toBe(302);
		expect(first.headers.get("Location")).toBe("/admin");
		expect(cookiesFrom(first)).not.toBe(cookiesFrom(second));
	});

	it("never redirects off-site after signing in", async () => {
		await createUser({
			email: "ivan@example.com",
			phone: null,
			password: "right-password",
			username: "ivan",
		});
		for (const redirectTo of [
			"//evil.example",
			"https://evil.example/x",
			"/\\evil.example",
			// Open redirect: each of these normalises to "//evil.example".
			"/.//evil.example",
			"/%2e//evil.example",
			"/a/..//evil.example",
			"/./\\evil.example",
		]) {
			const response = (await loginAction({
				request: formRequest("/login", { username: "ivan", password: "right-password", redirectTo }),
				params: {},
				context: {},
			})) as Response;
			expect(response.headers.get("Location")).toBe("/admin");
		}
		const local = (await loginAction({
			request: formRequest("/login", {
				username: "ivan",
				password: "right-password",
				redirectTo: "/account",
			}),
			params: {},
			context: {},
		})) as Response;
		expect(local.headers.get("Location")).toBe("/account");
	});

	it("ends the session on logout: the old cookie no longer works", async () => {
		const cookie = await signedInCookie("user", "olga");
		expect(await getUser(getRequest("/", cookie))).not.toBeNull();
		const response = (await logoutAction({
			request: formRequest("/logout", {}, { cookie }),
			params: {},
			context: {},
		})) as Response;
		expect(response.headers.get("Location")).toBe("/login");
		expect(await getUser(getRequest("/", cookie))).toBeNull();
	});

	it("stops a blocked user's sessions at once and refuses their sign-in", async () => {
		const cookie = await signedInCookie("user", "boris");
		const boris = await db
			.selectFrom("users")
			.selectAll()
			.where("username", "=", "boris")
			.executeTakeFirstOrThrow();
		await setUserStatus(boris.id, "blocked");
		expect(await getUser(getRequest("/", cookie))).toBeNull();
		const attempt = await loginAction({
			request: formRequest("/login", { username: "boris", password: "correct-horse" }),
			params: {},
			context: {},
		});
		expect(statusOf(attempt)).toBe(403);
	});

	it("account lockout: ten wrong passwords from other addresses never refuse the owner's correct password", async () => {
		await createUser({
			email: "target@example.com",
			phone: null,
			password: "right-password",
			username: "target",
		});
		for (let i = 0; i < 10; i++) {
			const result = await loginAction({
				request: formRequest(
					"/login",
					{ username: "target", password: `guess-${i}` },
					{ headers: { "X-Forwarded-For": "10.0.0.66" } },
				),
				params: {},
				context: {},
			});
			expect([401, 429]).toContain(statusOf(result));
		}
		const owner = await loginAction({
			request: formRequest(
				"/login",
				{ username: "target", password: "right-password" },
				{ headers: { "X-Forwarded-For": "10.0.1.1" } },
			),
			params: {},
			context: {},
		});
		expect(statusOf(owner)).toBe(302);
	});

	it("login limit: one (account, address) budget however the login is typed, then 429 with Retry-After", async () => {
		await createUser({
			email: "Petra@example.com",
			phone: null,
			password: "right-password",
			username: "petra",
		});
		const attempt = (username: string, password: string, address: string) =>
			loginAction({
				request: formRequest("/login", { username, password }, { headers: { "X-Forwarded-For": address } }),
				params: {},
				context: {},
			});
		// Five free failures, spread over the spellings of one account.
		for (const login of ["petra", "PETRA", "petra@example.com", "Petra@Example.com", "ｐｅｔｒａ"]) {
			expect(statusOf(await attempt(login, "wrong-password", "10.0.2.2")), login).toBe(401);
		}
		const limited = (await attempt("PeTrA", "wrong-password", "10.0.2.2")) as unknown as {
			init: { status: number; headers: Record<string, string> };
		};
		expect(statusOf(limited)).toBe(429);
		expect(Number(limited.init.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
		expect(JSON.stringify(limited)).toContain("login.errors.tooManyAttempts");
		// The pair waits, even with the right password…
		expect(statusOf(await attempt("petra", "right-password", "10.0.2.2"))).toBe(429);
		// …while the owner elsewhere signs in at once.
		expect(statusOf(await attempt("petra@example.com", "right-password", "10.0.2.3"))).toBe(302);
	});

	it("login limit skipped by parallel requests: a burst of wrong passwords is counted before any hash", async () => {
		await createUser({
			email: "burst@example.com",
			phone: null,
			password: "right-password",
			username: "burst",
		});
		const results = await Promise.all(
			Array.from({ length: 40 }, (_, i) =>
				loginAction({
					request: formRequest(
						"/login",
						{ username: "burst", password: `guess-${i}` },
						{ headers: { "X-Forwarded-For": "10.0.3.3" } },
					),
					params: {},
					context: {},
				}),
			),
		);
		const statuses = results.map(statusOf);
		// Only the free failures reach argon2; every other request is turned away up front.
		expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
		expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
	});
});

describe("admin guard", () => {
	const routesDir = path.join(import.meta.dirname, "../../app/routes");
	const adminRoutes = fs
		.readdirSync(routesDir)
		.filter((file) => /^admin[._]/.test(file) || file === "admin.tsx");

	it("finds the admin route modules", () => {
		expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
	});

	it.each(adminRoutes)(
		"%s: anonymous visitors go to /login and users to /account, for loader and action",
		async (file) => {
			// A folder route's module is its route.tsx.
			const modulePath = path.join(routesDir, file);
			const entry = fs.statSync(modulePath).isDirectory() ? path.join(modulePath, "route.tsx") : modulePath;
			const module = (await import(entry)) as {
				loader?: LoaderFunction;
				action?: ActionFunction;
			};
			const userCookie = await signedInCookie("user", `guard-user-${file.replace(/\W/g, "")}`);
			const requestsBefore = await db.selectFrom("purchase_requests").selectAll().execute();
			for (const handler of [module.loader, module.action].filter((fn) => fn !== undefined)) {
				const method = handler === module.action ? "POST" : "GET";
				const make = (cookie?: string) =>
					new Request("http://localhost/admin/x", {
						method,
						headers: {
							...(cookie ? { Cookie: cookie } : {}),
							"Content-Type": "application/x-www-form-urlencoded",
						},
						...(method === "POST" ? { body: new URLSearchParams({ id: "1", status: "done" }) } : {}),
					});
				const anonymous = await settle(() =>
					Promise.resolve(handler({ request: make(), params: { id: "1" }, context: {} })),
				);
				expect(anonymous).toBeInstanceOf(Response);
				expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
				const user = await settle(() =>
					Promise.resolve(handler({ request: make(userCookie), params: { id: "1" }, context: {} })),
				);
				expect(user).toBeInstanceOf(Response);
				expect((user as Response).headers.get("Location")).toBe("/account");
			}
			expect(await db.selectFrom("purchase_requests").selectAll().execute()).toEqual(requestsBefore);
		},
	);
});
