import { isIPv6 } from "node:net";
import type { Kysely } from "kysely";
import type { Database } from "~db/schema";
import { getEnv } from "./env.server";

/**
 * Rate limits and growing delays (docs/decisions/0004). Their counters live where every process that
 * serves the site can see them: in memory for the single SQLite process (restarts reset them, which only
 * ever errs towards letting people in), and in the shared `rate_limits` table on Postgres, where several
 * instances serve one site and a limit must hold across them (docs/decisions/0024). The rules are written
 * once, as changes to a counter; a store applies a change to one key atomically.
 */
interface Counter {
	count: number;
	/** A window's start; for a backoff, the last attempt. Milliseconds since 1970. */
	startedAt: number;
}

interface CounterChange<T> {
	/** The counter to keep; null forgets the key. */
	next: Counter | null;
	/** When the kept counter stops meaning anything (it may be forgotten then). */
	expiresAt: number;
	result: T;
}

export interface CounterStore {
	/** Applies `change` to the key's counter, with no other change to that key in between. */
	update<T>(key: string, change: (current: Counter | undefined, now: number) => CounterChange<T>): Promise<T>;
}

/** The counters of one process, forgotten once expired (swept now and then, so the map stays bounded). */
export function memoryCounterStore(): CounterStore {
	const counters = new Map<string, { counter: Counter; expiresAt: number }>();
	let nextSweep = 0;
	return {
		async update(key, change) {
			const now = Date.now();
			if (now >= nextSweep) {
				nextSweep = now + 60_000;
				for (const [name, entry] of counters) if (entry.expiresAt <= now) counters.delete(name);
			}
			const entry = counters.get(key);
			const { next, expiresAt, result } = change(
				entry && entry.expiresAt > now ? entry.counter : undefined,
				now,
			);
			if (next) counters.set(key, { counter: next, expiresAt });
			else counters.delete(key);
			return result;
		},
	};
}

/**
 * Counters in the database's `rate_limits` table (migration 0012), for instances that share it: the key's
 * row is made if missing, then locked (SELECT … FOR UPDATE) for the change, so two instances counting
 * the same key at once take turns. Postgres only (SQLite has no FOR UPDATE, and one process needs none);
 * `database` defaults to the app's. Expired rows are deleted by the hourly purge (deleteExpiredRateLimits).
 */
export function databaseCounterStore(database?: Kysely<Database>): CounterStore {
	return {
		async update(key, change) {
			const db = database ?? (await import("./db.server")).db;
			return db.transaction().execute(async (trx) => {
				await trx
					.insertInto("rate_limits")
					.values({ key, count: 0, started_at: 0, expires_at: 0 })
					.onConflict((conflict) => conflict.column("key").doNothing())
					.execute();
				const row = await trx
					.selectFrom("rate_limits")
					.selectAll()
					.where("key", "=", key)
					.forUpdate()
					.executeTakeFirstOrThrow();
				const now = Date.now();
				const current = row.expires_at > now ? { count: row.count, startedAt: row.started_at } : undefined;
				const { next, expiresAt, result } = change(current, now);
				if (next) {
					await trx
						.updateTable("rate_limits")
						.set({ count: next.count, started_at: next.startedAt, expires_at: expiresAt })
						.where("key", "=", key)
						.execute();
				} else {
					await trx.deleteFrom("rate_limits").where("key", "=", key).execute();
				}
				return result;
			});
		},
	};
}

/** Deletes the counters that mean nothing any more (the hourly purge); memory forgets its own. */
export async function deleteExpiredCounters(now = Date.now()): Promise<number> {
	if (!getEnv().DATABASE_URL) return 0;
	const { db } = await import("./db.server");
	const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", now).executeTakeFirst();
	return Number(result.numDeletedRows);
}

let configuredStore: CounterStore | undefined;

/** Memory for SQLite (one process), the shared table with DATABASE_URL (several instances). */
function defaultStore(): CounterStore {
	configuredStore ??= getEnv().DATABASE_URL ? databaseCounterStore() : memoryCounterStore();
	return configuredStore;
}

export interface RateLimiter {
	/** Counts one attempt for `key`; says whether it is still within the limit. */
	hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
	/** Whether `key` is already over the limit, without counting. */
	isLimited(key: string): Promise<boolean>;
	/** Seconds until `key` may try again (0 when it may now). */
	retryAfterSeconds(key: string): Promise<number>;
	/** Takes back one counted attempt (counted up front, then it turned out not to be a failure). */
	undo(key: string): Promise<void>;
	reset(key: string): Promise<void>;
}

/**
 * A fixed window: at most `limit` attempts per key per `windowMs`. `name` keeps limiters apart in a
 * shared store (two limiters may count the same address).
 */
export function createRateLimiter({
	name,
	limit,
	windowMs,
	store = defaultStore(),
}: {
	name: string;
	limit: number;
	windowMs: number;
	store?: CounterStore;
}): RateLimiter {
	const secondsLeft = (window: Counter, now: number) =>
		Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
	const keep = <T>(next: Counter | null, result: T): CounterChange<T> => ({
		next,
		expiresAt: (next?.startedAt ?? 0) + windowMs,
		result,
	});
	const update = <T>(key: string, change: (window: Counter | undefined, now: number) => CounterChange<T>) =>
		store.update(`${name}:${key}`, change);
	return {
		hit(key) {
			return update(key, (window, now) => {
				const next = { startedAt: window?.startedAt ?? now, count: (window?.count ?? 0) + 1 };
				return keep(next, { allowed: next.count <= limit, retryAfterSeconds: secondsLeft(next, now) });
			});
		},
		isLimited(key) {
			return update(key, (window) => keep(window ?? null, (window?.count ?? 0) >= limit));
		},
		retryAfterSeconds(key) {
			return update(key, (window, now) =>
				keep(window ?? null, window && window.count >= limit ? secondsLeft(window, now) : 0),
			);
		},
		undo(key) {
			return update(key, (window) =>
				keep(window ? { ...window, count: Math.max(0, window.count - 1) } : null, undefined),
			);
		},
		reset(key) {
			return update(key, () => keep(null, undefined));
		},
	};
}

