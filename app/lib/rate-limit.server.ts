/**
 * Fixed-window counters in memory: the site runs as one process, so memory is the simplest shared place.
 * Counters reset on restart, which only ever errs towards letting people in.
 */
export interface RateLimiter {
	/** Counts one attempt for `key`; says whether it is still within the limit. */
	hit(key: string): { allowed: boolean; retryAfterSeconds: number };
	/** Whether `key` is already over the limit, without counting. */
	isLimited(key: string): boolean;
	reset(key: string): void;
}

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
	return {
		hit(key) {
			const now = Date.now();
			sweep(now);
			const window = current(key, now) ?? { start: now, count: 0 };
			window.count += 1;
			windows.set(key, window);
			const retryAfterSeconds = Math.ceil((window.start + windowMs - now) / 1000);
			return { allowed: window.count <= limit, retryAfterSeconds };
		},
		isLimited(key) {
			return (current(key, Date.now())?.count ?? 0) >= limit;
		},
		reset(key) {
			windows.delete(key);
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
