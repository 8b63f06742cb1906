/**
 * Counters in memory: the site runs as one process, so memory is the simplest shared place. Counters
 * reset on restart, which only ever errs towards letting people in.
 */
export interface RateLimiter {
	/** Counts one attempt for `key`; says whether it is still within the limit. */
	hit(key: string): { allowed: boolean; retryAfterSeconds: number };
	/** Whether `key` is already over the limit, without counting. */
	isLimited(key: string): boolean;
	/** Seconds until `key` may try again (0 when it may now). */
	retryAfterSeconds(key: string): number;
	/** Takes back one counted attempt (counted up front, then it turned out not to be a failure). */
	undo(key: string): void;
	reset(key: string): void;
}

/** A fixed window: at most `limit` attempts per key per `windowMs`. */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
	const windows = new Map<string, { start: number; count: number }>();
	const current = (key: string, now: number) => {
		const window = windows.get(key);
		if (!window || now - window.start >= windowMs) return undefined;
		return window;
	};
	// Forget expired windows now and then, so the map cannot grow without bound.
	let lastSweep = Date.now();
	const sweep = (now: number) => {
		if (now - lastSweep < windowMs) return;
		lastSweep = now;
		for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
	};
	const secondsLeft = (window: { start: number }, now: number) =>
		Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
	return {
		hit(key) {
			const now = Date.now();
			sweep(now);
			const window = current(key, now) ?? { start: now, count: 0 };
			window.count += 1;
			windows.set(key, window);
			return { allowed: window.count <= limit, retryAfterSeconds: secondsLeft(window, now) };
		},
		isLimited(key) {
			return (current(key, Date.now())?.count ?? 0) >= limit;
		},
		retryAfterSeconds(key) {
			const now = Date.now();
			const window = current(key, now);
			return window && window.count >= limit ? secondsLeft(window, now) : 0;
		},
		undo(key) {
			const window = current(key, Date.now());
			if (window && window.count > 0) window.count -= 1;
		},
		reset(key) {
			windows.delete(key);
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
	begin(key: string): BackoffAttempt;
}

type BackoffAttempt =
	| { allowed: false; retryAfterSeconds: number }
	| {
			allowed: true;
			/** It was not a failure after all (e.g. never checked): take the count back. */
			undo(): void;
			/** It succeeded: the key starts from scratch. */
			clear(): void;
	  };

export function createBackoff(options: {
	freeFailures: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** A key with no attempt for this long is forgotten. */
	forgetAfterMs: number;
}): Backoff {
	const { freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs } = options;
	const entries = new Map<string, { failures: number; lastAt: number }>();
	let lastSweep = Date.now();
	const sweep = (now: number) => {
		if (now - lastSweep < forgetAfterMs) return;
		lastSweep = now;
		for (const [key, entry] of entries) if (now - entry.lastAt >= forgetAfterMs) entries.delete(key);
	};
	return {
		begin(key) {
			const now = Date.now();
			sweep(now);
			let entry = entries.get(key);
			if (entry && now - entry.lastAt >= forgetAfterMs) entry = undefined;
			entry ??= { failures: 0, lastAt: now };
			if (entry.failures >= freeFailures) {
				const delay = Math.min(baseDelayMs * 2 ** (entry.failures - freeFailures), maxDelayMs);
				const waitMs = entry.lastAt + delay - now;
				if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
			}
			entry.failures += 1;
			entry.lastAt = now;
			entries.set(key, entry);
			const counted = entry;
			return {
				allowed: true,
				undo() {
					if (counted.failures > 0) counted.failures -= 1;
				},
				clear() {
					if (entries.get(key) === counted) entries.delete(key);
				},
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
 * than `maxWaiting` others (BusyError), so a burst is turned away at once instead of piling up.
 */
export interface ConcurrencyLimit {
	run<T>(task: () => Promise<T>, options?: { maxWaiting?: number }): Promise<T>;
}

export function createConcurrencyLimit(concurrent: number): ConcurrencyLimit {
	let running = 0;
	const waiting: Array<() => void> = [];
	const release = () => {
		// Hand the slot straight to the next in line, so a newcomer cannot overtake the queue.
		const next = waiting.shift();
		if (next) next();
		else running -= 1;
	};
	return {
		async run(task, { maxWaiting = Number.POSITIVE_INFINITY } = {}) {
			if (running < concurrent) running += 1;
			else if (waiting.length >= maxWaiting) throw new BusyError("too many tasks waiting");
			else await new Promise<void>((resolve) => waiting.push(resolve));
			try {
				return await task();
			} finally {
				release();
			}
		},
	};
}

/**
 * The client's address. The server (app/server.ts) always sets X-Forwarded-For to the address it trusts
 * (the socket's, or the proxy's report with TRUST_PROXY), replacing whatever the client sent.
 */
export function clientAddress(request: Request): string {
	const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
	return forwarded || "unknown";
}
