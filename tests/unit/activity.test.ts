import { describe, expect, it } from "vitest";
import {
	changedExcerpts,
	diffSnapshots,
	galleryChange,
	imageChange,
	parseChanges,
	shorten,
	snapshotOf,
} from "~/lib/activity";

describe("the audit trail's snapshots and differences", () => {
	it("keeps only the recorded fields, flags as booleans", () => {
		const snapshot = snapshotOf("user", {
			id: 4,
			username: "anna",
			email: "anna@example.com",
			phone: null,
			password_hash: "$argon2id$v=19$secret",
			role: "admin",
			status: "active",
			updated_at: "2026-01-01T00:00:00.000Z",
		});
		expect(snapshot).toEqual({
			username: "anna",
			email: "anna@example.com",
			phone: null,
			role: "admin",
			status: "active",
		});
		expect(snapshotOf("slide", { is_active: 1, title_en: "A" })).toEqual({ title_en: "A", is_active: true });
	});

	it("lists what differs, what a new thing was given and what a deleted one had, leaving out empties", () => {
		const before = { name: "Oak", price: 100, link: null, featured: false, gallery: ["a", "b"] };
		const after = { name: "Elm", price: 100, link: null, featured: true, gallery: ["b", "a"] };
		expect(diffSnapshots(before, after)).toEqual([
			{ field: "name", before: "Oak", after: "Elm" },
			{ field: "featured", before: false, after: true },
			{ field: "gallery", before: ["a", "b"], after: ["b", "a"] },
		]);
		expect(diffSnapshots(before, before)).toEqual([]);
		expect(diffSnapshots(null, before)).toEqual([
			{ field: "name", before: null, after: "Oak" },
			{ field: "price", before: null, after: 100 },
			{ field: "gallery", before: null, after: ["a", "b"] },
		]);
		expect(diffSnapshots(after, null).map((change) => change.field)).toEqual([
			"name",
			"price",
			"featured",
			"gallery",
		]);
	});

	it("reads a row's changes back, dropping anything malformed", () => {
		expect(parseChanges('[{"field":"name","before":"a","after":"b"},{"field":3},"x"]')).toEqual([
			{ field: "name", before: "a", after: "b" },
		]);
		expect(parseChanges("not json")).toEqual([]);
		expect(parseChanges('{"field":"name"}')).toEqual([]);
	});
});

describe("how changes read on the screen", () => {
	it("shortens a long text at a word", () => {
		const text = "word ".repeat(60).trim();
		const short = shorten(text, 40);
		expect(short.endsWith("…")).toBe(true);
		expect(short.length).toBeLessThanOrEqual(41);
		expect(short).not.toMatch(/ …$/);
		expect(shorten("short", 40)).toBe("short");
	});

	it("shows a long text around the words that changed, not its first lines twice", () => {
		const opening = "A chair of solid oak, steamed and bent by hand in the workshop of the studio, ";
		const closing = " finished with hard wax oil and signed underneath by the maker who built it.";
		const [before, after] = changedExcerpts(
			`${opening}upholstered in grey wool${closing}`,
			`${opening}upholstered in green linen${closing}`,
		);
		expect(before).toContain("grey wool");
		expect(after).toContain("green linen");
		expect(before.startsWith("…")).toBe(true);
		expect(after.endsWith("…")).toBe(true);
		expect(after.length).toBeLessThan(130);
		// Short texts stay whole.
		expect(changedExcerpts("Milan", "Turin")).toEqual(["Milan", "Turin"]);
	});

	it("counts a gallery's additions, removals and reordering; names an image's fate", () => {
		expect(galleryChange(["a", "b", "c"], ["c", "b", "d"])).toEqual({
			before: 3,
			after: 3,
			added: 1,
			removed: 1,
			reordered: true,
		});
		expect(galleryChange(["a", "b"], ["a", "b", "c"])).toMatchObject({
			added: 1,
			removed: 0,
			reordered: false,
		});
		expect(galleryChange(null, ["a"])).toMatchObject({ before: 0, after: 1, added: 1 });
		expect(imageChange(null, "x.webp")).toBe("added");
		expect(imageChange("x.webp", null)).toBe("removed");
		expect(imageChange("x.webp", "y.webp")).toBe("replaced");
	});
});
