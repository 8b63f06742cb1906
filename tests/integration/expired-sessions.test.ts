import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createSession, deleteExpiredSessions } from "~/models/sessions.server";
import { createUser } from "~/models/users.server";
import { scheduleSessionPurge } from "~/server/session-purge";

describe("expired sessions", () => {
	it("expired sessions pile up no more: the purge removes those past their expiry, says how many, keeps the rest", async () => {
		const user = await createUser({
			email: "purge@example.com",
			phone: null,
			password: "pw-12345678",
			role: "user",
			username: "purge",
		});
		const current = await createSession(user.id);
		const past = new Date(Date.now() - 60_000).toISOString();
		await db
			.insertInto("sessions")
			.values([
				{ id: "expired-1", user_id: user.id, expires_at: past },
				{ id: "expired-2", user_id: user.id, expires_at: past },
			])
			.execute();

		expect(await deleteExpiredSessions()).toBe(2);
		const left = (await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map(
			(row) => row.id,
		);
		expect(left).toEqual([current]);
		expect(await deleteExpiredSessions()).toBe(0);
	});

	it("expired sessions: a session past its expiry is purged when the server starts, a current one stays", async () => {
		const user = await createUser({
			email: "purge-at-start@example.com",
			phone: null,
			password: "pw-12345678",
			role: "user",
			username: "purge-at-start",
		});
		await db
			.insertInto("sessions")
			.values([
				{ id: "expired-at-start", user_id: user.id, expires_at: new Date(Date.now() - 60_000).toISOString() },
				{
					id: "current-at-start",
					user_id: user.id,
					expires_at: new Date(Date.now() + 3_600_000).toISOString(),
				},
			])
			.execute();
		const sessions = async () =>
			(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map(
				(row) => row.id,
			);
		// The schedule the server starts with (app/server/start.ts): its first round runs at once, not in an hour.
		const stop = scheduleSessionPurge();
		try {
			await expect.poll(sessions, { timeout: 15_000 }).not.toContain("expired-at-start");
			expect(await sessions()).toContain("current-at-start");
		} finally {
			stop();
		}
	});
});
