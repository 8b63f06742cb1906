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

	it.each([
		"/.//evil.example",
		"/%2e//evil.example",
		"/%2E//evil.example",
		"/a/..//evil.example",
		"/./\\evil.example",
		"/\t/evil.example",
		"/%2e%2e//evil.example/x?y#z",
	])("open redirect: %s normalises to another host and is refused", (value) => {
		expect(safeRedirectPath(value, "/account")).toBe("/account");
	});

	it("keeps dot segments that stay on this site, normalised", () => {
		expect(safeRedirectPath("/shop/../art")).toBe("/art");
		expect(safeRedirectPath("/./shop")).toBe("/shop");
	});
});
