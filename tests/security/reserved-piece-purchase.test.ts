import { expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { galleryDateInDays } from "~/lib/sale";
import { createUser } from "~/models/users.server";
import { action as requestAction } from "~/routes/project.$id_.request";
import { reserveForBuyer } from "~/services/sale.server";
import { GIVEN_CONSENT } from "../support/consent";
import { withFormToken } from "../support/form-tokens";
import { formRequest, settle, statusOf } from "../support/requests";

/**
 * Buying a piece reserved for someone else by posting the purchase form by hand: the page offers only
 * "Tell me if it becomes available" (kind `wait`) while a piece is held (issue #37), but the form's `kind`
 * is the visitor's to send. The server decides from the stored piece: a purchase request for a reserved
 * piece is refused (409, the reason in words) and nothing is stored; asking to wait still works.
 */
const PIECE = "terra-modular-sofa";

async function post(fields: Record<string, string>) {
	const path = `/project/${PIECE}/request`;
	const sent = await withFormToken(path, { ...GIVEN_CONSENT, phone: "+79161234567", ...fields });
	return settle(() =>
		requestAction({
			request: formRequest(path, sent, { headers: { "X-Forwarded-For": "192.0.2.77" } }),
			params: { id: PIECE },
			context: {},
		}),
	);
}

test("a hand-made purchase request for a piece reserved for another buyer is refused", async () => {
	const staff = await createUser({
		email: "staff@gallery.example",
		phone: null,
		password: "a-password",
		role: "admin",
		username: "staff",
	});
	const holder = await db
		.insertInto("purchase_requests")
		.values({
			project_id: PIECE,
			project_name: "Terra Modular Sofa",
			project_price: 140000,
			email: "holder@example.com",
			phone: "+79161234567",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	await reserveForBuyer({
		requestId: holder.id,
		day: galleryDateInDays(new Date(), 7),
		actor: { id: staff.id, username: staff.username },
	});

	const bought = await post({ email: "jumper@example.com", kind: "purchase" });
	expect(statusOf(bought)).toBe(409);
	expect(JSON.stringify((bought as { data: unknown }).data)).toContain("purchase.reserved");
	const stored = await db
		.selectFrom("purchase_requests")
		.select("kind")
		.where("email", "=", "jumper@example.com")
		.execute();
	expect(stored).toEqual([]);

	const waiting = await post({ email: "jumper@example.com", kind: "wait" });
	expect(statusOf(waiting)).toBe(200);
	expect(
		await db
			.selectFrom("purchase_requests")
			.select("kind")
			.where("email", "=", "jumper@example.com")
			.execute(),
	).toEqual([{ kind: "wait" }]);
});
