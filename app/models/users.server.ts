import { sql } from "kysely";
import { db } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { isReservedUsername, usernameFromEmail } from "~/lib/usernames";

export { isReservedUsername, usernameFromEmail };

import type { User, UserRole, UserStatus } from "~db/schema";

export async function getUserById(id: number): Promise<User | undefined> {
	return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Finds a user by username or e-mail, ignoring case. */
export async function getUserByLogin(login: string): Promise<User | undefined> {
	const value = login.trim();
	return db
		.selectFrom("users")
		.selectAll()
		.where((eb) =>
			eb.or([
				eb(sql`username`, "=", sql`${value} collate nocase`),
				eb(sql`email`, "=", sql`${value} collate nocase`),
			]),
		)
		.executeTakeFirst();
}

export async function isEmailTaken(email: string): Promise<boolean> {
	const row = await db
		.selectFrom("users")
		.select("id")
		.where(sql`email`, "=", sql`${email.trim()} collate nocase`)
		.executeTakeFirst();
	return Boolean(row);
}

export class EmailTakenError extends Error {
	override name = "EmailTakenError";
}

export interface NewUserInput {
	email: string;
	phone: string | null;
	password: string;
	role?: UserRole;
	/** Defaults to the e-mail's local part; a taken name gets a numeric suffix (anna, anna2, anna3…). */
	username?: string;
}

/** Creates a user with a hashed password. The username is made unique inside the same transaction. */
export async function createUser(input: NewUserInput): Promise<User> {
	const passwordHash = await hashPassword(input.password);
	const base = (input.username ?? usernameFromEmail(input.email)).trim();
	return db.transaction().execute(async (trx) => {
		const emailTaken = await trx
			.selectFrom("users")
			.select("id")
			.where(sql`email`, "=", sql`${input.email.trim()} collate nocase`)
			.executeTakeFirst();
		if (emailTaken) throw new EmailTakenError("This email is already registered");
		const similar = await trx
			.selectFrom("users")
			.select("username")
			.where(sql`lower(username)`, "like", `${base.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`)
			.execute();
		const taken = new Set(similar.map((row) => row.username.toLowerCase()));
		let username = base;
		for (let suffix = 2; taken.has(username.toLowerCase()) || isReservedUsername(username); suffix++) {
			username = `${base}${suffix}`;
		}
		return trx
			.insertInto("users")
			.values({
				username,
				email: input.email.trim(),
				phone: input.phone,
				password_hash: passwordHash,
				role: input.role ?? "user",
			})
			.returningAll()
			.executeTakeFirstOrThrow();
	});
}

export async function updateUserPhone(userId: number, phone: string): Promise<void> {
	await db
		.updateTable("users")
		.set({ phone, updated_at: new Date().toISOString() })
		.where("id", "=", userId)
		.execute();
}

/** Changes the password and ends every other session of the user, in one transaction. */
export async function changeUserPassword(userId: number, password: string, keepSessionId: string | null) {
	const passwordHash = await hashPassword(password);
	await db.transaction().execute(async (trx) => {
		await trx
			.updateTable("users")
			.set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
			.where("id", "=", userId)
			.execute();
		let others = trx.deleteFrom("sessions").where("user_id", "=", userId);
		if (keepSessionId) others = others.where("id", "!=", keepSessionId);
		await others.execute();
	});
}

/** Blocking a user ends their sessions at once (same transaction). */
export async function setUserStatus(userId: number, status: UserStatus): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await trx
			.updateTable("users")
			.set({ status, updated_at: new Date().toISOString() })
			.where("id", "=", userId)
			.execute();
		if (status === "blocked") await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
	});
}

/** The users screen: everyone, oldest first, without password hashes. */
export async function listUsers() {
	return db
		.selectFrom("users")
		.select(["id", "username", "email", "phone", "role", "status", "created_at"])
		.orderBy("id")
		.execute();
}

export async function isUsernameTaken(username: string): Promise<boolean> {
	const row = await db
		.selectFrom("users")
		.select("id")
		.where(sql`username`, "=", sql`${username.trim()} collate nocase`)
		.executeTakeFirst();
	return Boolean(row);
}

/** Why an admin's change to an account was refused (each has a translated message). */
export type AccessChangeError = "notFound" | "selfBlock" | "selfDemote" | "lastAdmin";

export type AccessChange = { status: UserStatus } | { role: UserRole };

/**
 * Blocks/activates a user or changes their role, on behalf of `actorId` (the signed-in admin; null for
 * scripts). Nobody may block or demote themselves, and the last active administrator can never be
 * blocked or demoted, so the site always keeps someone who can run it. The check and the write share one
 * transaction; blocking also ends the user's sessions at once.
 */
export async function changeUserAccess(
	targetId: number,
	change: AccessChange,
	actorId: number | null,
): Promise<{ ok: true; user: User } | { ok: false; error: AccessChangeError }> {
	return db.transaction().execute(async (trx) => {
		const target = await trx.selectFrom("users").selectAll().where("id", "=", targetId).executeTakeFirst();
		if (!target) return { ok: false, error: "notFound" } as const;
		const blocks = "status" in change && change.status === "blocked";
		const demotes = "role" in change && change.role !== "admin";
		if (target.id === actorId && blocks) return { ok: false, error: "selfBlock" } as const;
		if (target.id === actorId && demotes) return { ok: false, error: "selfDemote" } as const;
		if ((blocks || demotes) && target.role === "admin" && target.status === "active") {
			const others = await trx
				.selectFrom("users")
				.select((eb) => eb.fn.countAll<number>().as("n"))
				.where("role", "=", "admin")
				.where("status", "=", "active")
				.where("id", "!=", target.id)
				.executeTakeFirstOrThrow();
			if (Number(others.n) === 0) return { ok: false, error: "lastAdmin" } as const;
		}
		const user = await trx
			.updateTable("users")
			.set({ ...change, updated_at: new Date().toISOString() })
			.where("id", "=", target.id)
			.returningAll()
			.executeTakeFirstOrThrow();
		if (blocks) await trx.deleteFrom("sessions").where("user_id", "=", target.id).execute();
		return { ok: true, user } as const;
	});
}

export async function countAdmins(): Promise<number> {
	const row = await db
		.selectFrom("users")
		.select((eb) => eb.fn.countAll<number>().as("n"))
		.where("role", "=", "admin")
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/**
 * Creates the first administrator when there is none yet (start-up, from ADMIN_USERNAME/ADMIN_PASSWORD).
 * Returns the new admin's username, or null when an admin already exists.
 */
export async function ensureAdmin(input: {
	username: string;
	password: string;
	email?: string;
}): Promise<string | null> {
	if ((await countAdmins()) > 0) return null;
	if (isReservedUsername(input.username)) {
		throw new Error("ADMIN_USERNAME cannot be 'admin': that name is reserved (nobody may sign in with it).");
	}
	const existing = await getUserByLogin(input.username);
	if (existing) {
		await db
			.updateTable("users")
			.set({ role: "admin", status: "active" })
			.where("id", "=", existing.id)
			.execute();
		return existing.username;
	}
	const user = await createUser({
		username: input.username,
		email: input.email ?? `${input.username}@forma.local`,
		phone: null,
		password: input.password,
		role: "admin",
	});
	return user.username;
}
