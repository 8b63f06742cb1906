import { describe, expect, it } from "vitest";
import { endOfGalleryDay, galleryDate, galleryDateInDays } from "~/lib/sale";

/*
 * Holds and offers last to the end of a calendar day in the gallery's time (Moscow), whatever zone the
 * server runs in (docs/decisions/0036): "until 5 December" is 5 December 23:59:59.999 Moscow.
 */
describe("the dates of holds and offers", () => {
	it("end at the last moment of the Moscow day", () => {
		expect(endOfGalleryDay("2026-12-05")?.toISOString()).toBe("2026-12-05T20:59:59.999Z");
		expect(galleryDate(endOfGalleryDay("2026-12-05") as Date)).toBe("2026-12-05");
	});

	it("refuse days that are not dates", () => {
		expect(endOfGalleryDay("2026-02-30")).toBeNull();
		expect(endOfGalleryDay("05.12.2026")).toBeNull();
		expect(endOfGalleryDay("")).toBeNull();
	});

	it("count days from the gallery's today, not the server's", () => {
		// 22:30 in London on 28 November is already 29 November in Moscow.
		const lateEvening = new Date("2026-11-28T22:30:00Z");
		expect(galleryDate(lateEvening)).toBe("2026-11-29");
		expect(galleryDateInDays(lateEvening, 7)).toBe("2026-12-06");
	});
});
