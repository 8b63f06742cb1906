import { describe, expect, it } from "vitest";
import { isReplyOverdue, splitDuration, workingTimeBetween } from "~/lib/working-time";

const HOUR = 60 * 60 * 1000;
// 2026-11-27 is a Friday; times are written in Moscow time (+03:00).
const at = (moscow: string) => new Date(`${moscow}+03:00`);

describe("a request's wait for its first reply counts Moscow working days", () => {
	it("counts a weekday's hours in full", () => {
		expect(workingTimeBetween(at("2026-11-24T10:00:00"), at("2026-11-25T09:00:00"))).toBe(23 * HOUR);
	});

	it("skips Saturday and Sunday on the gallery's clock, not the server's", () => {
		// Friday 22:00 Moscow is still Friday 19:00 UTC: two hours of Friday, then Monday from midnight.
		expect(workingTimeBetween(at("2026-11-27T22:00:00"), at("2026-11-30T05:00:00"))).toBe(7 * HOUR);
	});

	it("marks an unanswered request after one working day, not before", () => {
		const friday = "2026-11-27T18:00:00+03:00";
		expect(isReplyOverdue(friday, at("2026-11-29T23:00:00"))).toBe(false);
		expect(isReplyOverdue(friday, at("2026-11-30T17:59:00"))).toBe(false);
		expect(isReplyOverdue(friday, at("2026-11-30T18:00:00"))).toBe(true);
		// Made on a Sunday: the day starts counting on Monday at midnight.
		expect(isReplyOverdue("2026-11-29T12:00:00+03:00", at("2026-11-30T23:59:00"))).toBe(false);
		expect(isReplyOverdue("2026-11-29T12:00:00+03:00", at("2026-12-01T00:00:00"))).toBe(true);
	});

	it("splits a span into days, hours and minutes", () => {
		expect(splitDuration(2 * HOUR + 5 * 60_000)).toEqual({ days: 0, hours: 2, minutes: 5 });
		expect(splitDuration(76 * HOUR)).toEqual({ days: 3, hours: 4, minutes: 0 });
	});
});
