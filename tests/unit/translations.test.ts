import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_NAMESPACES, serverResources as resources } from "~/lib/locale-resources.server";

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

/** Flattens nested keys; plural forms (_one, _few, …) count as one key, since languages need different sets. */
function keys(tree: unknown, prefix = ""): string[] {
	if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [prefix];
	return Object.entries(tree as Tree).flatMap(([key, value]) =>
		keys(
			value,
			prefix
				? `${prefix}.${key.replace(/_(zero|one|two|few|many|other)$/, "")}`
				: key.replace(/_(zero|one|two|few|many|other)$/, ""),
		),
	);
}

describe("translations", () => {
	const folder = path.join(import.meta.dirname, "../../app/locales");

	it("registers every namespace file for both languages", () => {
		for (const language of ["en", "ru"] as const) {
			const files = fs
				.readdirSync(path.join(folder, language))
				.map((file) => file.replace(/\.json$/, ""))
				.sort();
			expect([...ALL_NAMESPACES].sort()).toEqual(files);
			expect(Object.keys(resources[language]).sort()).toEqual(files);
		}
	});

	it.each([...ALL_NAMESPACES])("has the same keys in English and Russian (%s)", (namespace) => {
		const en = new Set(keys(resources.en[namespace]));
		const ru = new Set(keys(resources.ru[namespace]));
		expect([...en].filter((key) => !ru.has(key))).toEqual([]);
		expect([...ru].filter((key) => !en.has(key))).toEqual([]);
	});

	it("has no empty strings", () => {
		for (const language of ["en", "ru"] as const) {
			const empty = JSON.stringify(resources[language]).match(/"[^"]+":""/g) ?? [];
			expect(empty).toEqual([]);
		}
	});
});
