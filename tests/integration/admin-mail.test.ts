import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { loader as listLoader } from "~/routes/admin.mail._index/route";
import { action as messageAction, loader as messageLoader } from "~/routes/admin.mail.$id/route";
import { loader as htmlLoader } from "~/routes/admin.mail.$id_.html";
import { action as requestAction } from "~/routes/project.$id_.request";
import { startSession } from "~/services/auth.server";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

const PROJECT = "terra-modular-sofa";
const GALLERY = "gallery@forma.example";

async function cookieFor(role: "user" | "admin") {
	const user = await createUser({
		email: `mail-${role}@example.com`,
		phone: null,
		password: "a-password",
		role,
		username: `mail-${role}`,
	});
	return (await startSession(user.id)).split(";")[0] ?? "";
}

/** A visitor's request: the gallery's notification and the buyer's confirmation land in the outbox. */
async function requestPiece(email: string) {
	await updateSettings({ emailNotifications: true, adminEmail: GALLERY });
	const request = await countedFormRequest(
		`/project/${PROJECT}/request?lng=ru`,
		{ ...GIVEN_CONSENT, email, phone: "+79161234567" },
		{ headers: { "X-Forwarded-For": "192.0.2.78" } },
	);
	const response = await settle(() =>
		requestAction({
			request,
			params: { id: PROJECT },
			context: {},
		}),
	);
	// The request's answer is the confirmation that stays (issue #35).
	expect(statusOf(response)).toBe(200);
	return db.selectFrom("outbox").selectAll().orderBy("id").execute();
}

type ListView = {
	data: {
		delivery: string;
		total: number;
		counts: Record<string, number>;
		messages: Array<
			{ id: number; to_address: string; kind: string; status: string } & Record<string, unknown>
		>;
	};
};
type MessageView = { data: { from: string; message: Record<string, unknown> } };

const list = async (cookie: string, search = "") =>
	(await listLoader({
		request: getRequest(`/admin/mail${search}`, cookie),
		params: {},
		context: {},
	})) as unknown as ListView;

describe("/admin/mail", () => {
	it("refuses visitors and non-admins on every loader and action", async () => {
		const [message] = await requestPiece("ivan@example.com");
		const id = String(message?.id);
		const userCookie = await cookieFor("user");
		for (const [cookie, target] of [
			[undefined, /^\/login/],
			[userCookie, /^\/account$/],
		] as const) {
			for (const run of [
				() => listLoader({ request: getRequest("/admin/mail", cookie), params: {}, context: {} }),
				() =>
					messageLoader({ request: getRequest(`/admin/mail/${id}`, cookie), params: { id }, context: {} }),
				() =>
					htmlLoader({ request: getRequest(`/admin/mail/${id}/html`, cookie), params: { id }, context: {} }),
				() =>
					messageAction({
						request: formRequest(`/admin/mail/${id}`, {}, { cookie }),
						params: { id },
						context: {},
					}),
			]) {
				const result = (await settle(run)) as Response;
				expect(result).toBeInstanceOf(Response);
				expect(result.status).toBe(302);
				expect(result.headers.get("Location")).toMatch(target);
			}
		}
	});

	it("lists the messages newest first, filters them by status, and says they are kept when SMTP is not set", async () => {
		const queued = await requestPiece("jana@example.com");
		await db
			.updateTable("outbox")
			.set({ status: "failed", attempts: 10, last_error: "550 mailbox unavailable" })
			.where("id", "=", queued[1]?.id ?? 0)
			.execute();
		const cookie = await cookieFor("admin");

		const all = await list(cookie);
		expect(all.data.delivery).toBe("kept");
		expect(all.data.total).toBe(2);
		expect(all.data.messages.map((m) => [m.kind, m.to_address, m.status])).toEqual([
			["purchase_confirmation", "jana@example.com", "failed"],
			["purchase_notification", GALLERY, "pending"],
		]);
		expect(all.data.messages[0]?.last_error).toBe("550 mailbox unavailable");
		// The list carries no message bodies.
		expect(all.data.messages[0]).not.toHaveProperty("html_body");
		expect(all.data.counts).toEqual({ pending: 1, sent: 0, failed: 1 });

		const failed = await list(cookie, "?status=failed");
		expect(failed.data.messages.map((m) => m.to_address)).toEqual(["jana@example.com"]);
		const unknownFilter = await list(cookie, "?status=bogus&page=99");
		expect(unknownFilter.data.total).toBe(2);
	});

	it("shows a message's headers and text, and serves its HTML under a CSP of its own", async () => {
		const [notification] = await requestPiece("kira@example.com");
		const id = String(notification?.id);
		const cookie = await cookieFor("admin");

		const view = (await messageLoader({
			request: getRequest(`/admin/mail/${id}`, cookie),
			params: { id },
			context: {},
		})) as unknown as MessageView;
		expect(view.data.message).toMatchObject({ to_address: GALLERY, message_id: notification?.message_id });
		expect(view.data.message.text_body).toContain("kira@example.com");
		expect(view.data.message).not.toHaveProperty("html_body");
		expect(view.data.from).toMatch(/^.+ <no-reply@.+>$/);

		const html = (await htmlLoader({
			request: getRequest(`/admin/mail/${id}/html`, cookie),
			params: { id },
			context: {},
		})) as Response;
		expect(html.status).toBe(200);
		expect(html.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
		const csp = html.headers.get("Content-Security-Policy") ?? "";
		expect(csp).toContain("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
		expect(csp).toContain("frame-ancestors 'self'");
		expect(csp).not.toMatch(/script-src/);
		expect(await html.text()).toBe(notification?.html_body);

		const missing = (await settle(() =>
			messageLoader({
				request: getRequest("/admin/mail/999999", cookie),
				params: { id: "999999" },
				context: {},
			}),
		)) as Response;
		expect(missing.status).toBe(302);
		expect(missing.headers.get("Location")).toBe("/admin/mail");
		const missingHtml = (await htmlLoader({
			request: getRequest("/admin/mail/abc/html", cookie),
			params: { id: "abc" },
			context: {},
		})) as Response;
		expect(missingHtml.status).toBe(404);
	});

	it("sends a failed message again, and only a failed one", async () => {
		const [notification] = await requestPiece("lev@example.com");
		const id = String(notification?.id);
		const cookie = await cookieFor("admin");
		const again = () =>
			settle(() =>
				messageAction({
					request: formRequest(`/admin/mail/${id}`, {}, { cookie }),
					params: { id },
					context: {},
				}),
			) as Promise<Response>;

		expect((await again()).headers.get("Location")).toBe(`/admin/mail/${id}`);
		const waiting = await db
			.selectFrom("outbox")
			.selectAll()
			.where("id", "=", Number(id))
			.executeTakeFirstOrThrow();
		expect(waiting).toMatchObject({ status: "pending", attempts: 0 });

		await db
			.updateTable("outbox")
			.set({ status: "failed", attempts: 10 })
			.where("id", "=", Number(id))
			.execute();
		expect((await again()).status).toBe(302);
		const requeued = await db
			.selectFrom("outbox")
			.selectAll()
			.where("id", "=", Number(id))
			.executeTakeFirstOrThrow();
		expect(requeued).toMatchObject({ status: "pending", attempts: 0 });
		expect(requeued.message_id).toBe(notification?.message_id);
	});
});
