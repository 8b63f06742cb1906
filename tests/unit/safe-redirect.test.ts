import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
	it("keeps paths on this site, with their query and hash", () => {
		expect(safeRedirectPath("/art")).toBe("/art");
		expect(safeRedirectPath("/shop?category=art&page=2#grid")).toBe("/shop?category=art&page=2#grid");
	});

	it.each<[string | null, string]>([
		["https://evil.example/", "absolute URL"],
		["//evil.example", "protocol-relative URL"],
		["/\\\\evil.example", "backslash trick"],
		["javascript:alert(1)", "script URL"],
		["art", "relative path"],
		["", "empty"],
		[null, "missing"],
	])("falls back for %s (%s)", (value) => {
		expect(safeRedirectPath(value)).toBe("/");
		expect(safeRedirectPath(value, "/account")).toBe("/account");
	});
});
