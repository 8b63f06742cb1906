import { describe, expect, it } from "vitest";
import {
	currentYear,
	formatCalendarDate,
	formatDate,
	formatMegabytes,
	GALLERY_TIME_ZONE,
} from "~/lib/format";
import { seoMeta } from "~/lib/seo";

/** 21:30 UTC on 1 March is already 00:30 on 2 March in Moscow: the day a server in UTC would get wrong. */
const LATE_EVENING_UTC = "2026-03-01T21:30:00.000Z";

describe("dates", () => {
	it("are read on the gallery's clock, whatever zone the server or the browser is in", () => {
		expect(GALLERY_TIME_ZONE).toBe("Europe/Moscow");
		expect(formatDate(LATE_EVENING_UTC, "en")).toBe("2 Mar 2026");
		expect(formatDate(new Date(LATE_EVENING_UTC), "en")).toBe("2 Mar 2026");
		expect(formatDate(LATE_EVENING_UTC, "en", "dateTime")).toBe("2 Mar 2026, 00:30");
	});

	it("are written the English way in English and the Russian way in Russian", () => {
		expect(formatDate(LATE_EVENING_UTC, "ru")).toBe("2 мар. 2026 г.");
		expect(formatDate(LATE_EVENING_UTC, "ru", "dateTime")).toBe("2 мар. 2026 г., 00:30");
		expect(formatCalendarDate("2026-11-01", "en")).toBe("1 November 2026");
		expect(formatCalendarDate("2026-11-01", "ru")).toBe("1 ноября 2026 г.");
	});

	it("give the copyright line the gallery's year on New Year's Eve", () => {
		expect(currentYear(new Date("2025-12-31T22:00:00Z"))).toBe(2026);
		expect(currentYear(new Date("2025-12-31T20:00:00Z"))).toBe(2025);
	});
});

describe("file sizes", () => {
	it("have a decimal point in English and a decimal comma in Russian", () => {
		const bytes = 7.3 * 1024 * 1024;
		expect(formatMegabytes(bytes, "en")).toBe("7.3");
		expect(formatMegabytes(bytes, "ru")).toBe("7,3");
		expect(formatMegabytes(6 * 1024 * 1024, "ru")).toBe("6,0");
	});
});

describe("og:site_name", () => {
	const siteName = (language: "en" | "ru") =>
		seoMeta({ title: "t", description: "d", path: "/", origin: "https://forma.gallery", language }).find(
			(tag) => "property" in tag && tag.property === "og:site_name",
		);

	it("is the brand in the page's language", () => {
		expect(siteName("en")).toEqual({ property: "og:site_name", content: "FORMA" });
		expect(siteName("ru")).toEqual({ property: "og:site_name", content: "ФОРМА" });
	});
});
