import type { RequestOutcome } from "~db/schema";
import { GALLERY_TIME_ZONE } from "./format";

/**
 * Holds and offers (issue #37, docs/decisions/0036), the part pages and the server share. Staff choose a
 * calendar day, read in the gallery's time (Moscow), and a hold or an offer lasts to the end of that day.
 * Browser-safe.
 */

/** How a request can be closed: "sold" marks the piece sold. */
export const REQUEST_OUTCOMES = [
	"sold",
	"declined_price",
	"declined_timing",
	"declined_otherwise",
	"no_answer",
	"unavailable",
] as const satisfies readonly RequestOutcome[];

/** A hold lasts this many days unless staff choose another date; so does the hold an accepted offer makes. */
export const DEFAULT_HOLD_DAYS = 7;
/** An offer is open this many days unless staff choose another date. */
export const DEFAULT_OFFER_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const galleryDay = new Intl.DateTimeFormat("en-CA", {
	timeZone: GALLERY_TIME_ZONE,
	year: "numeric",
	month: "2-digit",
	day: "2-digit",
});
const galleryClock = new Intl.DateTimeFormat("en-GB", {
	timeZone: GALLERY_TIME_ZONE,
	hourCycle: "h23",
	year: "numeric",
	month: "2-digit",
	day: "2-digit",
	hour: "2-digit",
	minute: "2-digit",
	second: "2-digit",
});

/** The calendar day (YYYY-MM-DD) it is in the gallery at `moment`. */
export function galleryDate(moment: Date): string {
	return galleryDay.format(moment);
}

/** The gallery's calendar day `days` days after `now` (the forms' default dates). */
export function galleryDateInDays(now: Date, days: number): string {
	return galleryDate(new Date(now.getTime() + days * DAY_MS));
}

/** How far the gallery's wall clock is ahead of UTC at `moment`, in ms. */
function galleryOffsetMs(moment: Date): number {
	const parts = Object.fromEntries(galleryClock.formatToParts(moment).map((part) => [part.type, part.value]));
	const wall = Date.UTC(
		Number(parts.year),
		Number(parts.month) - 1,
		Number(parts.day),
		Number(parts.hour),
		Number(parts.minute),
		Number(parts.second),
	);
	return wall - Math.floor(moment.getTime() / 1000) * 1000;
}

/**
 * The last moment of calendar day `day` (YYYY-MM-DD) in the gallery, or null when `day` is not a real date.
 */
export function endOfGalleryDay(day: string): Date | null {
	const match = CALENDAR_DAY.exec(day.trim());
	if (!match) return null;
	const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const wallEnd = Date.UTC(year, month - 1, date, 23, 59, 59, 999);
	const check = new Date(Date.UTC(year, month - 1, date));
	if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
		return null;
	return new Date(wallEnd - galleryOffsetMs(new Date(wallEnd)));
}
