import { randomBytes } from "node:crypto";
import { db } from "~/lib/db.server";
import { SESSION_TTL_MS } from "~/lib/session.server";
import type { User } from "~db/schema";

export async function createSession(userId: number): Promise<string> {
	const id = randomBytes(32).toString("base64url");
	await db
		.insertInto("sessions")
		.values({ id, user_id: userId, expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString() })
		.execute();
	return id;
}

/** The user behind a session id, if the session is current and the user is not blocked. */
export async function getSessionUser(sessionId: string): Promise<User | undefined> {
	return db
		.selectFrom("sessions")
		.innerJoin("users", "users.id", "sessions.user_id")
		.selectAll("users")
		.where("sessions.id", "=", sessionId)
		.where("sessions.expires_at", ">", new Date().toISOString())
		.where("users.status", "=", "active")
		.executeTakeFirst();
}

export async function deleteSession(sessionId: string): Promise<void> {
	await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Removes sessions past their expiry (the server runs this on a schedule); returns how many went. */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
	const result = await db
		.deleteFrom("sessions")
		.where("expires_at", "<=", now.toISOString())
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}
