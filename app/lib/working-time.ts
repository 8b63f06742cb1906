/**
 * The gallery's working days (issue #37): Monday to Friday on its clock (Moscow time). A request no one has
 * answered within one working day is marked in the list: a request on Friday evening is late on Monday
 * evening, not on Saturday.
 *
 * Moscow keeps UTC+3 all year (no daylight saving since 2014), so a moment's Moscow day is its UTC day
 * three hours on; GALLERY_TIME_ZONE (app/lib/format.ts) names the same zone for display.
 */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One working day: what a request may wait for its first reply. */
export const REPLY_WITHIN_MS = DAY_MS;

function isWorkingDay(moscowDayStart: number): boolean {
	const weekday = new Date(moscowDayStart).getUTCDay();
	return weekday !== 0 && weekday !== 6;
}

/**
 * The working time between two moments (milliseconds of Monday–Friday, Moscow time), counted up to `cap`
 * (the caller only needs to know whether a limit is reached, so a years-old request costs no more).
 */
export function workingTimeBetween(start: Date, end: Date, cap = Number.POSITIVE_INFINITY): number {
	let from = start.getTime() + MOSCOW_OFFSET_MS;
	const to = end.getTime() + MOSCOW_OFFSET_MS;
	let total = 0;
	while (from < to && total < cap) {
		const dayStart = Math.floor(from / DAY_MS) * DAY_MS;
		const dayEnd = Math.min(dayStart + DAY_MS, to);
		if (isWorkingDay(dayStart)) total += dayEnd - from;
		from = dayEnd;
	}
	return Math.min(total, cap);
}

/** Whether a request made at `createdAt` and still unanswered at `now` has waited over one working day. */
export function isReplyOverdue(createdAt: string, now: Date = new Date()): boolean {
	return workingTimeBetween(new Date(createdAt), now, REPLY_WITHIN_MS) >= REPLY_WITHIN_MS;
}

/** A span split for display: "3 min", "2 h 5 min", "3 d 4 h" (the texts are the caller's). */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number } {
	const minutes = Math.max(0, Math.floor(ms / 60_000));
	return {
		days: Math.floor(minutes / 1440),
		hours: Math.floor((minutes % 1440) / 60),
		minutes: minutes % 60,
	};
}
