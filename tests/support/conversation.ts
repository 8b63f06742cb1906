import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { postMessage } from "~/services/conversation.server";

/**
 * A request's conversation in tests (issue #37): a guest's request for the seeded sofa, and the staff
 * member "anna" who answers it, each message posted as the site posts it (with its mail).
 */
export async function guestRequest(email: string) {
	return db
		.insertInto("purchase_requests")
		.values({
			project_id: "terra-modular-sofa",
			project_name: "Terra",
			project_price: 100,
			email,
			phone: "+79161234567",
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

/** The administrator anna, and her message `body` on request `requestId`. */
export async function annaWrites(requestId: number, body: string) {
	const anna =
		(await db.selectFrom("users").selectAll().where("username", "=", "anna").executeTakeFirst()) ??
		(await createUser({
			email: "anna@example.com",
			phone: null,
			password: "a-password",
			role: "admin",
			username: "anna",
		}));
	await postMessage({ requestId, author: "gallery", userId: anna.id, authorName: "anna", body });
	return anna;
}
