import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { adoptAdminEmail, getSettings, updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { action as deskAction } from "~/routes/admin.requests_.$id/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { startSession } from "~/services/auth.server";
import type { PurchaseRequestStatus } from "~db/schema";
import { plain } from "../support/plain";
import { refuseWrites } from "../support/refuse-writes";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { versionOf } from "../support/versions";

const PROJECT = "terra-modular-sofa";

async function adminCookie() {
	const admin = await createUser({
		email: "boss@example.com",
		phone: null,
		password: "a-password",
		role: "admin",
		username: "boss",
	});
	return (await startSession(admin.id)).split(";")[0] ?? "";
}

async function insertRequest(email: string, language: "en" | "ru") {
	return db
		.insertInto("purchase_requests")
		.values({
			project_id: PROJECT,
			project_name: "Terra",
			project_price: 100,
			email,
			phone: "+79161234567",
			language,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
}

/** The explicit status save on /admin/requests/<id>, with "notify the buyer" ticked unless told otherwise. */
async function changeStatus(
	cookie: string,
	id: number,
	status: PurchaseRequestStatus | string,
	notify = true,
) {
	return settle(() =>
		deskAction({
			request: formRequest(
				`/admin/requests/${id}`,
				{ intent: "status", status, ...(notify ? { notify: "on" } : {}) },
				{ cookie },
			),
			params: { id: String(id) },
			context: {},
		}),
	);
}

const statusMail = () =>
	db.selectFrom("outbox").selectAll().where("kind", "=", "request_status").orderBy("id").execute();
const statusOfRequest = async (id: number) =>
	(await db.selectFrom("purchase_requests").select("status").where("id", "=", id).executeTakeFirstOrThrow())
		.status;

describe("a request's status change tells its buyer", () => {
	it("queues the status mail in the language the buyer used, English and Russian", async () => {
		await updateSettings({ buyerStatusEmails: true });
		const cookie = await adminCookie();
		const english = await insertRequest("eve@example.com", "en");
		const russian = await insertRequest("olga@example.com", "ru");

		expect(statusOf(await changeStatus(cookie, english.id, "in_progress"))).toBe(302);
		expect(statusOf(await changeStatus(cookie, russian.id, "cancelled"))).toBe(302);

		const [first, second] = await statusMail();
		expect(first).toMatchObject({
			to_address: "eve@example.com",
			language: "en",
			status: "pending",
			reference: `purchase_request:${english.id}`,
		});
		expect(plain(first?.subject ?? "")).toBe(`Your request № ${english.id}: In progress`);
		expect(plain(first?.text_body ?? "")).toContain("We are working on your request for Terra");
		expect(first?.text_body).toContain(`http://localhost/project/${PROJECT}`);
		expect(plain(first?.html_body ?? "")).toContain("We are working on your request for Terra");
		expect(second).toMatchObject({ to_address: "olga@example.com", language: "ru" });
		expect(plain(second?.subject ?? "")).toBe(`Ваша заявка № ${russian.id}: Отменена`);
		expect(plain(second?.text_body ?? "")).toContain("Ваша заявка на «Terra» отменена");
	});

	it("sends nothing when the box is unticked, when the status stays the same, or when it goes back to new", async () => {
		// The setting only decides whether the box starts ticked: the admin's explicit choice is what counts.
		await updateSettings({ buyerStatusEmails: true });
		const cookie = await adminCookie();
		const request = await insertRequest("fay@example.com", "en");

		expect(statusOf(await changeStatus(cookie, request.id, "in_progress", false))).toBe(302);
		expect(await statusOfRequest(request.id)).toBe("in_progress");
		expect(await statusMail()).toEqual([]);

		expect(statusOf(await changeStatus(cookie, request.id, "in_progress"))).toBe(302);
		expect(await statusMail()).toEqual([]);
		expect(statusOf(await changeStatus(cookie, request.id, "new"))).toBe(302);
		expect(await statusOfRequest(request.id)).toBe("new");
		expect(await statusMail()).toEqual([]);

		await updateSettings({ buyerStatusEmails: false });
		expect(statusOf(await changeStatus(cookie, request.id, "done"))).toBe(302);
		expect((await statusMail()).map((m) => plain(m.subject))).toEqual([`Your request № ${request.id}: Done`]);
	});

	it("changes the status and writes its mail together, or neither", async () => {
		await updateSettings({ buyerStatusEmails: true });
		const cookie = await adminCookie();
		const request = await insertRequest("gus@example.com", "en");
		// The outbox refuses the message (as a full disk or a broken table would): the status must not move.
		const allowMail = await refuseWrites(db, {
			name: "refuse_mail",
			table: "outbox",
			event: "insert",
			message: "outbox refused",
		});
		await expect(changeStatus(cookie, request.id, "done")).rejects.toThrow(/outbox refused/);
		expect(await statusOfRequest(request.id)).toBe("new");

		await allowMail();
		expect(statusOf(await changeStatus(cookie, request.id, "done"))).toBe(302);
		expect(await statusOfRequest(request.id)).toBe("done");
		expect(await statusMail()).toHaveLength(1);
	});

	it("refuses an unknown request without writing mail", async () => {
		await updateSettings({ buyerStatusEmails: true });
		const cookie = await adminCookie();
		expect(statusOf(await changeStatus(cookie, 999_999, "done"))).toBe(404);
		expect(await statusMail()).toEqual([]);
	});
});

describe("the notification settings", () => {
	const save = (cookie: string, fields: Record<string, string>) =>
		settle(async () =>
			settingsAction({
				request: formRequest(
					"/admin/settings",
					{ version: await versionOf("settings"), tab: "notifications", ...fields },
					{ cookie },
				),
				params: {},
				context: {},
			}),
		);

	it("switches the buyers' status mail on and off", async () => {
		const cookie = await adminCookie();
		await save(cookie, {
			emailNotifications: "on",
			adminEmail: "desk@forma.example",
			buyerStatusEmails: "on",
		});
		expect(await getSettings()).toMatchObject({ buyer_status_emails: 1, admin_email: "desk@forma.example" });
		await save(cookie, { emailNotifications: "on", adminEmail: "desk@forma.example" });
		expect(await getSettings()).toMatchObject({ buyer_status_emails: 0, email_notifications: 1 });
	});

	it("refuses notifications with nowhere to send them, and warns when they were saved that way", async () => {
		const cookie = await adminCookie();
		await updateSettings({ emailNotifications: false, adminEmail: "" });
		const refused = await save(cookie, { emailNotifications: "on", adminEmail: "" });
		expect(statusOf(refused)).toBe(400);
		expect(JSON.stringify(refused)).toContain("admin:settings.errors.adminEmailRequired");
		expect(await getSettings()).toMatchObject({ email_notifications: 0 });

		await updateSettings({ emailNotifications: true, adminEmail: "" });
		const view = (await settingsLoader({
			request: getRequest("/admin/settings?tab=notifications", cookie),
			params: {},
			context: {},
		})) as unknown as { data: { settings: Record<string, unknown> } };
		expect(view.data.settings).toMatchObject({ emailNotifications: true, adminEmail: "" });
	});

	it("takes ADMIN_EMAIL at start-up only while the settings name no address", async () => {
		await updateSettings({ adminEmail: "" });
		expect(await adoptAdminEmail("first@forma.example")).toBe(true);
		expect((await getSettings()).admin_email).toBe("first@forma.example");
		expect(await adoptAdminEmail("second@forma.example")).toBe(false);
		expect((await getSettings()).admin_email).toBe("first@forma.example");
	});
});
