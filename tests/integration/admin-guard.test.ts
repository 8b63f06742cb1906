/// <reference types="vite/client" />
import fs from "node:fs";
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { startSession } from "~/services/auth.server";
import { digestDatabase } from "../support/database-digest";
import { settle } from "../support/requests";

const databaseDigest = () => digestDatabase(db);

/**
 * Walks every admin route module on disk and proves that anonymous visitors and signed-in non-admins get no
 * data from any loader and change nothing through any action: each must call requireAdmin before anything.
 */
type RouteModule = { loader?: LoaderFunction; action?: ActionFunction };
// Flat files (admin.projects.add.tsx) and folder routes (admin.requests/route.tsx).
const modules = import.meta.glob<RouteModule>([
	"../../app/routes/admin*.tsx",
	"../../app/routes/admin*/route.tsx",
]);
const adminRouteFiles = fs.readdirSync("app/routes").filter((name) => /^admin[.]/.test(name));

const PARAMS = { id: "arc-lounge-chair", "*": "" };
/** Fields a mutating admin form might take, so a missing guard would have something to act on. */
const FIELDS = {
	intent: "delete",
	id: "arc-lounge-chair",
	status: "blocked",
	role: "admin",
	name: "Hijacked",
	title_en: "Hijacked",
	shop_name: "Hijacked",
	maintenance_mode: "on",
};

function request(path: string, method: "GET" | "POST", cookie: string | undefined): Request {
	const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
	if (method === "GET") return new Request(`http://localhost${path}`, { headers });
	return new Request(`http://localhost${path}`, {
		method,
		body: new URLSearchParams(FIELDS),
		headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
	});
}

/** Each test starts from the seeded database (tests/support/per-test-database.ts), so the user is new. */
async function sessionFor(role: "user" | "admin"): Promise<string> {
	const username = `guard-${role}`;
	const user = await createUser({
		username,
		email: `${username}@example.com`,
		phone: null,
		password: "a-good-password",
		role,
	});
	return (await startSession(user.id)).split(";")[0] ?? "";
}

describe("admin routes refuse everyone but administrators", () => {
	it("finds every admin route module", () => {
		expect(Object.keys(modules).length).toBe(adminRouteFiles.length);
		expect(adminRouteFiles.length).toBeGreaterThanOrEqual(7);
	});

	for (const [file, load] of Object.entries(modules)) {
		const name = file.replace(/^.*\/routes\//, "").replace(/(\/route)?\.tsx$/, "");
		const path = `/${name
			.replace(/_index$/, "")
			.replace(/\./g, "/")
			.replace(/\$id/, PARAMS.id)}`;

		it(`${name}: anonymous → /login, user → /account, nothing read or written`, async () => {
			const route = await load();
			expect(route.loader ?? route.action, `${name} has neither loader nor action`).toBeDefined();
			const userCookie = await sessionFor("user");
			for (const [who, cookie, target] of [
				["anonymous", undefined, /^\/login/],
				["user", userCookie, /^\/account$/],
			] as const) {
				for (const [kind, handler, method] of [
					["loader", route.loader, "GET"],
					["action", route.action, "POST"],
				] as const) {
					if (!handler) continue;
					const before = await databaseDigest();
					const result = await settle(async () =>
						handler({ request: request(path, method, cookie), params: PARAMS, context: {} }),
					);
					expect(result, `${who} ${kind} of ${name}`).toBeInstanceOf(Response);
					const response = result as Response;
					expect(response.status, `${who} ${kind} of ${name}`).toBe(302);
					expect(response.headers.get("Location"), `${who} ${kind} of ${name}`).toMatch(target);
					expect(await databaseDigest(), `${who} ${kind} of ${name} changed the database`).toBe(before);
				}
			}
		});
	}

	it("an administrator does get through (so the checks above can fail)", async () => {
		const adminCookie = await sessionFor("admin");
		const route = await modules["../../app/routes/admin.requests/route.tsx"]?.();
		const result = await settle(async () =>
			route?.loader?.({ request: request("/admin/requests", "GET", adminCookie), params: {}, context: {} }),
		);
		expect(result).not.toBeInstanceOf(Response);
	});
});
