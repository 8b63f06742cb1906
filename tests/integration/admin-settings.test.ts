import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { loader as rootLoader } from "~/root";
import { action as accountAction } from "~/routes/account/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { loader as loginLoader } from "~/routes/login/route";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction, loader as registerLoader } from "~/routes/register/route";
import { action as favouritesAction } from "~/routes/resources.favourites";
import { startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { formRequest, getRequest, statusOf } from "../support/requests";
import { versionOf } from "../support/versions";

const PROJECT = "terra-modular-sofa";
let counter = 0;

async function signedIn(role: "user" | "admin") {
	counter += 1;
	const name = `settings-${role}-${counter}`;
	const user = await createUser({
		email: `${name}@example.com`,
		phone: null,
		password: "pw-12345678",
		role,
		username: name,
	});
	return (await startSession(user.id)).split(";")[0] ?? "";
}

/** Runs a loader/action and returns what it returned or threw (redirects and 503s are thrown). */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
	try {
		return await run();
	} catch (thrown) {
		return thrown;
	}
}

function headersOf(result: unknown): Headers {
	if (result instanceof Response) return result.headers;
	return new Headers((result as { init?: ResponseInit | null }).init?.headers);
}

const args = (request: Request) => ({ request, params: {}, context: {} });

afterEach(async () => {
	await updateSettings({ maintenanceMode: false, allowRegistration: true });
});

describe("admin settings", () => {
	it("saves each tab's fields in the settings table and comes back with the toast", async () => {
		const admin = await signedIn("admin");
		const before = await getSettings();
		expect(before.shop_name).toBe("Художественный магазин");

		// Unchecked boxes post nothing: registration is switched off here.
		const general = (await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{
						version: await versionOf("settings"),
						tab: "general",
						shopName: "  Галерея ФОРМА  ",
						shopDescription: "Objects with character",
					},
					{ cookie: admin },
				),
			),
		)) as Response;
		expect(general.status).toBe(302);
		expect(general.headers.get("Location")).toBe("/admin/settings?tab=general");
		expect(general.headers.getSetCookie().join()).toContain("forma_toast=");
		expect(await getSettings()).toMatchObject({
			shop_name: "Галерея ФОРМА",
			shop_description: "Objects with character",
			maintenance_mode: 0,
			allow_registration: 0,
			// The other tab's values are untouched.
			email_notifications: before.email_notifications,
			admin_email: before.admin_email,
		});

		const notifications = (await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{
						version: await versionOf("settings"),
						tab: "notifications",
						emailNotifications: "on",
						adminEmail: "orders@forma.gallery",
					},
					{ cookie: admin },
				),
			),
		)) as Response;
		expect(notifications.headers.get("Location")).toBe("/admin/settings?tab=notifications");
		expect(await getSettings()).toMatchObject({
			shop_name: "Галерея ФОРМА",
			email_notifications: 1,
			admin_email: "orders@forma.gallery",
		});
		// An empty admin email is allowed.
		await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{ version: await versionOf("settings"), tab: "notifications", adminEmail: "" },
					{ cookie: admin },
				),
			),
		);
		expect(await getSettings()).toMatchObject({ email_notifications: 0, admin_email: "" });

		const view = (await settingsLoader(args(getRequest("/admin/settings", admin)))) as unknown as {
			data: { settings: Record<string, unknown> };
			init: ResponseInit;
		};
		expect(view.data.settings).toMatchObject({ shopName: "Галерея ФОРМА", emailNotifications: false });
		expect(new Headers(view.init.headers).get("Cache-Control")).toBe("no-store");
	});

	it("refuses a missing shop name and a bad admin email with messages, keeping the values", async () => {
		const admin = await signedIn("admin");
		const before = await getSettings();
		const noName = await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{ version: await versionOf("settings"), tab: "general", shopName: "   " },
					{ cookie: admin },
				),
			),
		);
		expect(statusOf(noName)).toBe(400);
		expect(JSON.stringify(noName)).toContain("admin:settings.errors.shopNameRequired");
		const badEmail = await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{ version: await versionOf("settings"), tab: "notifications", adminEmail: "not-an-email" },
					{ cookie: admin },
				),
			),
		);
		expect(statusOf(badEmail)).toBe(400);
		expect(JSON.stringify(badEmail)).toContain("admin:settings.errors.adminEmailInvalid");
		expect(JSON.stringify(badEmail)).toContain("not-an-email");
		expect(await getSettings()).toEqual(before);
	});

	it("refuses anonymous visitors and plain users", async () => {
		const user = await signedIn("user");
		const before = await getSettings();
		const anonymous = await outcome(() =>
			settingsAction(args(formRequest("/admin/settings", { tab: "general", shopName: "Hacked" }))),
		);
		expect((anonymous as Response).status).toBe(302);
		const asUser = await outcome(() =>
			settingsAction(
				args(
					formRequest(
						"/admin/settings",
						{ tab: "general", shopName: "Hacked", maintenanceMode: "on" },
						{ cookie: user },
					),
				),
			),
		);
		expect((asUser as Response).headers.get("Location")).toBe("/account");
		expect(await getSettings()).toEqual(before);
	});
});

