import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { listActivity } from "~/models/activity.server";
import { createUser } from "~/models/users.server";
import { action as messageAction } from "~/routes/admin.mail.$id/route";
import { loader as exportLoader } from "~/routes/admin.requests.export[.]csv";
import { startSession } from "~/services/auth.server";
import { formRequest, getRequest, settle } from "../support/requests";

/**
 * Admin actions that left no trace: downloading every buyer's e-mail and phone as CSV, and sending a failed
 * message again, wrote nothing to the audit trail, so an administrator's account (or a stolen session)
 * could take the whole customer list unseen. Both are recorded now, the export with its filter and the
 * number of rows it held.
 */
async function admin(name: string) {
	const user = await createUser({
		email: `${name}@example.com`,
		phone: null,
		password: "a-good-password",
		role: "admin",
		username: name,
		emailVerified: true,
	});
	return { user, cookie: (await startSession(user.id)).split(";")[0] ?? "" };
}

async function addRequest(email: string, status: "new" | "done") {
	await db
		.insertInto("purchase_requests")
		.values({
			project_id: null,
			project_name: "Oak Stool",
			project_price: 1000,
			email,
			phone: "+79161234567",
			user_id: null,
			status,
		})
		.execute();
}

describe("admin actions the audit trail missed", () => {
	it("unrecorded CSV export: downloading the buyers' list is in the trail, with its filter and row count", async () => {
		const { user, cookie } = await admin("exporter");
		await addRequest("anna@example.com", "done");
		await addRequest("anya@example.com", "done");
		await addRequest("boris@example.com", "new");
		const response = (await exportLoader({
			request: getRequest("/admin/requests/export.csv?status=done&q=an", cookie),
			params: {},
			context: {},
		})) as Response;
		expect(response.status).toBe(200);
		expect(await response.text()).toContain("anya@example.com");

		const everything = (await exportLoader({
			request: getRequest("/admin/requests/export.csv", cookie),
			params: {},
			context: {},
		})) as Response;
		expect(everything.status).toBe(200);

		const { rows } = await listActivity({ actorId: user.id });
		expect(rows.map((row) => [row.entity, row.action, row.actorUsername])).toEqual([
			["request", "exported", "exporter"],
			["request", "exported", "exporter"],
		]);
		expect(rows[1]?.changes).toEqual([
			{ field: "status", before: null, after: "done" },
			{ field: "search", before: null, after: "an" },
			{ field: "rows", before: null, after: 2 },
			{ field: "format", before: null, after: "csv" },
		]);
		expect(rows[0]?.changes).toEqual([
			{ field: "rows", before: null, after: 3 },
			{ field: "format", before: null, after: "csv" },
		]);
	});

	it("unrecorded resend: sending a failed message again is in the trail", async () => {
		const { user, cookie } = await admin("resender");
		const message = await db
			.insertInto("outbox")
			.values({
				message_id: "<resend-test@forma.local>",
				kind: "purchase_confirmation",
				to_address: "jana@example.com",
				language: "en",
				from_name: "FORMA",
				subject: "Your request for Oak Stool",
				text_body: "text",
				html_body: "<p>html</p>",
				status: "failed",
				attempts: 10,
				last_error: "550 mailbox unavailable",
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const id = String(message.id);
		const answer = (await settle(() =>
			messageAction({
				request: formRequest(`/admin/mail/${id}`, {}, { cookie }),
				params: { id },
				context: {},
			}),
		)) as Response;
		expect(answer.status).toBe(302);
		const { rows } = await listActivity({ actorId: user.id });
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			entity: "mail",
			entityId: id,
			action: "requeued",
			label: "Your request for Oak Stool → jana@example.com",
			changes: [{ field: "status", before: "failed", after: "pending" }],
		});

		// A message that had not failed is not sent again, and nothing is recorded.
		const refused = (await settle(() =>
			messageAction({
				request: formRequest(`/admin/mail/${id}`, {}, { cookie }),
				params: { id },
				context: {},
			}),
		)) as Response;
		expect(refused.status).toBe(302);
		expect((await listActivity({ actorId: user.id })).rows).toHaveLength(1);
	});
});
