import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveUploadPath } from "~/lib/uploads.server";

describe("resolveUploadPath", () => {
	const root = path.resolve("/srv/uploads");

	it("resolves a stored key inside the uploads folder", () => {
		expect(resolveUploadPath(root, "projects/abc.jpg")).toBe(path.join(root, "projects/abc.jpg"));
	});

	it.each([
		"../etc/passwd",
		"projects/../../etc/passwd",
		"/etc/passwd",
		"projects//abc.jpg",
		".env",
		"a\\..\\b",
		"x\0.jpg",
	])("refuses %j", (attempt) => {
		expect(resolveUploadPath(root, attempt)).toBeNull();
	});
});