describe("maintenance mode", () => {
	it("shows visitors a 503 while admins and /login keep working, and refuses public actions", async () => {
		const admin = await signedIn("admin");
		const user = await signedIn("user");
		await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{
						version: await versionOf("settings"),
						tab: "general",
						shopName: "FORMA",
						maintenanceMode: "on",
						allowRegistration: "on",
					},
					{ cookie: admin },
				),
			),
		);
		expect((await getSettings()).maintenance_mode).toBe(1);

		for (const [path, cookie] of [
			["/", undefined],
			["/project/terra-modular-sofa", undefined],
			["/register", undefined],
			["/?lng=ru", undefined],
			["/", user],
		] as const) {
			const closed = await outcome(() => rootLoader(args(getRequest(path, cookie))));
			expect(statusOf(closed), path).toBe(503);
			expect(headersOf(closed).get("Retry-After")).toMatch(/^\d+$/);
			expect(JSON.stringify(closed)).toContain('"maintenance":true');
		}
		const ru = await outcome(() => rootLoader(args(getRequest("/?lng=ru"))));
		expect(JSON.stringify(ru)).toContain('"language":"ru"');
		expect(JSON.stringify(ru)).toContain("Технические работы");

		// Admins see the site; /login (and /logout) stay open for everyone.
		expect(statusOf(await outcome(() => rootLoader(args(getRequest("/", admin)))))).toBe(200);
		expect(statusOf(await outcome(() => rootLoader(args(getRequest("/login")))))).toBe(200);
		expect(statusOf(await outcome(() => rootLoader(args(getRequest("/logout")))))).toBe(200);
		expect(statusOf(await outcome(() => loginLoader(args(getRequest("/login")))))).toBe(200);

		// Public actions that change something are refused, and nothing is saved.
		const requestsBefore = (await db.selectFrom("purchase_requests").select("id").execute()).length;
		const purchase = await outcome(() =>
			requestAction({
				request: formRequest(`/project/${PROJECT}/request`, {
					email: "buyer@example.com",
					...GIVEN_CONSENT,
					phone: "+79161234567",
				}),
				params: { id: PROJECT },
				context: {},
			}),
		);
		expect(statusOf(purchase)).toBe(503);
		expect((await db.selectFrom("purchase_requests").select("id").execute()).length).toBe(requestsBefore);

		const registration = await outcome(() =>
			registerAction(
				args(
					formRequest("/register", {
						email: "during-maintenance@example.com",
						...GIVEN_CONSENT,
						phone: "+79161234567",
						password: "long-enough-pw",
					}),
				),
			),
		);
		expect(statusOf(registration)).toBe(503);
		expect(
			await db
				.selectFrom("users")
				.select("id")
				.where("email", "=", "during-maintenance@example.com")
				.execute(),
		).toHaveLength(0);

		const favourite = await outcome(() =>
			favouritesAction(
				args(
					formRequest("/resources/favourites", { projectId: PROJECT, favourite: "true" }, { cookie: user }),
				),
			),
		);
		expect(statusOf(favourite)).toBe(503);
		const phone = await outcome(() =>
			accountAction(
				args(formRequest("/account", { intent: "phone", phone: "+79160000000" }, { cookie: user })),
			),
		);
		expect(statusOf(phone)).toBe(503);

		// An admin may still act (e.g. try a purchase to check the flow).
		const adminRequest = await countedFormRequest(
			`/project/${PROJECT}/request`,
			{ ...GIVEN_CONSENT, email: "admin-check@example.com", phone: "+79161234567" },
			{ cookie: admin, headers: { "X-Forwarded-For": "192.0.2.77" } },
		);
		const adminPurchase = await outcome(() =>
			requestAction({
				request: adminRequest,
				params: { id: PROJECT },
				context: {},
			}),
		);
		expect(statusOf(adminPurchase)).toBe(200);

		// Switched off again: the site is open.
		await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{
						version: await versionOf("settings"),
						tab: "general",
						shopName: "FORMA",
						allowRegistration: "on",
					},
					{ cookie: admin },
				),
			),
		);
		expect(statusOf(await outcome(() => rootLoader(args(getRequest("/")))))).toBe(200);
	});
});

describe("registration switch", () => {
	it("closes /register (page 403, action refused) and hides the link on /login", async () => {
		await updateSettings({ allowRegistration: false });
		const page = await registerLoader(args(getRequest("/register")));
		expect(statusOf(page)).toBe(403);
		expect(JSON.stringify(page)).toContain('"open":false');
		const attempt = await outcome(() =>
			registerAction(
				args(
					formRequest("/register", {
						email: "closed@example.com",
						...GIVEN_CONSENT,
						phone: "+79161234567",
						password: "long-enough-pw",
					}),
				),
			),
		);
		expect(statusOf(attempt)).toBe(403);
		expect(JSON.stringify(attempt)).toContain("register.errors.closed");
		expect(
			await db.selectFrom("users").select("id").where("email", "=", "closed@example.com").execute(),
		).toHaveLength(0);
		expect(JSON.stringify(await loginLoader(args(getRequest("/login"))))).toContain(
			'"registrationOpen":false',
		);

		await updateSettings({ allowRegistration: true });
		expect(statusOf(await registerLoader(args(getRequest("/register"))))).toBe(200);
		expect(JSON.stringify(await loginLoader(args(getRequest("/login"))))).toContain(
			'"registrationOpen":true',
		);
	});
});
