import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { listFavouriteIds } from "~/models/favourites.server";
import { createUser } from "~/models/users.server";
import { action as accountAction } from "~/routes/account/route";
import { action as deskAction } from "~/routes/admin.requests_.$id/route";
import { action as registerAction } from "~/routes/register/route";
import { action as favouritesAction } from "~/routes/resources.favourites";
import { getUser, startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

async function session(userId: number) {
	return (await startSession(userId)).split(";")[0] ?? "";
}

describe("profile settings", () => {
	it("changes the password only with the current one, and ends the other sessions", async () => {
		const user = await createUser({
			email: "pw@example.com",
			phone: null,
			password: "old-password",
			username: "pw",
		});
		const here = await session(user.id);
		const elsewhere = await session(user.id);
		const wrong = await accountAction({
			request: formRequest(
				"/account",
				{ intent: "password", currentPassword: "nope", newPassword: "new-password-1" },
				{ cookie: here },
			),
			params: {},
			context: {},
		});
		expect(statusOf(wrong)).toBe(400);
		expect(await getUser(getRequest("/", elsewhere))).not.toBeNull();

		const ok = (await accountAction({
			request: formRequest(
				"/account",
				{ intent: "password", currentPassword: "old-password", newPassword: "new-password-1" },
				{ cookie: here },
			),
			params: {},
			context: {},
		})) as Response;
		expect(ok.status).toBe(302);
		expect(await getUser(getRequest("/", here))).not.toBeNull();
		expect(await getUser(getRequest("/", elsewhere))).toBeNull();
	});

	it("saves a valid phone and refuses a malformed one", async () => {
		const user = await createUser({
			email: "ph@example.com",
			phone: null,
			password: "a-password",
			username: "ph",
		});
		const cookie = await session(user.id);
		const bad = await accountAction({
			request: formRequest("/account", { intent: "phone", phone: "12345" }, { cookie }),
			params: {},
			context: {},
		});
		expect(statusOf(bad)).toBe(400);
		await accountAction({
			request: formRequest("/account", { intent: "phone", phone: "+7 916 765-43-21" }, { cookie }),
			params: {},
			context: {},
		});
		const saved = await db
			.selectFrom("users")
			.select("phone")
			.where("id", "=", user.id)
			.executeTakeFirstOrThrow();
		expect(saved.phone).toBe("+79167654321");
	});
});

describe("closed registration", () => {
	it("refuses new accounts with 403 while registration is switched off", async () => {
		await db.updateTable("settings").set({ allow_registration: 0 }).execute();
		const result = await registerAction({
			request: formRequest("/register", {
				email: "late@example.com",
				...GIVEN_CONSENT,
				phone: "+79161234567",
				password: "long-enough-pw",
			}),
			params: {},
			context: {},
		});
		expect(statusOf(result)).toBe(403);
		expect(
			await db.selectFrom("users").select("id").where("email", "=", "late@example.com").execute(),
		).toHaveLength(0);
		await db.updateTable("settings").set({ allow_registration: 1 }).execute();
	});
});

describe("favourites", () => {
	it("sends anonymous visitors to sign in and back, and toggles for signed-in users", async () => {
		const anonymous = (await settle(() =>
			favouritesAction({
				request: formRequest("/resources/favourites", {
					projectId: "terra-modular-sofa",
					favourite: "true",
					redirectTo: "/shop",
				}),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fshop&favourite=terra-modular-sofa");

		const user = await createUser({
			email: "fav@example.com",
			phone: null,
			password: "a-password",
			username: "fav",
		});
		const cookie = await session(user.id);
		const post = (favourite: string, projectId = "terra-modular-sofa") =>
			settle(() =>
				favouritesAction({
					request: formRequest("/resources/favourites", { projectId, favourite }, { cookie }),
					params: {},
					context: {},
				}),
			);
		await post("true");
		await post("true");
		expect(await listFavouriteIds(user.id)).toEqual(["terra-modular-sofa"]);
		await post("false");
		expect(await listFavouriteIds(user.id)).toEqual([]);
		expect(statusOf(await post("true", "no-such-project"))).toBe(404);
	});
});

describe("admin request inbox", () => {
	it("changes a request's status, and refuses unknown ids and statuses", async () => {
		const admin = await createUser({
			email: "boss@example.com",
			phone: null,
			password: "a-password",
			role: "admin",
			username: "boss",
		});
		const cookie = await session(admin.id);
		const inserted = await db
			.insertInto("purchase_requests")
			.values({
				project_id: "terra-modular-sofa",
				project_name: "Terra",
				project_price: 100,
				email: "a@b.c",
				phone: "+79161234567",
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const change = ({ id, ...fields }: Record<string, string>) =>
			settle(() =>
				deskAction({
					request: formRequest(`/admin/requests/${id}`, { intent: "status", ...fields }, { cookie }),
					params: { id },
					context: {},
				}),
			);
		expect(statusOf(await change({ id: String(inserted.id), status: "in_progress" }))).toBe(302);
		const row = await db
			.selectFrom("purchase_requests")
			.select("status")
			.where("id", "=", inserted.id)
			.executeTakeFirstOrThrow();
		expect(row.status).toBe("in_progress");
		expect(statusOf(await change({ id: "999999", status: "done" }))).toBe(404);
		expect(statusOf(await change({ id: String(inserted.id), status: "shipped" }))).toBe(400);
	});
});
