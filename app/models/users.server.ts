import { type Kysely, sql } from "kysely";
import { snapshotOf } from "~/lib/activity";
import { pageWindow, type SortDirection } from "~/lib/admin-list";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import { hashPassword } from "~/lib/password.server";
import {
	isReservedUsername,
	normaliseUsername,
	USERNAME_PROBLEM_TEXT,
	usernameFromEmail,
	usernameProblem,
} from "~/lib/usernames";
import { foldForSearch } from "~db/connection";
import { uniqueViolation } from "~db/dialect";
import type { Database, User, UserRole, UserStatus } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";
import { EditConflictError, nextVersion } from "./edit-conflicts.server";
import { revokeEmailTokens } from "./email-tokens.server";
import { claimFormToken, settleFormToken } from "./form-submissions.server";

/** Finds a user by username or e-mail, ignoring case (as the unique indexes do). */
export async function getUserByLogin(login: string): Promise<User | undefined> {
	const value = normaliseUsername(login);
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

/** The language of the account that uses `email` (mail to that address is written in it), if there is one. */
export async function getLanguageOfAddress(
	email: string,
	executor: Kysely<Database> = db,
): Promise<Language | undefined> {
	const row = await executor
		.selectFrom("users")
		.select("language")
		.where(sql`email`, "=", sql`${email.trim()} collate nocase`)
		.executeTakeFirst();
	return row?.language;
}

/** Remembers the language someone used the site in (at sign-in, registration …): their mail follows it. */
export async function setUserLanguage(userId: number, language: Language): Promise<void> {
	await db
		.updateTable("users")
		.set({ language })
		.where("id", "=", userId)
		.where("language", "!=", language)
		.execute();
}

/** Finds a user by username only (never by e-mail), ignoring case. */
export async function getUserByUsername(username: string): Promise<User | undefined> {
	return db
		.selectFrom("users")
		.selectAll()
		.where(sql`username`, "=", sql`${normaliseUsername(username)} collate nocase`)
		.executeTakeFirst();
}

export async function getUserById(id: number): Promise<User | undefined> {
	return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export class EmailTakenError extends Error {
	override name = "EmailTakenError";
}

export class UsernameTakenError extends Error {
	override name = "UsernameTakenError";
}

/**
 * A UNIQUE violation on users (another process, e.g. `npm run user:create`, won the race between our check
 * and our insert) as the field error it stands for; anything else unchanged.
 */
function asTakenError(error: unknown): unknown {
	const column = uniqueViolation(error);
	if (column === "users.email") return new EmailTakenError("This email is already registered");
	if (column === "users.username") return new UsernameTakenError("This username is taken");
	return error;
}

/** `value` as a LIKE prefix pattern: its own % and _ match only themselves. */
function likePrefix(value: string): string {
	return `${value.replace(/[%_\\]/g, "\\$&")}%`;
}

export interface NewUserInput {
	email: string;
	phone: string | null;
	password: string;
	role?: UserRole;
	/**
	 * A chosen username, used as given (a taken one is a UsernameTakenError). Without it the name is the
	 * e-mail's local part, and a taken one gets a numeric suffix (anna, anna2, anna3…).
	 */
	username?: string;
	/** The language their mail is written in (the page's, at registration). */
	language?: Language;
	/** The address counts as confirmed from the start (an administrator made by the operator vouches for it). */
	emailVerified?: boolean;
	/** It signs in only once its address is confirmed (registration's accounts: docs/decisions/0017). */
	confirmBeforeSignIn?: boolean;
	/** The administrator who adds the account on /admin/users: recorded in the audit trail with it. */
	createdBy?: Actor;
	/** The form's one-time token, used in the same transaction (a repeated post adds nobody). */
	claim?: FormClaim<User>;
}

/**
 * Creates a user with a hashed password. The username is made unique inside the same transaction; a
 * taken e-mail or chosen username is an EmailTakenError / UsernameTakenError, never a crash. `andThen`
 * runs in that transaction with the new user (e.g. to queue the mail the account causes): if it fails,
 * no account exists.
 */
export async function createUser(
	input: NewUserInput,
	andThen?: (trx: Kysely<Database>, user: User) => Promise<void>,
): Promise<User> {
	const passwordHash = await hashPassword(input.password);
	const chosen = input.username === undefined ? undefined : normaliseUsername(input.username);
	const base = chosen ?? usernameFromEmail(input.email);
	const email = input.email.trim();
	try {
		return await db.transaction().execute(async (trx) => {
			await claimFormToken(trx, input.claim);
			const emailTaken = await trx
				.selectFrom("users")
				.select("id")
				.where(sql`email`, "=", sql`${email} collate nocase`)
				.executeTakeFirst();
			if (emailTaken) throw new EmailTakenError("This email is already registered");
			// Case-insensitive like the unique index (lower() on both sides: Postgres's LIKE minds case, and its
			// nocase reaches beyond ASCII); ESCAPE makes "_" in "a_b" literal.
			const similar = await trx
				.selectFrom("users")
				.select("username")
				.where(sql<boolean>`lower(username) like lower(${likePrefix(base)}) escape '\\'`)
				.execute();
			const taken = new Set(similar.map((row) => row.username.toLowerCase()));
			if (chosen !== undefined && taken.has(chosen.toLowerCase())) {
				throw new UsernameTakenError("This username is taken");
			}
			let username = base;
			for (let suffix = 2; taken.has(username.toLowerCase()) || isReservedUsername(username); suffix++) {
				username = `${base}${suffix}`;
			}
			const user = await trx
				.insertInto("users")
				.values({
					username,
					email,
					phone: input.phone,
					password_hash: passwordHash,
					role: input.role ?? "user",
					language: input.language,
					email_verified_at: input.emailVerified ? new Date().toISOString() : null,
					confirm_before_sign_in: input.confirmBeforeSignIn ? 1 : 0,
				})
				.returningAll()
				.executeTakeFirstOrThrow();
			await recordActivity(trx, input.createdBy, {
				entity: "user",
				entityId: user.id,
				label: user.username,
				action: "created",
				before: null,
				after: snapshotOf("user", user),
				version: user.version,
			});
			await andThen?.(trx, user);
			await settleFormToken(trx, input.claim, user);
			return user;
		});
	} catch (error) {
		throw asTakenError(error);
	}
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

/** The account that uses `email`, ignoring case (as the unique index does), if there is one. */
export async function findUserByEmail(
	email: string,
	executor: Kysely<Database> = db,
): Promise<User | undefined> {
	return executor
		.selectFrom("users")
		.selectAll()
		.where(sql`email`, "=", sql`${email.trim()} collate nocase`)
		.executeTakeFirst();
}

/**
 * A new password set through a reset link (pass the transaction that used the link): every session of
 * the user ends, and the address the link went to counts as verified if it still is the account's.
 */
export async function setPasswordFromReset(
	executor: Kysely<Database>,
	input: { userId: number; passwordHash: string; email: string },
): Promise<void> {
	const now = new Date().toISOString();
	await executor
		.updateTable("users")
		.set({ password_hash: input.passwordHash, updated_at: now })
		.where("id", "=", input.userId)
		.execute();
	await executor
		.updateTable("users")
		.set({ email_verified_at: now })
		.where("id", "=", input.userId)
		.where("email_verified_at", "is", null)
		.where(sql`email`, "=", sql`${input.email} collate nocase`)
		.execute();
	await executor.deleteFrom("sessions").where("user_id", "=", input.userId).execute();
}

/**
 * The account's address counts as confirmed from `now` (pass the transaction that used the link; an earlier
 * confirmation keeps its date), and every session of the account ends but `keepSessionId`, when given.
 */
export async function confirmUserEmail(
	executor: Kysely<Database>,
	input: { userId: number; now: Date; keepSessionId?: string | null },
): Promise<User> {
	const user = await executor
		.updateTable("users")
		.set({ email_verified_at: sql<string>`coalesce(email_verified_at, ${input.now.toISOString()})` })
		.where("id", "=", input.userId)
		.returningAll()
		.executeTakeFirstOrThrow();
	let others = executor.deleteFrom("sessions").where("user_id", "=", user.id);
	if (input.keepSessionId) others = others.where("id", "!=", input.keepSessionId);
	await others.execute();
	return user;
}

/** The username of account `id`, if it exists. */
export async function getUsernameById(
	id: number,
	executor: Kysely<Database> = db,
): Promise<string | undefined> {
	const row = await executor.selectFrom("users").select("username").where("id", "=", id).executeTakeFirst();
	return row?.username;
}

/** Blocking a user ends their sessions at once and uses up their mailed links (same transaction). */
export async function setUserStatus(userId: number, status: UserStatus): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await trx
			.updateTable("users")
			.set({ status, updated_at: new Date().toISOString(), version: nextVersion })
			.where("id", "=", userId)
			.execute();
		if (status === "blocked") {
			await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
			await revokeEmailTokens(trx, userId);
		}
	});
}

