import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index";

describe("migrations/index.ts", () => {
	it("lists every migration file in the folder, in name order", () => {
		const folder = path.join(import.meta.dirname, "../../migrations");
		const files = fs
			.readdirSync(folder)
			.filter((file) => /^\d{4}-.+\.ts$/.test(file))
			.map((file) => file.replace(/\.ts$/, ""))
			.sort();
		expect(files.length).toBeGreaterThan(0);
		expect(Object.keys(migrations)).toEqual(files);
	});
});
