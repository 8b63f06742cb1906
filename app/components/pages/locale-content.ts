/**
 * Long texts live in the locale files as arrays (read with `t(key, { returnObjects: true })`). i18next types
 * such values loosely, so they are checked here: a missing or malformed entry renders nothing instead of
 * breaking the page.
 */

/** A paragraph, or a bulleted list when the entry is an array of strings. */
export type TextBlock = string | string[];

export interface DocumentSection {
	title: string;
	body: TextBlock[];
}

function isStringList(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function hasStringFields<Key extends string>(
	value: unknown,
	keys: readonly Key[],
): value is Record<Key, string> {
	if (typeof value !== "object" || value === null) return false;
	const fields: Partial<Record<string, unknown>> = { ...value };
	return keys.every((key) => typeof fields[key] === "string");
}

export function readStrings(value: unknown): string[] {
	return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Entries with the given text fields, e.g. `readRecords(value, ["title", "text"])`. */
export function readRecords<Key extends string>(
	value: unknown,
	keys: readonly Key[],
): Array<Record<Key, string>> {
	if (!Array.isArray(value)) return [];
	return value.filter((item): item is Record<Key, string> => hasStringFields(item, keys));
}

export function readSections(value: unknown): DocumentSection[] {
	return readRecords(value, ["title"]).flatMap((section) => {
		const body: unknown = "body" in section ? section.body : undefined;
		if (!Array.isArray(body)) return [];
		const blocks = body.filter(
			(block): block is TextBlock => typeof block === "string" || isStringList(block),
		);
		return [{ title: section.title, body: blocks }];
	});
}
