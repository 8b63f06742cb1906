/**
 * How pages look texts up, on the server and in the browser: the part of i18next our texts use (nested
 * keys, `ns:key`, `{{name}}`, plurals by `count`, `returnObjects`, `defaultValue`) in a few hundred bytes
 * instead of i18next and react-i18next's 16 kB gzipped. tests/unit/translate.test.ts holds it to i18next's answer
 * for every key of every namespace in both languages. Loaders and e-mails still translate through i18next
 * on the server (app/lib/i18n.server.ts).
 */

/** One namespace's texts in one language: nested objects of strings (and arrays for long texts). */
export type Texts = Record<string, unknown>;

export interface TranslateOptions {
	/** Picks the plural form (`key_one`, `key_few`, …) and fills `{{count}}`. */
	count?: number;
	/** Answers a nested object or array as it is (long texts), instead of a string. */
	returnObjects?: boolean;
	/** The answer when the key is missing. */
	defaultValue?: string;
	/** The namespace(s) to look in, instead of the `t`'s own. */
	ns?: string | readonly string[];
	[name: string]: unknown;
}

export interface TFunction {
	(key: string, options?: TranslateOptions & { returnObjects?: false }): string;
	(key: string, options: TranslateOptions & { returnObjects: true }): unknown;
}

/** Where texts come from: a namespace's texts in a language, or undefined while they are not here. */
export type TextSource = (language: string, namespace: string) => Texts | undefined;

const NAMESPACE_PREFIX = /^([a-z]+):(.+)$/;
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralSuffix(language: string, count: number): string {
	let rules = pluralRules.get(language);
	if (!rules) {
		rules = new Intl.PluralRules(language);
		pluralRules.set(language, rules);
	}
	return rules.select(count);
}

/** A nested key ("a.b.c") first, as i18next looks, then the key as one name. */
function lookup(texts: Texts | undefined, key: string): unknown {
	if (!texts) return undefined;
	let node: unknown = texts;
	for (const part of key.split(".")) {
		if (typeof node !== "object" || node === null) {
			node = undefined;
			break;
		}
		node = (node as Record<string, unknown>)[part];
	}
	return node ?? texts[key];
}

function valueAt(values: TranslateOptions, path: string): unknown {
	if (path in values) return values[path];
	let node: unknown = values;
	for (const part of path.split(".")) {
		if (typeof node !== "object" || node === null) return undefined;
		node = (node as Record<string, unknown>)[part];
	}
	return node;
}

/** Fills `{{name}}` placeholders; one without a value stays as it is (i18next's skipOnVariables). */
function interpolate(text: string, values: TranslateOptions | undefined): string {
	if (!values || !text.includes("{{")) return text;
	return text.replace(PLACEHOLDER, (placeholder, name: string) => {
		const value = valueAt(values, name.trim());
		return value === undefined || value === null ? placeholder : String(value);
	});
}

function interpolateDeep(value: unknown, values: TranslateOptions | undefined): unknown {
	if (typeof value === "string") return interpolate(value, values);
	if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, values));
	if (typeof value === "object" && value !== null) {
		return Object.fromEntries(
			Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, values)]),
		);
	}
	return value;
}

function find(texts: Texts | undefined, language: string, path: string, options?: TranslateOptions): unknown {
	if (typeof options?.count === "number") {
		const plural = lookup(texts, `${path}_${pluralSuffix(language, options.count)}`);
		if (plural !== undefined) return plural;
	}
	return lookup(texts, path);
}

/**
 * The text for `key` in `language`, looked for in `namespaces` in turn; `ns:key` or the `ns` option name
 * others. A missing text answers `defaultValue` or the key itself (without its namespace), as i18next.
 */
export function translate(
	source: TextSource,
	language: string,
	namespaces: string | readonly string[],
	key: string,
	options?: TranslateOptions,
): unknown {
	const named = NAMESPACE_PREFIX.exec(key);
	const path = named?.[2] ?? key;
	const candidates = named?.[1] ?? options?.ns ?? namespaces;
	let found: unknown;
	for (const ns of typeof candidates === "string" ? [candidates] : candidates) {
		found = find(source(language, ns), language, path, options);
		if (found !== undefined && found !== null) break;
	}
	if (typeof found === "string") return interpolate(found, options);
	if (found !== undefined && found !== null && options?.returnObjects) return interpolateDeep(found, options);
	if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
	return path;
}

/** A `t` bound to a language and the namespaces it looks in. */
export function fixedT(
	source: TextSource,
	language: string,
	namespaces: string | readonly string[],
): TFunction {
	return ((key: string, options?: TranslateOptions) =>
		translate(source, language, namespaces, key, options)) as TFunction;
}