export const USER_SORTS = ["id", "username", "email", "role", "status"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The column each sort key orders by: a whitelist, so no client string ever reaches the SQL. */
const USER_ORDER = {
	id: sql`users.id`,
	username: sql`search_fold(users.username)`,
	email: sql`search_fold(users.email)`,
	role: sql`users.role`,
	status: sql`users.status`,
} satisfies Record<UserSort, unknown>;

/**
 * The users screen, one page at a time and without password hashes: `query` matches the username, e-mail
 * or phone, ignoring case (Cyrillic too); sorted by a whitelisted column (by id unless told).
 */
export async function listUsers(
	options: { query?: string; sort?: UserSort; direction?: SortDirection; page?: number } = {},
) {
	let query = db.selectFrom("users");
	const text = options.query?.trim();
	if (text) {
		query = query.where(
			sql<number>`instr(search_fold(users.username || ' ' || users.email || ' ' || coalesce(users.phone, '')), ${foldForSearch(text)})`,
			">",
			0,
		);
	}
	const { total } = await query
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const window = pageWindow(Number(total), options.page ?? 1);
	const sort = USER_SORTS.includes(options.sort as UserSort) ? (options.sort as UserSort) : "id";
	const direction = options.direction === "desc" ? sql`desc` : sql`asc`;
	const rows = await query
		.select(["id", "username", "email", "phone", "role", "status", "created_at", "version"])
		.orderBy(sql`${USER_ORDER[sort]} ${direction}`)
		.orderBy("users.id")
		.limit(window.limit)
		.offset(window.offset)
		.execute();
	return { rows, total: Number(total), page: window.page, pageCount: window.pageCount };
}

/** Why an admin's change to an account was refused (each has a translated message). */
export type AccessChangeError = "notFound" | "selfBlock" | "selfDemote" | "lastAdmin";

export type AccessChange = { status: UserStatus } | { role: UserRole };

/**
 * Blocks/activates a user or changes their role, on behalf of `actor` (the signed-in admin; null for
 * scripts). Nobody may block or demote themselves, and the last active administrator can never be
 * blocked or demoted, so the site always keeps someone who can run it. The check, the write and its row in
 * the audit trail share one transaction; blocking also ends the user's sessions at once and uses up the
 * links mailed to them (reset, verification). With `version` (the one the row's form was shown with) it
 * changes only that version: EditConflictError, and nothing written, when someone changed the account's
 * role or status since.
 */
export async function changeUserAccess(
	targetId: number,
	change: AccessChange,
	actor: Actor | null,
	version?: number,
): Promise<{ ok: true; user: User } | { ok: false; error: AccessChangeError }> {
	return db.transaction().execute(async (trx) => {
		const target = await trx.selectFrom("users").selectAll().where("id", "=", targetId).executeTakeFirst();
		if (!target) return { ok: false, error: "notFound" } as const;
		// Early, so a stale form is told what changed rather than a rule it may no longer break.
		if (version !== undefined && target.version !== version) throw new EditConflictError();
		// Setting what is already set changes nothing, the version included.
		const already = "status" in change ? change.status === target.status : change.role === target.role;
		if (already) return { ok: true, user: target } as const;
		const blocks = "status" in change && change.status === "blocked";
		const demotes = "role" in change && change.role !== "admin";
		if (target.id === actor?.id && blocks) return { ok: false, error: "selfBlock" } as const;
		if (target.id === actor?.id && demotes) return { ok: false, error: "selfDemote" } as const;
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
		let save = trx
			.updateTable("users")
			.set({ ...change, updated_at: new Date().toISOString(), version: nextVersion })
			.where("id", "=", target.id);
		if (version !== undefined) save = save.where("version", "=", version);
		const user = await save.returningAll().executeTakeFirst();
		if (!user) throw new EditConflictError();
		if (blocks) {
			await trx.deleteFrom("sessions").where("user_id", "=", target.id).execute();
			// A link mailed before the block must not work once the account is unblocked.
			await revokeEmailTokens(trx, target.id);
		}
		await recordActivity(trx, actor ?? undefined, {
			entity: "user",
			entityId: user.id,
			label: user.username,
			action: "status" in change ? "status_changed" : "role_changed",
			before: snapshotOf("user", target),
			after: snapshotOf("user", user),
			version: user.version,
		});
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

/** Why start-up refuses ADMIN_USERNAME / ADMIN_PASSWORD; the message tells the operator what to do. */
export class AdminBootstrapError extends Error {
	override name = "AdminBootstrapError";
}

/**
 * Creates the first administrator when there is none yet (start-up, from ADMIN_USERNAME/ADMIN_PASSWORD).
 * Returns the new admin's username, or null when nothing had to be created. The name is matched as a
 * username only (never as an e-mail), and an existing account that is not an administrator is never
 * promoted: whoever registered it chose its password, so start-up refuses instead.
 */
export async function ensureAdmin(input: {
	username: string;
	password: string;
	email?: string;
}): Promise<string | null> {
	const username = normaliseUsername(input.username);
	const problem = usernameProblem(username);
	if (problem)
		throw new AdminBootstrapError(`ADMIN_USERNAME "${input.username}": ${USERNAME_PROBLEM_TEXT[problem]}.`);
	const existing = await getUserByUsername(username);
	if (existing && existing.role === "admin") return null;
	if (existing) {
		throw new AdminBootstrapError(
			`ADMIN_USERNAME "${username}" is an existing account that is not an administrator, so its password ` +
				"was not set by you. FORMA will not promote it. Choose another ADMIN_USERNAME, or, if you trust " +
				"that account, make it an administrator on /admin/users and remove ADMIN_USERNAME/ADMIN_PASSWORD.",
		);
	}
	if ((await countAdmins()) > 0) return null;
	const email = input.email ?? `${username}@forma.local`;
	try {
		// The operator chose this address: it counts as confirmed.
		const user = await createUser({
			username,
			email,
			phone: null,
			password: input.password,
			role: "admin",
			emailVerified: true,
		});
		return user.username;
	} catch (error) {
		if (error instanceof EmailTakenError) {
			throw new AdminBootstrapError(
				`ADMIN_EMAIL "${email}" already belongs to another account. Set ADMIN_EMAIL to an address no account uses.`,
			);
		}
		throw error;
	}
}