/**
 * Growing delays: a key has `freeFailures` failures for free; after that each new attempt must wait
 * `baseDelayMs` after the previous one, doubling with every further failure up to `maxDelayMs`. Nothing
 * sleeps on the server: an attempt that comes too early is refused with the time left. An attempt is
 * counted when it begins (so a burst of parallel requests cannot all slip through before the first
 * result) and is taken back if it turns out not to be a failure.
 */
export interface Backoff {
	begin(key: string): Promise<BackoffAttempt>;
}

type BackoffAttempt =
	| { allowed: false; retryAfterSeconds: number }
	| {
			allowed: true;
			/** It was not a failure after all (e.g. never checked): take the count back. */
			undo(): Promise<void>;
			/** It succeeded: the key starts from scratch. */
			clear(): Promise<void>;
	  };

export function createBackoff(options: {
	name: string;
	freeFailures: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** A key with no attempt for this long is forgotten. */
	forgetAfterMs: number;
	store?: CounterStore;
}): Backoff {
	const { name, freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs, store = defaultStore() } = options;
	const keep = <T>(next: Counter | null, result: T): CounterChange<T> => ({
		next,
		expiresAt: (next?.startedAt ?? 0) + forgetAfterMs,
		result,
	});
	return {
		async begin(key) {
			const storeKey = `${name}:${key}`;
			const counted = await store.update(storeKey, (entry, now): CounterChange<Counter | number> => {
				const failures = entry?.count ?? 0;
				if (entry && failures >= freeFailures) {
					const delay = Math.min(baseDelayMs * 2 ** (failures - freeFailures), maxDelayMs);
					const waitMs = entry.startedAt + delay - now;
					if (waitMs > 0) return keep(entry, Math.ceil(waitMs / 1000));
				}
				const next = { count: failures + 1, startedAt: now };
				return keep(next, next);
			});
			if (typeof counted === "number") return { allowed: false, retryAfterSeconds: counted };
			const settle = (change: (entry: Counter) => Counter | null) =>
				store.update(storeKey, (entry) => keep(entry ? change(entry) : null, undefined));
			return {
				allowed: true,
				undo: () => settle((entry) => ({ ...entry, count: Math.max(0, entry.count - 1) })),
				clear: () => settle(() => null),
			};
		},
	};
}

/** Thrown when a ConcurrencyLimit's queue is full: the caller answers "too many attempts" (429). */
export class BusyError extends Error {
	override name = "BusyError";
}

/**
 * At most `concurrent` tasks run at once; others wait in line. A caller may refuse to wait behind more
 * than `maxWaiting` others (BusyError), so a burst is turned away at once instead of piling up. A task
 * that goes `first` takes its place ahead of every task that does not, and counts only those like it
 * ahead of it: a crowd of ordinary tasks can delay it by the ones already running, never refuse it.
 */
export interface ConcurrencyLimit {
	run<T>(task: () => Promise<T>, options?: { maxWaiting?: number; first?: boolean }): Promise<T>;
}

export function createConcurrencyLimit(concurrent: number): ConcurrencyLimit {
	let running = 0;
	const waitingFirst: Array<() => void> = [];
	const waiting: Array<() => void> = [];
	const release = () => {
		// Hand the slot straight to the next in line, so a newcomer cannot overtake the queue.
		const next = waitingFirst.shift() ?? waiting.shift();
		if (next) next();
		else running -= 1;
	};
	return {
		async run(task, { maxWaiting = Number.POSITIVE_INFINITY, first = false } = {}) {
			if (running < concurrent) running += 1;
			else {
				const ahead = first ? waitingFirst.length : waitingFirst.length + waiting.length;
				if (ahead >= maxWaiting) throw new BusyError("too many tasks waiting");
				await new Promise<void>((resolve) => (first ? waitingFirst : waiting).push(resolve));
			}
			try {
				return await task();
			} finally {
				release();
			}
		},
	};
}

/**
 * An address as the per-client limits count it: an IPv4 address as it is (an IPv4-mapped IPv6 one as its
 * IPv4 address), an IPv6 one by its /64 network. Anyone with IPv6 is handed a /64 (2^64 addresses), so
 * counting single addresses would let one client rotate through endless fresh allowances.
 */
export function addressKey(address: string): string {
	const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
	if (mapped?.[1]) return mapped[1];
	if (!isIPv6(address)) return address;
	const [head = "", tail = ""] = address.toLowerCase().split("::");
	const headGroups = head ? head.split(":") : [];
	const tailGroups = tail ? tail.split(":") : [];
	// An embedded IPv4 tail (::1.2.3.4) is two groups; only the first four groups matter here anyway.
	const missing = 8 - headGroups.length - tailGroups.length;
	const groups = address.includes("::")
		? [...headGroups, ...Array(Math.max(0, missing)).fill("0"), ...tailGroups]
		: headGroups;
	const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
	return `${network.join(":")}::/64`;
}

/**
 * The client's address as the per-client limits count it (addressKey: an IPv6 client by its /64). The
 * server (app/server/web-adapter.ts) always sets X-Forwarded-For to the address it trusts (the socket's,
 * or the proxy's report with TRUST_PROXY), replacing whatever the client sent.
 */
export function clientAddress(request: Request): string {
	const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
	return forwarded ? addressKey(forwarded) : "unknown";
}
