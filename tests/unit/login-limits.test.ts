import { afterEach, describe, expect, it, vi } from "vitest";
import {
	BusyError,
	createBackoff,
	createConcurrencyLimit,
	createRateLimiter,
	memoryCounterStore,
} from "~/lib/rate-limit.server";

afterEach(() => {
	vi.useRealTimers();
});

describe("growing delays per key", () => {
	it("login limit: five free failures, then waits of 1 s, 2 s, 4 s … answered with the time left", async () => {
		vi.useFakeTimers();
		const backoff = createBackoff({
			name: "pair",
			store: memoryCounterStore(),
			freeFailures: 5,
			baseDelayMs: 1000,
			maxDelayMs: 8000,
			forgetAfterMs: 3_600_000,
		});
		for (let i = 0; i < 5; i++) expect((await backoff.begin("pair")).allowed).toBe(true);
		expect(await backoff.begin("pair")).toEqual({ allowed: false, retryAfterSeconds: 1 });
		vi.advanceTimersByTime(1000);
		expect((await backoff.begin("pair")).allowed).toBe(true);
		expect(await backoff.begin("pair")).toEqual({ allowed: false, retryAfterSeconds: 2 });
		vi.advanceTimersByTime(2000);
		expect((await backoff.begin("pair")).allowed).toBe(true);
		expect(await backoff.begin("pair")).toEqual({ allowed: false, retryAfterSeconds: 4 });
		// Capped at maxDelayMs.
		for (const wait of [4000, 8000, 8000]) {
			vi.advanceTimersByTime(wait);
			expect((await backoff.begin("pair")).allowed).toBe(true);
		}
		expect(await backoff.begin("pair")).toEqual({ allowed: false, retryAfterSeconds: 8 });
		// Another key is untouched.
		expect((await backoff.begin("other pair")).allowed).toBe(true);
	});

	it("login limit skipped by parallel requests: attempts count when they begin; undo and clear settle them", async () => {
		const backoff = createBackoff({
			name: "pair",
			store: memoryCounterStore(),
			freeFailures: 2,
			baseDelayMs: 60_000,
			maxDelayMs: 60_000,
			forgetAfterMs: 3_600_000,
		});
		const first = await backoff.begin("pair");
		const second = await backoff.begin("pair");
		// Two in flight, none finished: a third already waits.
		expect((await backoff.begin("pair")).allowed).toBe(false);
		if (!first.allowed || !second.allowed) throw new Error("expected both to begin");
		await second.undo();
		const third = await backoff.begin("pair");
		expect(third.allowed).toBe(true);
		if (third.allowed) await third.clear();
		expect((await backoff.begin("pair")).allowed).toBe(true);
		expect((await backoff.begin("pair")).allowed).toBe(true);
	});
});

describe("fixed window", () => {
	it("undo takes a counted attempt back", async () => {
		const limiter = createRateLimiter({
			name: "address",
			limit: 2,
			windowMs: 60_000,
			store: memoryCounterStore(),
		});
		await limiter.hit("address");
		await limiter.hit("address");
		expect(await limiter.isLimited("address")).toBe(true);
		expect(await limiter.retryAfterSeconds("address")).toBeGreaterThan(0);
		await limiter.undo("address");
		expect(await limiter.isLimited("address")).toBe(false);
		expect(await limiter.retryAfterSeconds("address")).toBe(0);
	});
});

describe("password-check cap", () => {
	it("password-check flood: at most two run at once, a bounded line waits, the rest are turned away", async () => {
		const limit = createConcurrencyLimit(2);
		let running = 0;
		let most = 0;
		const gates: Array<() => void> = [];
		const task = () =>
			new Promise<string>((resolve) => {
				running += 1;
				most = Math.max(most, running);
				gates.push(() => {
					running -= 1;
					resolve("done");
				});
			});
		const accepted = Array.from({ length: 5 }, () => limit.run(task, { maxWaiting: 3 }));
		const refused = limit.run(task, { maxWaiting: 3 });
		await expect(refused).rejects.toBeInstanceOf(BusyError);
		// Let everything finish, one gate at a time.
		while (gates.length > 0 || running > 0) {
			gates.shift()?.();
			await new Promise((resolve) => setImmediate(resolve));
		}
		expect(await Promise.all(accepted)).toEqual(["done", "done", "done", "done", "done"]);
		expect(most).toBe(2);
	});

	it("sign-in starvation: a crowd of other password checks neither refuses a sign-in nor makes it wait its turn", async () => {
		const limit = createConcurrencyLimit(1);
		const order: string[] = [];
		const gates: Array<() => void> = [];
		const task = (name: string) => () =>
			new Promise<void>((resolve) => {
				order.push(name);
				gates.push(resolve);
			});
		// One check runs, 40 ordinary ones wait (the line an account's guesses made).
		const crowd = Array.from({ length: 41 }, (_, i) => limit.run(task(`form-${i}`)));
		// A form check that would wait behind 8 others is refused; a sign-in is not, and goes next.
		await expect(limit.run(task("form-late"), { maxWaiting: 8 })).rejects.toBeInstanceOf(BusyError);
		const signIn = limit.run(task("sign-in"), { first: true, maxWaiting: 16 });
		gates.shift()?.();
		await new Promise((resolve) => setImmediate(resolve));
		expect(order.slice(0, 2)).toEqual(["form-0", "sign-in"]);
		// Sign-ins count only each other: the 17th waiting sign-in is refused.
		const signIns = Array.from({ length: 16 }, () =>
			limit.run(task("another sign-in"), { first: true, maxWaiting: 16 }),
		);
		await expect(limit.run(task("one too many"), { first: true, maxWaiting: 16 })).rejects.toBeInstanceOf(
			BusyError,
		);
		while (gates.length > 0) {
			gates.shift()?.();
			await new Promise((resolve) => setImmediate(resolve));
		}
		await Promise.all([signIn, ...signIns, ...crowd]);
		expect(order.slice(2, 18).every((name) => name === "another sign-in")).toBe(true);
	});
});
